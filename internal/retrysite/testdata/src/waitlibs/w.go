package waitlibs

import (
	"context"
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
	grpcretry2 "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"github.com/hashicorp/go-retryablehttp"
	sethvargo "github.com/sethvargo/go-retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	resty3 "resty.dev/v3"
)

func op() error { _, err := http.Get("http://x"); return err }

func cenkalti() {
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))                                   // want `library partial jitter: partial jitter: the default RandomizationFactor 0\.5, ±50% around a backoff that grows ×1\.5 per attempt from 500ms up to 1m0s \(never below 33% of the longest\)`
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewConstantBackOff(2*time.Second), 3))                         // want `library fixed interval: a fixed 2s \(ConstantBackOff\)`
	_ = backoff.Retry(op, backoff.WithMaxRetries(&backoff.ZeroBackOff{}, 3))                                            // want `library no wait: no wait \(ZeroBackOff retries at once\)`
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(0)), 3)) // want `library exponential backoff without jitter: grows ×1\.5 per attempt from 500ms up to 1m0s without jitter \(RandomizationFactor 0\)`
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(1)), 3)) // want `library full jitter: jitter over \[0, 2×\] a backoff that grows ×1\.5 per attempt from 500ms up to 1m0s \(RandomizationFactor 1\)`
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(backoff.WithMultiplier(1)), 3))          // want `library fixed interval: a fixed 500ms ±50% \(the default RandomizationFactor 0\.5\) \(Multiplier 1\)`
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = 1 // want `library full jitter: jitter over \[0, 2×\] a backoff that grows ×1\.5 per attempt from 1s up to 1m0s \(RandomizationFactor 1\)`
	b.InitialInterval = time.Second
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 3))
	lit := &backoff.ExponentialBackOff{InitialInterval: time.Second, Multiplier: 2, MaxInterval: 30 * time.Second} // want `library exponential backoff without jitter: doubles from 1s up to 30s without jitter \(RandomizationFactor 0\)`
	_ = backoff.Retry(op, backoff.WithMaxRetries(lit, 3))
}

func cenkaltiParam(b backoff.BackOff) {
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 3)) // want `waits unknown`
}

func cenkalti5(ctx context.Context) {
	f := func() (int, error) { return 0, op() }
	_, _ = backoff5.Retry(ctx, f, backoff5.WithMaxTries(3))                                                                 // want `library partial jitter: partial jitter: the default RandomizationFactor 0\.5, ±50% around a backoff that grows ×1\.5 per attempt from 500ms up to 1m0s \(never below 33% of the longest\); Retry uses NewExponentialBackOff\(\) when no WithBackOff is given`
	_, _ = backoff5.Retry(ctx, f, backoff5.WithMaxTries(3), backoff5.WithBackOff(backoff5.NewConstantBackOff(time.Second))) // want `library fixed interval: a fixed 1s \(ConstantBackOff\)`
	eb := backoff5.NewExponentialBackOff()
	eb.RandomizationFactor = 1 // want `library full jitter: jitter over \[0, 2×\] a backoff that grows ×1\.5 per attempt from 500ms up to 1m0s \(RandomizationFactor 1\)`
	_, _ = backoff5.Retry(ctx, f, backoff5.WithMaxTries(3), backoff5.WithBackOff(eb))
}

func myDelay(n uint, _ error, _ *retrygo.Config) time.Duration {
	return time.Duration(rand.Int63n(int64(time.Second << n)))
}

func retryGo() {
	_ = retrygo.Do(op, retrygo.Attempts(3))                                                                                   // want `library partial jitter: partial jitter: the wait doubles from 100ms plus at most 100ms of jitter, never below the backoff \(50% of the longest at first\) \(retry-go's default DelayType, CombineDelay\(BackOffDelay, RandomDelay\)\)`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.FixedDelay), retrygo.Delay(time.Second))                // want `library fixed interval: a fixed 1s \(FixedDelay\)`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.BackOffDelay))                                          // want `library exponential backoff without jitter: doubles from 100ms without jitter \(BackOffDelay\)`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.RandomDelay))                                           // want `library fixed interval: a random wait under a fixed 100ms that never grows \(RandomDelay\)`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.FullJitterBackoffDelay))                                // want `library full jitter: full jitter \(FullJitterBackoffDelay\)`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.CombineDelay(retrygo.FixedDelay, retrygo.RandomDelay))) // want `library fixed interval: a fixed 100ms plus at most 100ms of random jitter`
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(myDelay))                                                       // want `library full jitter: full jitter over a backoff that doubles from 2s`
	_ = retrygo5.New(retrygo5.Attempts(3), retrygo5.DelayType(retrygo5.FullJitterBackoffDelay)).Do(op)                        // want `library full jitter: full jitter \(FullJitterBackoffDelay\)`
	_ = retrygo5.New(retrygo5.Attempts(3)).Do(op)                                                                             // want `library partial jitter: partial jitter: the wait doubles from 100ms plus at most 100ms of jitter, never below the backoff \(50% of the longest at first\) \(retry-go's default DelayType, CombineDelay\(BackOffDelay, RandomDelay\)\)`
}

