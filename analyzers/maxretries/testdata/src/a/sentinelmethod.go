package a

import (
	"context"
	"net/http"
	"time"
)

// A package variable of a concrete error type, set once to a literal
// (&apiError{code: 503}), is a class of errors like errors.New's: its
// Is method classifies the outcome and counts nothing.

type apiError struct{ code int }

func (e *apiError) Error() string { return "api error" }

func (e *apiError) Is(err error) bool {
	a, ok := err.(*apiError)
	return ok && a.code == e.code
}

var errUnavailable = &apiError{code: 503}

func createBucket(ctx context.Context, c *http.Client) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/bucket", nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

func ensureBucket(ctx context.Context, c *http.Client) error {
	for { // want `R-2: retry of createBucket \(GET\) has no maximum retry count`
		resp, err := createBucket(ctx, c)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if errUnavailable.Is(err) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

// A package variable that is no error, whose method keeps state, may
// count the attempts: the bound is unknown and nothing is reported.
type retryBudget struct{ left int }

func (b *retryBudget) take(err error) bool {
	b.left--
	return b.left > 0
}

var budget = &retryBudget{left: 3}

func ensureBucketBudget(ctx context.Context, c *http.Client) error {
	for {
		resp, err := createBucket(ctx, c)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if budget.take(err) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}
