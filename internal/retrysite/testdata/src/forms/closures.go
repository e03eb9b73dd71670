package forms

import (
	"bytes"
	"net/http"

	"github.com/cenkalti/backoff/v4"
)

// Operations held in variables (issue 14, miss 5): the same as inline.

func heldOp(url string, body []byte) error {
	op := func() error {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		return nil
	}
	return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3)) // want `library cenkalti/backoff/v4 ctx=sync retries=3` `R-1: backoff\.Retry of http\.DefaultClient\.Do \(POST\) uses partial jitter: the default RandomizationFactor 0\.5`
}

func inlineOp(url string, body []byte) error {
	return backoff.Retry(func() error { // want `library cenkalti/backoff/v4 ctx=sync retries=3`
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		return nil
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3)) // want `R-1: backoff\.Retry of http\.DefaultClient\.Do \(POST\) uses partial jitter: the default RandomizationFactor 0\.5`
}
