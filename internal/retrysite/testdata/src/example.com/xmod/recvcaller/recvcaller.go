// Package recvcaller retries through the Retry method of backoff objects
// of another package of the module: the helper's wait, computed by a
// method of its receiver that keeps the interval in a field, is the
// caller's retry's too and is reported at the call (xpkg.go,
// waitnum's waits_recv.go).
package recvcaller

import (
	"net/http"

	"example.com/xmod/internal/expo"
)

func get(url string) error {
	resp, err := http.Get(url)
	if err == nil {
		resp.Body.Close()
	}
	return err
}

// floored: the helper adds a random second on top of its interval.
func floored(cfg expo.Floored, url string) error {
	return expo.NewFloored(cfg).Retry(func() error { // want `helper call ctx=sync bound=\?; 1 waits` `R-1: retry helper expo.NewFloored\(cfg\).Retry of f \(GET\) uses partial jitter: every wait has a floor, and the backoff doubles`
		return get(url)
	})
}

// Trap: full jitter in the helper is no finding at the call (the wait is
// followed, not merely reported: an unread receiver would leave it unknown).
func full(cfg expo.Full, url string) error {
	return expo.NewFull(cfg).Retry(func() error { // want `helper call ctx=sync bound=\?; 1 waits`
		return get(url)
	})
}
