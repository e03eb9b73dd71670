package a

// Issue 15's libraries, R-4: a finding and a must-not-flag case for each
// function runner whose default error rule or predicate the rule judges.

import (
	"context"
	"fmt"
	"net/http"
	"time"

	retrygo5 "github.com/avast/retry-go/v5"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	sethvargo "github.com/sethvargo/go-retry"
)

// getStatus fails with a plain error on every non-200 status.
func getStatus(u string) error {
	resp, err := http.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

func tables15(ctx context.Context, u string) {
	// cenkalti/backoff v5: every error but backoff.Permanent (the default rule).
	_, _ = backoff5.Retry(ctx, func() (int, error) { // want `R-4: .*retries 400, 401, 403, 404, 409, 422 and other 4xx` `R-9: .*retries TLS certificate errors`
		resp, err := http.Get(u)
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return 0, fmt.Errorf("status %d", resp.StatusCode)
		}
		return 1, nil
	}, backoff5.WithMaxTries(3))
	_, _ = backoff5.Retry(ctx, func() (int, error) { // want `R-9: .*retries TLS certificate errors`
		resp, err := http.Get(u)
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 400 && resp.StatusCode < 500 {
			return 0, backoff5.Permanent(fmt.Errorf("status %d", resp.StatusCode))
		}
		if resp.StatusCode != http.StatusOK {
			return 0, fmt.Errorf("status %d", resp.StatusCode)
		}
		return 1, nil
	}, backoff5.WithMaxTries(3))

	// retry-go v5: every error but retry.Unrecoverable (the default rule).
	_ = retrygo5.New(retrygo5.Attempts(3)).Do(func() error { // want `R-4: .*retries 400, 401, 403, 404, 409, 422 and other 4xx` `R-9: .*retries TLS certificate errors`
		resp, err := http.Get(u)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	})
	_ = retrygo5.New(retrygo5.Attempts(3)).Do(func() error { // want `R-9: .*retries TLS certificate errors`
		resp, err := http.Get(u)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 400 && resp.StatusCode < 500 {
			return retrygo5.Unrecoverable(fmt.Errorf("status %d", resp.StatusCode))
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	})

	// sethvargo/go-retry: only retry.RetryableError is retried.
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.NewExponential(time.Second)), func(context.Context) error { // want `R-4: .*retries 400, 401, 403, 404, 409, 422 and other 4xx` `R-9: .*retries TLS certificate errors`
		resp, err := http.Get(u)
		if err != nil {
			return sethvargo.RetryableError(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return sethvargo.RetryableError(fmt.Errorf("status %d", resp.StatusCode))
		}
		return nil
	})
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.NewExponential(time.Second)), func(context.Context) error { // want `R-9: .*retries TLS certificate errors`
		resp, err := http.Get(u)
		if err != nil {
			return sethvargo.RetryableError(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return sethvargo.RetryableError(fmt.Errorf("status %d", resp.StatusCode))
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	})

	// failsafe-go: every error by default; a HandleIf narrows it.
	every := retrypolicy.NewBuilder[any]().WithMaxRetries(3).Build()
	_ = failsafe.With[any](every).Run(func() error { // want `R-4: .*retries 400, 401, 403, 404, 409, 422 and other 4xx` `R-9: .*retries TLS certificate errors`
		resp, err := http.Get(u)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	})
	none := retrypolicy.NewBuilder[any]().WithMaxRetries(3).HandleIf(func(_ any, err error) bool { return false }).Build()
	_ = failsafe.With[any](none).Run(func() error {
		return getStatus(u)
	})
}
