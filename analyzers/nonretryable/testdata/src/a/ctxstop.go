package a

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

// A test for the context's end asks whether the caller stopped, not what
// failed: every other error of the request is retried, certificate
// errors included.

func uploadCtxStop(ctx context.Context, c *http.Client, req *http.Request) error {
	for i := 0; i < 3; i++ { // want `R-9: retry of c\.Do retries every error, TLS certificate errors included`
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			return resp.Body.Close()
		}
		if errors.Is(err, context.Canceled) || err == context.DeadlineExceeded {
			return err
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

// Must not flag: only an unexpected EOF goes back.
func uploadEOFOnly(ctx context.Context, c *http.Client, req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			return resp.Body.Close()
		}
		if !errors.Is(err, io.ErrUnexpectedEOF) {
			return err
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}
