package libs

import (
	"context"
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	retrygo5 "github.com/avast/retry-go/v5"
	awsretry "github.com/aws/aws-sdk-go-v2/aws/retry"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/go-resty/resty/v2"
	gax "github.com/googleapis/gax-go/v2"
	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"github.com/hashicorp/go-retryablehttp"
	sethvargo "github.com/sethvargo/go-retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	resty3 "resty.dev/v3"
)

func op() error { _, err := http.Get("http://x"); return err }

func cenkalti(ctx context.Context) {
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))                                   // want `R-1: cenkalti/backoff/v4 retry uses partial jitter: the default RandomizationFactor 0.5 spreads each wait only ±50% around a backoff that grows ×1.5 per attempt from 500ms up to 1m0s, so a wait is never below 33% of the longest it could be \(full jitter draws from 0\); partial jitter still breaks R-1; .*: use an ExponentialBackOff with Multiplier > 1 and RandomizationFactor 1`
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewConstantBackOff(2*time.Second), 3))                         // want `cenkalti/backoff/v4 retry waits a fixed 2s \(ConstantBackOff\) between attempts`
	_ = backoff.Retry(op, backoff.WithMaxRetries(&backoff.ZeroBackOff{}, 3))                                            // want `cenkalti/backoff/v4 retry retries with no wait \(ZeroBackOff retries at once\)`
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(backoff.WithMultiplier(1)), 3))          // want `cenkalti/backoff/v4 retry waits a fixed 500ms ±50%`
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(1)), 3)) // accepted: [0, 2x]
	_, _ = backoff5.Retry(ctx, func() (int, error) { return 0, op() }, backoff5.WithMaxTries(3))                        // want `cenkalti/backoff/v5 retry uses partial jitter: .*; Retry uses NewExponentialBackOff\(\) when no WithBackOff is given`
}

func cenkaltiParam(b backoff.BackOff) {
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 3)) // configured elsewhere: silent
}

func retryGo() {
	_ = retrygo.Do(op, retrygo.Attempts(3))                                                            // want `R-1: retry-go/v4 retry uses partial jitter: the wait doubles from 100ms and adds at most 100ms of random jitter.*: use DelayType\(retry.FullJitterBackoffDelay\)`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.FixedDelay))                     // want `retry-go/v4 retry waits a fixed 100ms \(FixedDelay\) between attempts`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.BackOffDelay))                   // want `retry-go/v4 retry's wait doubles from 100ms without jitter \(BackOffDelay\)`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.RandomDelay))                    // want `retry-go/v4 retry waits a random wait under a fixed 100ms that never grows \(RandomDelay\)`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.FullJitterBackoffDelay))         // accepted
	_ = retrygo5.New(retrygo5.Attempts(3), retrygo5.DelayType(retrygo5.FullJitterBackoffDelay)).Do(op) // accepted
}

func retryable(req *retryablehttp.Request) {
	c := retryablehttp.NewClient()
	_, _ = c.Do(req) // want `go-retryablehttp retry's wait doubles from 1s up to 30s without jitter \(go-retryablehttp's DefaultBackoff\).*: set Backoff to a full-jitter function`
	l := retryablehttp.NewClient()
	l.Backoff = retryablehttp.LinearJitterBackoff // want `go-retryablehttp retry's wait grows linearly: attempt × a random wait between 1s and 30s \(LinearJitterBackoff\)`
	_, _ = l.Do(req)
}

func seth(ctx context.Context) {
	f := func(ctx context.Context) error { return op() }
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.NewConstant(time.Second)), f)                                     // want `sethvargo/go-retry retry waits a fixed 1s \(NewConstant\) between attempts`
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.NewExponential(time.Second)), f)                                  // want `sethvargo/go-retry retry's wait doubles from 1s without jitter.*: wrap an exponential backoff in WithFullJitter`
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.NewFibonacci(time.Second)), f)                                    // want `sethvargo/go-retry retry's wait grows like the Fibonacci sequence from 1s without jitter`
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.WithJitterPercent(20, sethvargo.NewExponential(time.Second))), f) // want `sethvargo/go-retry retry uses partial jitter: WithJitterPercent\(20\) spreads each wait only ±20%`
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.WithFullJitter(sethvargo.NewExponential(time.Second))), f)        // accepted
}

