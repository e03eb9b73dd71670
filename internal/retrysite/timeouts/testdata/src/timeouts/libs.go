package timeouts

import (
	"context"
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"
	sethvargo "github.com/sethvargo/go-retry"
	"google.golang.org/grpc"
	"k8s.io/client-go/util/retry"
)

func op() error { return nil }

func cenkaltiDefault() {
	// The default MaxElapsedTime: 15 minutes.
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3)) // want `timeouts: capped=15m0s` `R-3: backoff\.Retry of op is capped at 15m by cenkalti/backoff/v4's default MaxElapsedTime, above the 30s cap`
}

func cenkaltiCaller(ctx context.Context) {
	_ = backoff.Retry(op, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3), ctx)) // want `timeouts: capped=15m0s caller` `R-3: backoff\.Retry of op sets no deadline on ctx and is capped at 15m by cenkalti/backoff/v4's default MaxElapsedTime`
}

func cenkaltiZero() {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 3)) // want `timeouts: uncapped\(MaxElapsedTime 0 means the ExponentialBackOff never stops and it runs under the default context\.Background\(\) \(no WithContext\)\)` `R-3: backoff\.Retry of op has no total duration cap: MaxElapsedTime 0 means the ExponentialBackOff never stops`
}

func cenkaltiSet() {
	b := backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(20 * time.Second))
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 3)) // want `timeouts: capped=20s`
}

func cenkaltiConstant() {
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 3)) // want `timeouts: uncapped\(a ConstantBackOff has no elapsed-time limit and it runs under the default context\.Background\(\) \(no WithContext\)\)` `R-3: backoff\.Retry of op has no total duration cap: a ConstantBackOff has no elapsed-time limit`
}

