package a

import (
	"context"
	"net/http"
	"time"

	"consts"

	retrygo "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
	sethvargo "github.com/sethvargo/go-retry"
)

var do func() error

// Boundaries: 5 retries is allowed for a synchronous call, 6 is not.

func fiveRetries() error {
	for i := 0; i < 6; i++ { // 6 attempts = 5 retries: allowed
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

func sixRetries() error {
	for i := 0; i < 7; i++ { // want `R-2: retry of do makes 7 attempts = 6 retries, outside 1-5 for a synchronous API call; more needs IAB approval`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

func lessEqual() error {
	for i := 0; i <= 6; i++ { // want `R-2: retry of do makes 7 attempts = 6 retries, outside 1-5 for a synchronous API call; more needs IAB approval`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

func lessEqualFive() error {
	for i := 1; i <= 5; i++ { // 5 attempts: allowed
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

func countdown() error {
	for n := 10; n > 0; n-- { // want `10 attempts = 9 retries`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

const maxAttempts = 12

func namedConst() error {
	for a := 0; a < maxAttempts; a++ { // want `12 attempts = 11 retries`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

func otherPackageConst() error {
	for a := 0; a < consts.Attempts; a++ { // want `9 attempts = 8 retries`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

func unbounded(ctx context.Context) error {
	for { // want `R-2: retry of do has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func elapsedOnly() error {
	start := time.Now()
	for { // want `R-2: retry of do has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		if err := do(); err == nil {
			return nil
		}
		if time.Since(start) > 20*time.Second {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func fromParameter(n int) error {
	for i := 0; i < n; i++ { // from a parameter: silent
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

type config struct{ Retries int }

func fromConfig(c config) error {
	for i := 0; i <= c.Retries; i++ { // from configuration: silent
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

func retryHelper(attempts int, f func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = f(); err == nil {
			return nil
		}
	}
	return err
}

func helperCalls() {
	_ = retryHelper(3, do)
	_ = retryHelper(20, do) // want `R-2: retry helper retryHelper of f makes 20 attempts = 19 retries, outside 1-5 for a synchronous API call; more needs IAB approval`
}

// Not retries: must stay silent.

func polling(ctx context.Context) error {
	for {
		done, err := status()
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		time.Sleep(time.Second)
	}
}

var status func() (bool, error)

func periodic() {
	for {
		if err := do(); err != nil {
			println(err.Error())
		}
		time.Sleep(time.Minute)
	}
}

var send func(string) error

func perItem(items []string) {
	for _, it := range items {
		for { // want `R-2: retry of send has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
			if err := send(it); err == nil { // the inner loop is an unbounded retry
				break
			}
		}
	}
}

func pacing(items []string) {
	for _, it := range items {
		_ = send(it)
		time.Sleep(10 * time.Millisecond)
	}
}

// Libraries.

func libraries(ctx context.Context, req *retryablehttp.Request) {
	_ = retrygo.Do(do, retrygo.Attempts(7))                // want `R-2: retrygo\.Do of do makes Attempts\(7\) = 7 attempts = 6 retries, outside 1-5 for a synchronous API call; more needs IAB approval`
	_ = retrygo.Do(do)                                     // want `retry-go/v4's default 10 attempts = 9 retries`
	_ = retrygo.Do(do, retrygo.Attempts(4))                // allowed
	_ = retrygo.Do(do, retrygo.UntilSucceeded())           // want `R-2: retrygo\.Do of do has no maximum retry count: retry-go/v4 UntilSucceeded\(\) retries until the operation succeeds`
	_ = backoff.Retry(do, backoff.NewExponentialBackOff()) // want `R-2: backoff\.Retry of do has no maximum retry count: cenkalti/backoff/v4 Retry with no WithMaxRetries retries until MaxElapsedTime`
	_ = backoff.Retry(do, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
	c := retryablehttp.NewClient()
	c.RetryMax = 10
	_, _ = c.Do(req)                                                                                       // want `R-2: go-retryablehttp retry of c\.Do makes RetryMax 10 = 10 retries, outside 1-5 for a synchronous API call; more needs IAB approval`
	_ = sethvargo.Do(ctx, sethvargo.NewFibonacci(time.Second), func(context.Context) error { return nil }) // want `R-2: sethvargo\.Do of a func literal has no maximum retry count: sethvargo/go-retry with no WithMaxRetries retries until the context ends`
}

var _ = http.MethodGet