func fs() {
	none := retrypolicy.NewBuilder[any]().WithMaxRetries(3).Build() // want `failsafe-go retry retries with no wait: failsafe-go retry policies retry at once unless given a delay`
	_ = failsafe.With[any](none).Run(op)
	fixed := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithDelay(time.Second).Build() // want `failsafe-go retry waits a fixed 1s \(WithDelay\) between attempts`
	_ = failsafe.With[any](fixed).Run(op)
	expo := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithBackoff(time.Second, 30*time.Second).Build() // want `failsafe-go retry's wait doubles from 1s up to 30s without jitter \(WithBackoff\)`
	_ = failsafe.With[any](expo).Run(op)
	jit := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithBackoff(time.Second, 30*time.Second).WithJitterFactor(0.25).Build() // want `failsafe-go retry uses partial jitter: WithJitterFactor\(0.25\) spreads each wait only ±25%`
	_ = failsafe.With[any](jit).Run(op)
	full := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithBackoff(time.Second, 30*time.Second).WithJitterFactor(1).Build() // accepted
	_ = failsafe.With[any](full).Run(op)
}

func k8s() {
	_ = retry.OnError(retry.DefaultRetry, func(error) bool { return true }, op)                                                    // want `client-go retry waits a fixed 10ms plus up to 10% more \(Jitter 0.1\) \(retry.DefaultRetry, Factor 1\) between attempts.*wait.Backoff's Jitter only adds on top`
	_ = retry.OnError(wait.Backoff{Duration: time.Second, Factor: 2, Steps: 4}, func(error) bool { return true }, op)              // want `client-go retry's wait doubles from 1s without jitter \(wait.Backoff, Jitter 0\)`
	_ = retry.OnError(wait.Backoff{Duration: time.Second, Factor: 2, Jitter: 0.5, Steps: 4}, func(error) bool { return true }, op) // want `client-go retry uses partial jitter: Jitter 0.5 only adds up to 50% on top of a backoff that doubles from 1s`
}

func restyCalls() {
	c := resty.New().SetRetryCount(3)
	_, _ = c.R().Get("http://x")                                                                              // want `resty/v2 retry uses equal jitter: waits at least half of the backoff, which doubles from 100ms up to 2s \(resty's built-in backoff\); R-1 forbids equal jitter`
	c3 := resty3.New().SetRetryCount(3).SetRetryDelayStrategy(resty3.RetryConstantDelayStrategy(time.Second)) // want `resty/v3 retry waits a fixed 1s \(RetryConstantDelayStrategy\) between attempts`
	_, _ = c3.R().Get("http://x")
}

const scExpo = `{"methodConfig": [{"name": [{"service": "a.B"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

const scFixed = `{"methodConfig": [{"name": [{"service": "a.B"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func grpcConfig() {
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(scExpo))  // want `gRPC service config retry uses partial jitter: gRPC multiplies each backoff by a random 0.8-1.2.*no retryPolicy gives full jitter; drop the retryPolicy and retry in a client interceptor, github.com/retrylint/retrylint/retry/retrygrpc \(retrygrpc.UnaryClientInterceptor\)`
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(scFixed)) // want `gRPC service config retry waits a fixed 1s ±20%`
}

func middleware() {
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))                                                                                    // want `go-grpc-middleware retry waits a fixed 50ms ±10%`
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithBackoff(grpc_retry.BackoffLinear(time.Second)))                     // want `go-grpc-middleware retry waits a fixed 1s \(BackoffLinear\) between attempts`
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithBackoff(grpc_retry.BackoffExponentialWithJitter(time.Second, 0.1))) // want `go-grpc-middleware retry uses partial jitter`
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithBackoff(grpc_retry.BackoffExponentialWithJitter(time.Second, 1)))   // accepted: [0, 2x]
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithBackoff(grpc_retry.BackoffLinear(time.Second)))                                            // no retries (WithMax defaults to 0): silent
	_ = codes.OK
}

func accepted() {
	_ = awsretry.NewStandard(func(o *awsretry.StandardOptions) { o.MaxAttempts = 3 })
	_ = gax.WithRetry(func() gax.Retryer {
		return gax.OnCodes([]codes.Code{codes.Unavailable}, gax.Backoff{})
	})
}
