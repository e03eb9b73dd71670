package periodic

import (
	"context"
	"net/http"
	"time"
)

// A long poll through http.DefaultClient (no timeout) whose failures are
// retried every 5s: how long the loop runs, and what its calls wait, are
// the poll's design, not the retry's; R-3 stays silent on it.
func subscribe(ctx context.Context, u string, fn func(string) error) error {
	etag := ""
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u+"?last_etag="+etag, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			time.Sleep(5 * time.Second)
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
	for i := 0; i < 3; i++ { // want `R-3.*no total duration cap`
		resp, err := http.DefaultClient.Get(u) // want `R-3`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}
