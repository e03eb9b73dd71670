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
)

func op() error { return nil }

func cenkalti() {
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 7)) // want `library cenkalti/backoff/v4 ctx=sync retries=7`
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	_ = backoff.Retry(op, b)                                       // want `library cenkalti/backoff/v4 ctx=sync unbounded`
	_ = backoff.Retry(op, backoff.NewConstantBackOff(time.Second)) // want `library cenkalti/backoff/v4 ctx=sync unbounded`
}

func cenkaltiParam(b backoff.BackOff) {
	_ = backoff.Retry(op, b) // want `library cenkalti/backoff/v4 ctx=sync bound=\?`
}

func cenkalti5(ctx context.Context) {
	_, _ = backoff5.Retry(ctx, func() (int, error) { return 0, nil }, backoff5.WithMaxTries(3)) // want `library cenkalti/backoff/v5 ctx=sync retries=2`
	_, _ = backoff5.Retry(ctx, func() (int, error) { return 0, nil })                           // want `library cenkalti/backoff/v5 ctx=sync unbounded`
}

func retryGo() {
	_ = retrygo.Do(op, retrygo.Attempts(7)) // want `library retry-go/v4 ctx=sync retries=6`
	_ = retrygo.Do(op, retrygo.Attempts(0)) // want `library retry-go/v4 ctx=sync unbounded`
	_ = retrygo.Do(op)                      // want `library retry-go/v4 ctx=sync retries=9`
	opts := []retrygo.Option{retrygo.Attempts(3)}
	_ = retrygo.Do(op, opts...)                   // want `library retry-go/v4 ctx=sync retries=2`
	_ = retrygo5.New(retrygo5.Attempts(4)).Do(op) // want `library retry-go/v5 ctx=sync retries=3`
	r := retrygo5.New(retrygo5.UntilSucceeded())
	_ = r.Do(op) // want `library retry-go/v5 ctx=sync unbounded`
}

func retryable(req *retryablehttp.Request) {
	c := retryablehttp.NewClient()
	c.RetryMax = 10
	_, _ = c.Do(req) // want `library go-retryablehttp ctx=sync retries=10`
	d := retryablehttp.NewClient()
	_, _ = d.Do(req)                     // want `library go-retryablehttp ctx=sync retries=4`
	_, _ = retryablehttp.Get("http://x") // want `library go-retryablehttp ctx=sync retries=4`
}

func seth(ctx context.Context) {
	b := sethvargo.NewExponential(time.Second)
	_ = sethvargo.Do(ctx, b, func(ctx context.Context) error { return nil }) // want `library sethvargo/go-retry ctx=sync unbounded`
	b2 := sethvargo.WithMaxRetries(3, sethvargo.NewExponential(time.Second))
	_ = sethvargo.Do(ctx, b2, func(ctx context.Context) error { return nil }) // want `library sethvargo/go-retry ctx=sync retries=3`
}

func fs() {
	p := retrypolicy.NewBuilder[any]().WithMaxRetries(-1).Build()
	_ = failsafe.With[any](p).Run(op) // want `library failsafe-go ctx=sync unbounded`
	q := retrypolicy.NewBuilder[any]().WithMaxAttempts(4).Build()
	_ = failsafe.With[any](q).Run(op) // want `library failsafe-go ctx=sync retries=3`
	d := retrypolicy.NewWithDefaults[any]()
	_ = failsafe.With[any](d).Run(op) // want `library failsafe-go ctx=sync retries=2`
}

func k8s() {
	_ = retry.OnError(retry.DefaultRetry, func(error) bool { return true }, op) // want `library client-go retry ctx=sync retries=4`
	b := wait.Backoff{Duration: time.Second, Factor: 2, Steps: 9}
	_ = retry.OnError(b, func(error) bool { return true }, op)                                     // want `library client-go retry ctx=sync retries=8`
	_ = wait.ExponentialBackoff(wait.Backoff{Steps: 3}, func() (bool, error) { return true, nil }) // want `library k8s wait ctx=sync retries=2`
}

func restyCalls() {
	c := resty.New().SetRetryCount(7)
	_, _ = c.R().Post("http://x") // want `library resty/v2 ctx=sync retries=7`
	n := resty.New()
	_, _ = n.R().Get("http://x") // no retries: not a site
}

const sc = `{"methodConfig": [{"name": [{"service": "a.B"}], "RetryPolicy": {"MaxAttempts": 4, "InitialBackoff": "0.1s", "MaxBackoff": "1s", "BackoffMultiplier": 2, "RetryableStatusCodes": ["UNAVAILABLE"]}}]}`

func grpcConfig() {
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(sc)) // want `library gRPC service config ctx=grpc retries=3`
}

func middleware() {
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(8), grpc_retry.WithCodes(codes.Unavailable)) // want `library go-grpc-middleware retry ctx=grpc retries=7`
}

func aws() {
	_ = awsretry.AddWithMaxAttempts(awsretry.NewStandard(), 0)   // want `library aws-sdk-go-v2 retry ctx=sync unbounded`
	_ = awsretry.NewStandard(func(o *awsretry.StandardOptions) { // want `library aws-sdk-go-v2 retry ctx=sync retries=9`
		o.MaxAttempts = 10
	})
}

func gaxRetry() {
	_ = gax.WithRetry(func() gax.Retryer { // want `library gax-go ctx=sync unbounded`
		return gax.OnCodes([]codes.Code{codes.Unavailable}, gax.Backoff{})
	})
}

var _ = http.MethodGet
