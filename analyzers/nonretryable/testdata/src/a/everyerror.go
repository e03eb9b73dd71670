package a

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// A loop that tests its request's error only against nil retries every
// error the client returns: certificate errors too, and classifies
// nothing.
func everyError(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 3; i++ { // want `R-9: retry of c\.Do \(GET\) retries every error, TLS certificate errors included`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return nil, lastErr
}

// Doer is an SDK's HTTP client: whatever implements it sends the request.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

func everyErrorDoer(ctx context.Context, c Doer, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ { // want `R-9: retry of c\.Do \(GET\) retries every error, TLS certificate errors included`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// The decision looks at the error only to see whether the context ended
// (a stop, not a classification): every other error, certificate errors
// included, is retried.
func looksAtError(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ { // want `R-9: retry of c\.Do \(GET\) retries every error, TLS certificate errors included \(errors\.Is\(err, context\.Canceled\)\)`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		var resp *http.Response
		resp, err = c.Do(req)
		if err == nil {
			return resp, nil
		}
		if errors.Is(err, context.Canceled) {
			return nil, err
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// Must not flag R-9: a database ping sends no TLS-checked HTTP request.
func pingEvery(ctx context.Context, db *sql.DB) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = db.PingContext(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The error's text formatted into a message is the error logged, not
// classified: only 4xx responses stop this loop, so certificate errors
// are retried.
func formatsText(ctx context.Context, c *http.Client, u string) error {
	for i := 0; i < 3; i++ { // want `R-9: retry of c\.Do \(POST\) retries every error, TLS certificate errors included`
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if resp != nil && resp.StatusCode >= 400 && resp.StatusCode <= 499 {
			return fmt.Errorf("error %s returned: %s", resp.Status, err.Error())
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

// Must not flag R-9: the text is searched, which may stop on a
// certificate error.
func searchesText(ctx context.Context, c *http.Client, u string) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if strings.Contains(err.Error(), "x509") {
			return err
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}