func retryGoOpaque(opts []retrygo.Option) {
	_ = retrygo.Do(op, opts...) // want `waits unknown`
}

func retryable(req *retryablehttp.Request) {
	c := retryablehttp.NewClient()
	_, _ = c.Do(req) // want `library exponential backoff without jitter: doubles from 1s up to 30s without jitter \(go-retryablehttp's DefaultBackoff\)`
	l := retryablehttp.NewClient()
	l.Backoff = retryablehttp.LinearJitterBackoff // want `library linear backoff: grows linearly: attempt × a random wait between 1s and 30s \(LinearJitterBackoff\)`
	_, _ = l.Do(req)
	d := retryablehttp.NewClient()
	d.RetryWaitMin = 500 * time.Millisecond
	d.RetryWaitMax = 10 * time.Second
	_, _ = d.Do(req) // want `library exponential backoff without jitter: doubles from 500ms up to 10s without jitter \(go-retryablehttp's DefaultBackoff\)`
	j := retryablehttp.NewClient()
	j.Backoff = func(min, max time.Duration, attempt int, _ *http.Response) time.Duration { // want `library full jitter: full jitter over a backoff that doubles from 1s`
		return time.Duration(rand.Int63n(int64(min << attempt)))
	}
	_, _ = j.Do(req)
}

func seth(ctx context.Context) {
	f := func(ctx context.Context) error { return op() }
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.NewConstant(time.Second)), f)                                                // want `library fixed interval: a fixed 1s \(NewConstant\)`
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.NewExponential(time.Second)), f)                                             // want `library exponential backoff without jitter: doubles from 1s without jitter`
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.NewFibonacci(time.Second)), f)                                               // want `library exponential backoff without jitter: grows like the Fibonacci sequence from 1s without jitter`
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.WithJitter(100*time.Millisecond, sethvargo.NewExponential(time.Second))), f) // want `library partial jitter: partial jitter: WithJitter\(100ms\) spreads each wait only ±100ms around a backoff that doubles from 1s, far past it`
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.WithJitterPercent(20, sethvargo.NewExponential(time.Second))), f)            // want `library partial jitter: partial jitter: WithJitterPercent\(20\), ±20% around a backoff that doubles from 1s \(never below 67% of the longest\)`
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.WithFullJitter(sethvargo.NewExponential(time.Second))), f)                   // want `library full jitter: full jitter \(WithFullJitter\)`
}

// An interval the model cannot see is still a fixed one; it is not 0s.
func sethEvery(ctx context.Context, every time.Duration) {
	f := func(ctx context.Context) error { return op() }
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.NewConstant(every)), f)                           // want `library fixed interval: a fixed interval \(NewConstant\)`
	_ = sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.WithFullJitter(sethvargo.NewConstant(every))), f) // want `library fixed interval: a random wait under a fixed ceiling that never grows`
}

func fs() {
	none := retrypolicy.NewBuilder[any]().WithMaxRetries(3).Build() // want `library no wait: no wait: failsafe-go retry policies retry at once unless given a delay`
	_ = failsafe.With[any](none).Run(op)
	fixed := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithDelay(time.Second).Build() // want `library fixed interval: a fixed 1s \(WithDelay\)`
	_ = failsafe.With[any](fixed).Run(op)
	expo := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithBackoff(time.Second, 30*time.Second).Build() // want `library exponential backoff without jitter: doubles from 1s up to 30s without jitter \(WithBackoff\)`
	_ = failsafe.With[any](expo).Run(op)
	jit := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithBackoff(time.Second, 30*time.Second).WithJitterFactor(0.25).Build() // want `library partial jitter: partial jitter: WithJitterFactor\(0\.25\), ±25% around a backoff that doubles from 1s up to 30s \(never below 60% of the longest\) \(WithBackoff\)`
	_ = failsafe.With[any](jit).Run(op)
	rnd := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithRandomDelay(0, time.Second).Build() // want `library fixed interval: a random wait under a fixed 1s that never grows \(WithRandomDelay\)`
	_ = failsafe.With[any](rnd).Run(op)
}

