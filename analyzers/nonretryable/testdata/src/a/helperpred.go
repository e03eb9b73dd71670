package a

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// A retry predicate of the package decides: it first asks whether the
// context ended, then classifies. The context is live when the
// operation came back with a response or a certificate error, so what
// follows decides those outcomes.

func canRetry(ctx context.Context, res *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil && res == nil {
		return true, err // every transport error
	}
	return res.StatusCode >= 400, err
}

func predicateLoop(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for n := 0; ; n++ { // want `R-4: retry of c\.Do retries 400, 401, 403, 404, 409, 422 and other 4xx` `R-9: retry of c\.Do retries every error, TLS certificate errors included`
		res, err := c.Do(req)
		ok, err := canRetry(ctx, res, err)
		if !ok || n >= 3 {
			return res, err
		}
		time.Sleep(time.Duration(1<<n) * time.Second)
	}
}

// Must not flag R-9: this predicate of the package looks at the error,
// and the loop tests its answer: a classifier the model does not claim to
// read (it may stop on certificate errors); its 5xx-only status test is
// fine.

var errPermanent = errors.New("permanent")

func canRetryClassified(ctx context.Context, res *http.Response, err error) bool {
	if ctx.Err() != nil {
		return false
	}
	if err != nil {
		return !errors.Is(err, errPermanent)
	}
	return res.StatusCode >= 500
}

func classifiedLoop(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for n := 0; ; n++ {
		res, err := c.Do(req)
		if !canRetryClassified(ctx, res, err) || n >= 3 {
			return res, err
		}
		time.Sleep(time.Duration(1<<n) * time.Second)
	}
}
