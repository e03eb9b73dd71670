package libs

import (
	"context"
	"math"
	"math/rand"
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
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))                                   // want `R-1: backoff\.Retry of op uses partial jitter: the default RandomizationFactor 0\.5, ±50% around a backoff that grows ×1\.5 per attempt from 500ms up to 1m0s`
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewConstantBackOff(2*time.Second), 3))                         // want `R-1: backoff\.Retry of op waits a fixed 2s \(ConstantBackOff\) between attempts; use exponential backoff with full jitter`
	_ = backoff.Retry(op, backoff.WithMaxRetries(&backoff.ZeroBackOff{}, 3))                                            // want `R-1: backoff\.Retry of op retries with no wait \(ZeroBackOff retries at once\); use exponential backoff with full jitter`
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(backoff.WithMultiplier(1)), 3))          // want `R-1: backoff\.Retry of op waits a fixed 500ms ±50% \(the default RandomizationFactor 0\.5\) \(Multiplier 1\) between attempts`
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(1)), 3)) // accepted: [0, 2x]
	_, _ = backoff5.Retry(ctx, func() (int, error) { return 0, op() }, backoff5.WithMaxTries(3))                        // want `R-1: backoff5\.Retry of op \(GET\) uses partial jitter: the default RandomizationFactor 0\.5; use full jitter`
}

func cenkaltiParam(b backoff.BackOff) {
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 3)) // configured elsewhere: silent
}

func retryGo() {
	_ = retrygo.Do(op, retrygo.Attempts(3))                                                            // want `R-1: retrygo\.Do of op uses partial jitter: the wait doubles from 100ms plus at most 100ms of jitter, never below the backoff`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.FixedDelay))                     // want `R-1: retrygo\.Do of op waits a fixed 100ms \(FixedDelay\) between attempts; use exponential backoff with full jitter`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.BackOffDelay))                   // want `R-1: retrygo\.Do of op: its wait doubles from 100ms without jitter \(BackOffDelay\); use full jitter`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.RandomDelay))                    // want `R-1: retrygo\.Do of op waits a random wait under a fixed 100ms that never grows \(RandomDelay\) between attempts`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.FullJitterBackoffDelay))         // accepted
	_ = retrygo5.New(retrygo5.Attempts(3), retrygo5.DelayType(retrygo5.FullJitterBackoffDelay)).Do(op) // accepted
}

func retryable(req *retryablehttp.Request) {
	c := retryablehttp.NewClient()
	_, _ = c.Do(req) // want `R-1: go-retryablehttp retry of c\.Do: its wait doubles from 1s up to 30s without jitter; use full jitter`
	l := retryablehttp.NewClient()
	l.Backoff = retryablehttp.LinearJitterBackoff // want `R-1: go-retryablehttp retry of l\.Do: its wait grows linearly: attempt × a random wait between 1s and 30s`
	_, _ = l.Do(req)
}

func seth(ctx context.Context) {
	f := func(ctx context.Context) error { return op() }
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.NewConstant(time.Second)), f)                                     // want `R-1: sethvargo\.Do of op \(GET\) waits a fixed 1s \(NewConstant\) between attempts; use exponential backoff with full jitter`
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.NewExponential(time.Second)), f)                                  // want `R-1: sethvargo\.Do of op \(GET\): its wait doubles from 1s without jitter; use exponential backoff with full jitter`
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.NewFibonacci(time.Second)), f)                                    // want `R-1: sethvargo\.Do of op \(GET\): its wait grows like the Fibonacci sequence from 1s without jitter; use full jitter`
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.WithJitterPercent(20, sethvargo.NewExponential(time.Second))), f) // want `R-1: sethvargo\.Do of op \(GET\) uses partial jitter: WithJitterPercent\(20\), ±20% around a backoff that doubles from 1s`
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.WithFullJitter(sethvargo.NewExponential(time.Second))), f)        // accepted
}

func fs() {
	none := retrypolicy.NewBuilder[any]().WithMaxRetries(3).Build() // want `R-1: failsafe-go retry of op retries with no wait: failsafe-go retry policies retry at once unless given a delay`
	_ = failsafe.With[any](none).Run(op)
	fixed := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithDelay(time.Second).Build() // want `R-1: failsafe-go retry of op waits a fixed 1s \(WithDelay\) between attempts; use exponential backoff with full jitter`
	_ = failsafe.With[any](fixed).Run(op)
	expo := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithBackoff(time.Second, 30*time.Second).Build() // want `R-1: failsafe-go retry of op: its wait doubles from 1s up to 30s without jitter \(WithBackoff\); use full jitter`
	_ = failsafe.With[any](expo).Run(op)
	jit := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithBackoff(time.Second, 30*time.Second).WithJitterFactor(0.25).Build() // want `R-1: failsafe-go retry of op uses partial jitter: WithJitterFactor\(0\.25\), ±25% around a backoff that doubles from 1s up to 30s`
	_ = failsafe.With[any](jit).Run(op)
	full := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithBackoff(time.Second, 30*time.Second).WithJitterFactor(1).Build() // accepted
	_ = failsafe.With[any](full).Run(op)
}