func cenkaltiHTTP(url string) {
	_ = backoff.Retry(func() error { // want `timeouts: noattempt\(http\.Get uses http\.DefaultClient, which has no Timeout, and sends a request with no context\) capped=20s`
		resp, err := http.Get(url) // want `R-3: backoff\.Retry of http\.Get \(GET\) has no per-attempt timeout: http\.Get uses http\.DefaultClient, which has no Timeout, and sends a request with no context`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(20*time.Second)), 3))
}

func cenkalti5(ctx context.Context) {
	_, _ = backoff5.Retry(context.Background(), func() (int, error) { return 0, nil }, backoff5.WithMaxTries(3))                                              // want `timeouts: capped=15m0s` `R-3: backoff5\.Retry of a func literal is capped at 15m by cenkalti/backoff/v5's default MaxElapsedTime, above the 30s cap`
	_, _ = backoff5.Retry(ctx, func() (int, error) { return 0, nil }, backoff5.WithMaxTries(3))                                                               // want `timeouts: capped=15m0s caller` `R-3: backoff5\.Retry of a func literal sets no deadline on ctx and is capped at 15m`
	_, _ = backoff5.Retry(context.Background(), func() (int, error) { return 0, nil }, backoff5.WithMaxTries(3), backoff5.WithMaxElapsedTime(0))              // want `timeouts: uncapped\(WithMaxElapsedTime\(0\) lets it retry with no time limit and its context, context\.Background\(\), has no deadline\)` `R-3: backoff5\.Retry of a func literal has no total duration cap: WithMaxElapsedTime\(0\) lets it retry with no time limit`
	_, _ = backoff5.Retry(context.Background(), func() (int, error) { return 0, nil }, backoff5.WithMaxTries(3), backoff5.WithMaxElapsedTime(10*time.Second)) // want `timeouts: capped=10s`
}

func retryGo(ctx context.Context) {
	_ = retrygo.Do(op, retrygo.Attempts(3))                       // want `timeouts: uncapped\(retry-go/v4 has no time limit of its own and it runs under the default context\.Background\(\) \(no Context option\)\)` `R-3: retrygo\.Do of op has no total duration cap: retry-go/v4 has no time limit of its own and it runs under the default context\.Background\(\)`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.Context(ctx)) // want `timeouts: caller`
	tctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.Context(tctx)) // want `timeouts: capped=10s`
	// The operation's ctx is one retry-go never watches (no Context option).
	_ = retrygo.Do(func() error { return work(ctx) }, retrygo.Attempts(3)) // want `timeouts: uncapped\(retry-go/v4 has no time limit of its own and it runs under the default context\.Background\(\) \(no Context option\)\)` `R-3: retrygo\.Do of work never watches ctx and has no total duration cap`
}

func seth() {
	b := sethvargo.WithMaxRetries(3, sethvargo.NewExponential(time.Second))
	_ = sethvargo.Do(context.Background(), b, func(ctx context.Context) error { return work(ctx) }) // want `timeouts: uncapped\(the backoff has no WithMaxDuration and its context, context\.Background\(\), has no deadline\)` `R-3: sethvargo\.Do of work has no total duration cap: the backoff has no WithMaxDuration and its context, context\.Background\(\), has no deadline`
	c := sethvargo.WithMaxDuration(10*time.Second, sethvargo.NewExponential(time.Second))
	_ = sethvargo.Do(context.Background(), c, func(ctx context.Context) error { return work(ctx) }) // want `timeouts: capped=10s`
}

func sethCaller(ctx context.Context) {
	b := sethvargo.WithMaxRetries(3, sethvargo.NewExponential(time.Second))
	_ = sethvargo.Do(ctx, b, func(ctx context.Context) error { return work(ctx) }) // want `timeouts: caller`
}

func fs() {
	p := retrypolicy.NewBuilder[any]().WithMaxRetries(3).Build()
	_ = failsafe.With[any](p).Run(op) // want `timeouts: uncapped\(the retry policy has no WithMaxDuration\)` `R-3: failsafe-go retry of op has no total duration cap: the retry policy has no WithMaxDuration`
	q := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithMaxDuration(5 * time.Second).Build()
	_ = failsafe.With[any](q).Run(op) // want `timeouts: capped=5s`
}

func retryable(url string) {
	c := retryablehttp.NewClient()
	req, _ := retryablehttp.NewRequest(http.MethodGet, url, nil)
	_, _ = c.Do(req) // want `timeouts: noattempt\(go-retryablehttp's default HTTPClient \(cleanhttp\.DefaultPooledClient\) has no Timeout and its request \(retryablehttp\.NewRequest\) has no context\) uncapped\(go-retryablehttp has no time limit of its own and its request \(retryablehttp\.NewRequest\) has no context\)` `R-3: go-retryablehttp retry of c\.Do \(GET\) has no per-attempt timeout and no total duration cap: go-retryablehttp has no time limit of its own`

	d := retryablehttp.NewClient()
	d.HTTPClient.Timeout = 10 * time.Second
	_, _ = d.Get(url) // want `timeouts: uncapped\(go-retryablehttp has no time limit of its own and its request has no context\) worst\(5 attempts x 10s timeout \+ waits 1s\+2s\+4s\+8s at least = 1m5s\)` `R-3: go-retryablehttp retry of d\.Get \(GET\) can take 5 attempts x 10s timeout \+ waits 1s\+2s\+4s\+8s at least = 1m5s > the 30s cap`

	e := retryablehttp.NewClient()
	e.HTTPClient.Timeout = 2 * time.Second
	e.RetryMax = 2
	tctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	treq, _ := retryablehttp.NewRequestWithContext(tctx, http.MethodGet, url, nil)
	_, _ = e.Do(treq) // want `timeouts: capped=20s worst\(3 attempts x 2s timeout \+ waits 1s\+2s at least = 9s\)`
}

func retryableCaller(ctx context.Context, url string) {
	c := retryablehttp.NewClient()
	req, _ := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	_, _ = c.Do(req) // want `timeouts: noattempt\(go-retryablehttp's default HTTPClient \(cleanhttp\.DefaultPooledClient\) has no Timeout; only the caller's deadline stops it\) caller` `R-3: go-retryablehttp retry of c\.Do \(GET\) has no per-attempt timeout: go-retryablehttp's default HTTPClient has no Timeout; only the caller's deadline stops it`
}

func restyCalls(ctx context.Context) {
	c := resty.New().SetRetryCount(3)
	_, _ = c.R().Get("http://x") // want `timeouts: noattempt\(the resty client has no SetTimeout \(resty\.New's http\.Client has no Timeout\) and the request has no SetContext\) uncapped\(resty/v2 has no time limit of its own and the request has no SetContext\)` `R-3: resty/v2 retry of c\.R\(\)\.Get \(GET\) has no per-attempt timeout and no total duration cap: resty/v2 has no time limit of its own`
	d := resty.New().SetRetryCount(3).SetTimeout(5 * time.Second)
	_, _ = d.R().Get("http://x") // want `timeouts: capped worst\(4 attempts x 5s timeout \+ waits 100ms\+200ms\+400ms = 20\.7s\)`
	e := resty.New().SetRetryCount(3)
	_, _ = e.R().SetContext(ctx).Get("http://x") // want `timeouts: noattempt\(the resty client has no SetTimeout \(resty\.New's http\.Client has no Timeout\); only the caller's deadline stops it\) caller` `R-3: resty/v2 retry of e\.R\(\)\.SetContext\(ctx\)\.Get \(GET\) has no per-attempt timeout: the resty client has no SetTimeout; only the caller's deadline stops it`
}

func k8s(ctx context.Context) {
	_ = retry.OnError(retry.DefaultRetry, func(error) bool { return true }, func() error { return work(ctx) }) // want `timeouts: caller`
}

const sc = `{"methodConfig": [{"name": [{"service": "a.B"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func grpcConfig() {
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(sc)) // want `timeouts: uncapped\(no methodConfig "timeout"\) caller` `R-3: gRPC service config retry policy has no total duration cap: no methodConfig "timeout"`
}

func cenkaltiSetAfter() {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 2 * time.Minute                  // want `R-3: backoff\.Retry of op is capped at 2m by MaxElapsedTime, above the 30s cap`
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 3)) // want `timeouts: capped=2m0s`
}

// Accepted: a backoff from the caller.
func cenkaltiParam(b backoff.BackOff) {
	_ = backoff.Retry(op, b) // want `timeouts: nothing known`
}
