package a

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"

	rl "github.com/retrylint/retrylint/retry"
)

// A retry.Retryable mark around a status or error forbid
// retrying asks retry.Do to retry it: reported, though the package
// refuses.

func markedBadRequest(ctx context.Context, req *http.Request) error {
	return rl.Do(ctx, rl.Policy{}, func(ctx context.Context) error { // want `R-4: rl\.Do of client\.Do retries 400 \(rl\.Retryable\(&rl\.StatusError\{…\}\)\); they must not be retried`
		resp, err := client.Do(req.WithContext(ctx))
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode == http.StatusBadRequest {
			return rl.Retryable(&rl.StatusError{StatusCode: 400})
		}
		return rl.CheckResponse(resp)
	})
}

func markedConflictVar(ctx context.Context, req *http.Request) (int, error) {
	return rl.DoValue(ctx, rl.Policy{}, func(ctx context.Context) (int, error) { // want `R-4: rl\.DoValue of client\.Do retries 409 \(rl\.Retryable\(conflict\)\); they must not be retried`
		resp, err := client.Do(req.WithContext(ctx))
		if err != nil {
			return 0, err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusConflict {
			conflict := &rl.StatusError{StatusCode: http.StatusConflict}
			return 0, rl.Retryable(conflict)
		}
		return resp.StatusCode, nil
	})
}

func markedWrapped(ctx context.Context, req *http.Request) error {
	return rl.Do(ctx, rl.Policy{}, func(ctx context.Context) error { // want `R-4: rl\.Do of client\.Do retries 422 \(rl\.Retryable\(fmt\.Errorf\("validate order: %w", &rl\.StatusError\{…\}\)\)\)`
		if _, err := client.Do(req.WithContext(ctx)); err != nil {
			return err
		}
		return rl.Retryable(fmt.Errorf("validate order: %w", &rl.StatusError{StatusCode: 422}))
	})
}

func markedCertificate(ctx context.Context, req *http.Request) error {
	return rl.Do(ctx, rl.Policy{}, func(ctx context.Context) error { // want `R-9: rl\.Do of client\.Do retries TLS certificate errors \(rl\.Retryable\(x509\.UnknownAuthorityError\{\}\)\)`
		if _, err := client.Do(req.WithContext(ctx)); err != nil {
			return rl.Retryable(x509.UnknownAuthorityError{})
		}
		return nil
	})
}

// Not reported: what Retryable is for.

func markedUnavailable(ctx context.Context, req *http.Request) error {
	return rl.Do(ctx, rl.Policy{}, func(ctx context.Context) error {
		resp, err := client.Do(req.WithContext(ctx))
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusServiceUnavailable {
			return rl.Retryable(&rl.StatusError{StatusCode: 503})
		}
		return nil
	})
}

var errBusy = errors.New("busy")

func markedOwnError(ctx context.Context, req *http.Request) error {
	return rl.Do(ctx, rl.Policy{}, func(ctx context.Context) error {
		resp, err := client.Do(req.WithContext(ctx))
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.Header.Get("X-Busy") != "" {
			return rl.Retryable(errBusy)
		}
		return rl.Permanent(&rl.StatusError{StatusCode: 400})
	})
}

func markedNotWrapped(ctx context.Context, req *http.Request) error {
	return rl.Do(ctx, rl.Policy{}, func(ctx context.Context) error {
		if _, err := client.Do(req.WithContext(ctx)); err != nil {
			return err
		}
		// %v keeps the text, not the status.
		return rl.Retryable(fmt.Errorf("odd answer: %v", &rl.StatusError{StatusCode: 400}))
	})
}

func markedOutsideDo(resp *http.Response) error {
	// Not in an operation given to Do: no retry site here.
	if resp.StatusCode == 404 {
		return rl.Retryable(&rl.StatusError{StatusCode: 404})
	}
	return nil
}
