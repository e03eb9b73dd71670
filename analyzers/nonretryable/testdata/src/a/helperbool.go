package a

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"time"
)

var errCert = fmt.Errorf("x509: certificate signed by unknown authority")

// doOnce sends the request once and says whether the caller may send it
// again: every error of the client (certificate errors included), or a
// body read that failed after an error status.
func doOnce(c *http.Client, req *http.Request, buf *bytes.Buffer) (*http.Response, bool, error) {
	resp, err := c.Do(req)
	if err != nil {
		return resp, true, fmt.Errorf("performing request: %w", err)
	}
	defer resp.Body.Close()
	if _, err := io.Copy(buf, resp.Body); err != nil {
		return resp, resp.StatusCode >= 400, err
	}
	return resp, false, nil
}

// The helper's bool under a failed request is true on its only path:
// the loop retries certificate errors. Logging the error through
// an attribute (slog.Any) classifies nothing.
func helperSaysRetry(ctx context.Context, c *http.Client, u string, log *slog.Logger) (*http.Response, error) {
	var buf bytes.Buffer
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ { // want `R-9: retry of doOnce \(GET\) retries every error, TLS certificate errors included \(retry\)`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		var retry bool
		resp, retry, err = doOnce(c, req, &buf)
		if err != nil {
			if retry {
				log.LogAttrs(ctx, slog.LevelWarn, "retrying", slog.Any("error", err))
				time.Sleep(time.Second)
				continue
			}
			break
		}
		return resp, nil
	}
	return resp, err
}

// doChecked says no to a certificate error it recognises by its text.
func doChecked(c *http.Client, req *http.Request) (*http.Response, bool, error) {
	resp, err := c.Do(req)
	if err != nil {
		return resp, !isCertText(err.Error()), err
	}
	return resp, false, nil
}

func isCertText(s string) bool { return bytes.Contains([]byte(s), []byte("x509")) }

// Must not flag R-9: the helper's bool under a failed request depends on
// what the error says (it may stop on certificate errors).
func helperDecides(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		var retry bool
		resp, retry, err = doChecked(c, req)
		if err != nil && retry {
			time.Sleep(time.Second)
			continue
		}
		break
	}
	return resp, err
}

// Must not flag R-9: the loop gives the error, as an empty interface, to
// a function of another package that answers a bool: a comparison, which
// may stop on certificate errors (only a call that answers no bool
// merely formats what it is given).
func loggedButChecked(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	var buf bytes.Buffer
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		var retry bool
		resp, retry, err = doOnce(c, req, &buf)
		if err != nil {
			if retry && !reflect.DeepEqual(err, errCert) {
				time.Sleep(time.Second)
				continue
			}
			break
		}
		return resp, nil
	}
	return resp, err
}
