package a

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

// HTTPDoer is an SDK's client interface: its Do sends the request it is
// given, whatever implements it.
type HTTPDoer interface {
	Do(*http.Request) (*http.Response, error)
}

func postThroughDoer(ctx context.Context, c HTTPDoer, u string, body []byte) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := c.Do(req) // want `R-6: retry of c\.Do \(POST\) sends no Idempotency-Key header`
		if err == nil && resp.StatusCode < 500 {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return nil
}

// Must not flag: a GET is safe to retry.
func getThroughDoer(ctx context.Context, c HTTPDoer, u string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 500 {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return nil
}
