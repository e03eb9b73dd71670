package a

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	retrygo "github.com/avast/retry-go/v4"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/util/retry"
)

// client-go retry.OnError runs Kubernetes API calls, whose errors carry
// the HTTP status (knowledge: StatusErrors): a predicate that accepts
// every error retries 4xx too.

func onErrorEverything(ctx context.Context, c pods) error {
	return retry.OnError(retry.DefaultBackoff, func(error) bool { return true }, func() error { // want `R-4: retry\.OnError of c\.Get retries 400, 401, 403, 404, 422 and other 4xx \(OnError predicate \(func\(error\) bool literal\)\)`
		_, err := c.Get(ctx, "x")
		return err
	})
}

func onErrorNonNil(ctx context.Context, c pods) error {
	return retry.OnError(retry.DefaultBackoff, func(err error) bool { return err != nil }, func() error { // want `R-4: retry\.OnError of c\.Get retries 400, 401, 403, 404, 422 and other 4xx; they must not be retried`
		_, err := c.Get(ctx, "x")
		return err
	})
}

// avast/retry-go RetryIf over a status.

type HTTPError struct {
	StatusCode int
	Body       string
}

func (e *HTTPError) Error() string { return fmt.Sprintf("status %d", e.StatusCode) }

type caller interface {
	Call(ctx context.Context) error
}

// A status read through errors.As into the error type's field.
func retryIfAs(ctx context.Context, c caller) error {
	return retrygo.Do(func() error { return c.Call(ctx) }, retrygo.Attempts(3), retrygo.Context(ctx), // want `R-4: retrygo\.Do of c\.Call retries 400, 401, 403, 404, 409, 422 and other 4xx`
		retrygo.RetryIf(func(err error) bool {
			var he *HTTPError
			if errors.As(err, &he) {
				return he.StatusCode >= 400
			}
			return false
		}))
}

// The function builds the error from the response's status.
func retryIfBuilt(ctx context.Context, u string) error {
	return retrygo.Do(func() error { // want `R-4: retrygo\.Do of client\.Do \(GET\) retries 400, 401, 403, 404, 409, 422 and other 4xx`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 300 {
			return &HTTPError{StatusCode: resp.StatusCode}
		}
		return nil
	}, retrygo.Attempts(3), retrygo.Context(ctx), retrygo.RetryIf(func(err error) bool {
		var he *HTTPError
		return errors.As(err, &he) && he.StatusCode >= 400
	}))
}

func statusOf(err error) int {
	var he *HTTPError
	if errors.As(err, &he) {
		return he.StatusCode
	}
	return 0
}

// code >= 400 through a helper.
func retryIfCode(ctx context.Context, c caller) error {
	return retrygo.Do(func() error { return c.Call(ctx) }, retrygo.Attempts(3), retrygo.Context(ctx), // want `R-4: retrygo\.Do of c\.Call retries 400, 401, 403, 404, 409, 422 and other 4xx`
		retrygo.RetryIf(func(err error) bool {
			code := statusOf(err)
			return code >= 400
		}))
}

// Must not flag.

// RetryOnConflict retries 409 only; the function reads the object again.
func conflictRereadGet(ctx context.Context, c pods) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		p, err := c.Get(ctx, "x")
		if err != nil {
			return err
		}
		p.Labels["x"] = "y"
		_, err = c.Update(ctx, p)
		return err
	})
}

// A predicate that names retryable statuses only.
func onErrorTransient(ctx context.Context, c pods) error {
	return retry.OnError(retry.DefaultBackoff, func(err error) bool {
		return apierrors.IsServiceUnavailable(err) || apierrors.IsTooManyRequests(err) || apierrors.IsServerTimeout(err)
	}, func() error {
		_, err := c.Get(ctx, "x")
		return err
	})
}

// A predicate the model cannot see into: silent.
func onErrorOpaque(ctx context.Context, c pods, retriable func(error) bool) error {
	return retry.OnError(retry.DefaultBackoff, retriable, func() error {
		_, err := c.Get(ctx, "x")
		return err
	})
}

// 5xx and 429 only, read through errors.As.
func retryIfServer(ctx context.Context, c caller) error {
	return retrygo.Do(func() error { return c.Call(ctx) }, retrygo.Attempts(3), retrygo.Context(ctx),
		retrygo.RetryIf(func(err error) bool {
			var he *HTTPError
			if errors.As(err, &he) {
				return he.StatusCode >= 500 || he.StatusCode == http.StatusTooManyRequests
			}
			return true
		}))
}

// retry-go's default (every error): errors of unknown kind, silent.
func retryGoDefault(ctx context.Context, c caller) error {
	return retrygo.Do(func() error { return c.Call(ctx) }, retrygo.Attempts(3), retrygo.Context(ctx))
}

// A predicate that accepts every error, on errors of unknown kind: the
// model cannot tell they carry a status (retry-go has no StatusErrors).
func retryIfEverything(ctx context.Context, c caller) error {
	return retrygo.Do(func() error { return c.Call(ctx) }, retrygo.Attempts(3), retrygo.Context(ctx),
		retrygo.RetryIf(func(error) bool { return true }))
}

// An error type whose Code is an application code, not a status.
type AppError struct{ Code int }

func (e *AppError) Error() string { return "app" }

func retryIfAppCode(ctx context.Context, c caller) error {
	return retrygo.Do(func() error { return c.Call(ctx) }, retrygo.Attempts(3), retrygo.Context(ctx),
		retrygo.RetryIf(func(err error) bool {
			var ae *AppError
			return errors.As(err, &ae) && ae.Code >= 400
		}))
}
