package periodic

// Cases first written for the notimeout analyzer over loops that
// repeat on success too; a variant of a case of periodic.go or fields.go
// bears its name with the suffix R3. TestPeriodic runs the model and the
// rules over them together.

import (
	"context"
	"net/http"
	"time"
)

// A long poll through http.DefaultClient (no timeout) whose failures are
// retried every 5s: how long the loop runs, and what its calls wait, are
// the poll's design, not the retry's; R-3 stays silent on it.
func subscribeR3(ctx context.Context, u string, fn func(string) error) error {
	etag := ""
	for { // want `loop ctx=sync unbounded` `R-2: retry of http\.DefaultClient\.Do \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u+"?last_etag="+etag, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			time.Sleep(5 * time.Second) // want `R-1: retry of http\.DefaultClient\.Do \(GET\) waits a fixed 5s between attempts; use exponential backoff with full jitter`
			continue
		}
		etag = resp.Header.Get("ETag")
		resp.Body.Close()
		if err := fn(etag); err != nil {
			return err
		}
	}
}

// The same request in a plain retry loop is held to R-3.
func fetch(u string) error {
	for i := 0; i < 3; i++ { // want `R-3.*no total duration cap` `loop ctx=sync retries=2`
		resp, err := http.DefaultClient.Get(u) // want `R-3`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second) // want `R-1: retry of http\.DefaultClient\.Get \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
	return nil
}