func k8s() {
	_ = retry.OnError(retry.DefaultRetry, func(error) bool { return true }, op)                                                    // want `R-1: retry\.OnError of op waits a fixed 10ms plus up to 10% more \(Jitter 0\.1\) between attempts; use full jitter`
	_ = retry.OnError(wait.Backoff{Duration: time.Second, Factor: 2, Steps: 4}, func(error) bool { return true }, op)              // want `R-1: retry\.OnError of op: its wait doubles from 1s without jitter \(wait\.Backoff, Jitter 0\); use full jitter`
	_ = retry.OnError(wait.Backoff{Duration: time.Second, Factor: 2, Jitter: 0.5, Steps: 4}, func(error) bool { return true }, op) // want `R-1: retry\.OnError of op uses partial jitter: Jitter 0\.5 only adds up to 50% on top of a backoff that doubles from 1s`
}

func restyCalls() {
	c := resty.New().SetRetryCount(3)
	_, _ = c.R().Get("http://x")                                                                              // want `R-1: resty/v2 retry of c\.R\(\)\.Get \(GET\) uses equal jitter: waits at least half of the backoff, which doubles from 100ms up to 2s`
	c3 := resty3.New().SetRetryCount(3).SetRetryDelayStrategy(resty3.RetryConstantDelayStrategy(time.Second)) // want `R-1: resty/v3 retry of c3\.R\(\)\.Get \(GET\) waits a fixed 1s \(RetryConstantDelayStrategy\) between attempts; use full jitter`
	_, _ = c3.R().Get("http://x")
}

const scExpo = `{"methodConfig": [{"name": [{"service": "a.B"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

const scFixed = `{"methodConfig": [{"name": [{"service": "a.B"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func grpcConfig() {
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(scExpo))  // want `R-1: gRPC service config retry policy uses partial jitter: gRPC scales each backoff by a random 0\.8-1\.2; the backoff doubles from 100ms up to 1s`
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(scFixed)) // want `R-1: gRPC service config retry policy waits a fixed 1s ±20% between attempts; use exponential backoff with full jitter`
}

func middleware() {
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))                                                                                    // want `R-1: go-grpc-middleware retry policy waits a fixed 50ms ±10% between attempts; use exponential backoff with full jitter`
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithBackoff(grpc_retry.BackoffLinear(time.Second)))                     // want `R-1: go-grpc-middleware retry policy waits a fixed 1s \(BackoffLinear\) between attempts; use full jitter`
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithBackoff(grpc_retry.BackoffExponentialWithJitter(time.Second, 0.1))) // want `R-1: go-grpc-middleware retry policy uses partial jitter: BackoffExponentialWithJitter jitterFraction 0\.1, ±10% around a backoff that doubles from 1s`
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithBackoff(grpc_retry.BackoffExponentialWithJitter(time.Second, 1)))   // accepted: [0, 2x]
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithBackoff(grpc_retry.BackoffLinear(time.Second)))                                            // no retries (WithMax defaults to 0): silent
	_ = codes.OK
	// A backoff function of the package: run with attempt 1, 2, ...
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(4), grpc_retry.WithBackoff(func(attempt uint) time.Duration { // want `R-1: go-grpc-middleware retry policy: its wait grows ×3 per attempt from 180ms without jitter`
		return 60 * time.Millisecond * time.Duration(math.Pow(3, float64(attempt)))
	}))
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(4), grpc_retry.WithBackoff(func(attempt uint) time.Duration { // full jitter: accepted
		return time.Duration(rand.Int63n(int64(100 * time.Millisecond << attempt)))
	}))
}

func accepted() {
	_ = awsretry.NewStandard(func(o *awsretry.StandardOptions) { o.MaxAttempts = 3 })
	_ = gax.WithRetry(func() gax.Retryer {
		return gax.OnCodes([]codes.Code{codes.Unavailable}, gax.Backoff{})
	})
	_ = gax.WithRetry(func() gax.Retryer {
		return gax.OnCodes([]codes.Code{codes.Unavailable}, gax.Backoff{Initial: time.Second, Max: 30 * time.Second, Multiplier: 2})
	})
	_ = gax.WithRetry(func() gax.Retryer {
		return gax.OnCodes([]codes.Code{codes.Unavailable}, gax.Backoff{Initial: time.Second, Max: 30 * time.Second, Multiplier: 0.5}) // below 1 means 2
	})
}

func gaxFixedCeiling() {
	_ = gax.WithRetry(func() gax.Retryer {
		return gax.OnCodes([]codes.Code{codes.Unavailable}, gax.Backoff{Initial: 2 * time.Second, Max: 30 * time.Second, Multiplier: 1}) // want `R-1: gax-go retry policy waits random times below a fixed 2s between attempts; use exponential backoff with full jitter`
	})
}
