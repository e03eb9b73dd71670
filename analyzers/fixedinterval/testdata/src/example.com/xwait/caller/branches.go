package caller

import (
	"net/http"

	"example.com/xwait/internal/retry"
)

func fetch(url string) (any, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

// The operation handed to the helper is a local the function assigns a
// literal on each branch: both are what the helper retries (each sends
// through fetch, described once per literal).
func branches(reply bool) (any, error) {
	var op func(attempt int) (any, error)
	if reply {
		op = func(int) (any, error) { return fetch("http://example.com/reply") }
	} else {
		op = func(int) (any, error) { return fetch("http://example.com/create") }
	}
	return retry.Attempts(op) // want `R-1: retry helper retry\.Attempts of op \(GET\): its wait grows ×3 per attempt from 500ms without jitter`
}

// Must not flag: one branch assigns a value the model cannot name (the
// caller's func): what the helper retries is unknown.
func branchesUnknown(reply bool, send func(int) (any, error)) (any, error) {
	var op func(attempt int) (any, error)
	if reply {
		op = send
	} else {
		op = func(int) (any, error) { return http.Get("http://example.com/create") }
	}
	return retry.Attempts(op)
}

// Must not flag: the local's address escapes, so its values are not all
// seen.
func branchesEscaping(set func(*func(int) (any, error))) (any, error) {
	op := func(int) (any, error) { return http.Get("http://example.com/create") }
	set(&op)
	return retry.Attempts(op)
}