func k8s() {
	_ = retry.OnError(retry.DefaultRetry, func(error) bool { return true }, op)                                                    // want `library fixed interval: a fixed 10ms plus up to 10% more \(Jitter 0\.1\) \(retry\.DefaultRetry, Factor 1\)`
	_ = retry.OnError(retry.DefaultBackoff, func(error) bool { return true }, op)                                                  // want `library partial jitter: partial jitter: Jitter 0\.1 only adds up to 10% on top of a backoff that grows ×5 per attempt from 10ms \(never below 91% of the longest\) \(retry\.DefaultBackoff\)`
	_ = retry.OnError(wait.Backoff{Duration: time.Second, Factor: 2, Steps: 4}, func(error) bool { return true }, op)              // want `library exponential backoff without jitter: doubles from 1s without jitter \(wait\.Backoff, Jitter 0\)`
	_ = retry.OnError(wait.Backoff{Duration: time.Second, Factor: 2, Jitter: 0.5, Steps: 4}, func(error) bool { return true }, op) // want `library partial jitter: partial jitter: Jitter 0\.5 only adds up to 50% on top of a backoff that doubles from 1s \(never below 67% of the longest\) \(wait\.Backoff\)`
	_ = retry.OnError(wait.Backoff{Duration: time.Second, Factor: 1, Steps: 4}, func(error) bool { return true }, op)              // want `library fixed interval: a fixed 1s \(wait\.Backoff, Factor 1\)`
}

func restyCalls() {
	c := resty.New().SetRetryCount(3)
	_, _ = c.R().Get("http://x")                                                                              // want `library equal jitter: equal jitter: waits at least half of the backoff, which doubles from 100ms up to 2s \(resty's built-in backoff\)`
	c3 := resty3.New().SetRetryCount(3).SetRetryDelayStrategy(resty3.RetryConstantDelayStrategy(time.Second)) // want `library fixed interval: a fixed 1s \(RetryConstantDelayStrategy\)`
	_, _ = c3.R().Get("http://x")
}

const scExpo = `{"methodConfig": [{"name": [{"service": "a.B"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

const scFixed = `{"methodConfig": [{"name": [{"service": "a.B"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func grpcConfig() {
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(scExpo))  // want `library partial jitter: partial jitter: gRPC scales each backoff by a random 0\.8-1\.2 \(never below 67% of the longest\); the backoff doubles from 100ms up to 1s`
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(scFixed)) // want `library fixed interval: a fixed 1s ±20% \(backoffMultiplier 2, initialBackoff 1s, maxBackoff 1s; gRPC's own jitter is ±20%\)`
}

func middleware() {
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))                                                                                             // want `library fixed interval: a fixed 50ms ±10% \(BackoffLinearWithJitter jitterFraction 0\.1\) \(the interceptor's default BackoffLinearWithJitter\(50ms, 0\.1\)\)`
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithBackoff(grpc_retry.BackoffLinear(time.Second)))                              // want `library fixed interval: a fixed 1s \(BackoffLinear\)`
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithBackoff(grpc_retry.BackoffExponential(100*time.Millisecond)))                // want `library exponential backoff without jitter: doubles from 100ms without jitter`
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithBackoff(grpc_retry.BackoffExponentialWithJitter(100*time.Millisecond, 0.2))) // want `library partial jitter: partial jitter: BackoffExponentialWithJitter jitterFraction 0\.2, ±20% around a backoff that doubles from 100ms \(never below 67% of the longest\)`
	_ = grpcretry2.UnaryClientInterceptor(grpcretry2.WithMax(3), grpcretry2.WithBackoff(grpcretry2.BackoffExponentialWithJitter(100*time.Millisecond, 1)))   // want `library full jitter: jitter over \[0, 2×\] a backoff that doubles from 100ms \(BackoffExponentialWithJitter jitterFraction 1\)`
	_ = codes.OK
}

func aws() {
	_ = awsretry.NewStandard(func(o *awsretry.StandardOptions) { o.MaxAttempts = 3 }) // want `library full jitter: full jitter \(aws ExponentialJitterBackoff\)`
}

func gaxRetry() {
	_ = gax.WithRetry(func() gax.Retryer { // want `library full jitter: full jitter \(gax Backoff draws from \[0, ceiling\)\)`
		return gax.OnCodes([]codes.Code{codes.Unavailable}, gax.Backoff{})
	})
}
