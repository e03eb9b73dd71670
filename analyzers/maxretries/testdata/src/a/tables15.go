package a

// Issue 15's libraries, R-2: a finding and a must-not-flag case for each
// library whose count the rule judges, the library's default included.

import (
	"context"
	"net/http"
	"time"

	retrygo5 "github.com/avast/retry-go/v5"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/eapache/go-resiliency/retrier"
	gax "github.com/googleapis/gax-go/v2"
	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"google.golang.org/grpc/codes"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	resty3 "resty.dev/v3"
)

func tables15(ctx context.Context, op func() error) {
	get := func() (int, error) { return 0, op() }
	// cenkalti/backoff v5: no WithMaxTries is unbounded (the default).
	_, _ = backoff5.Retry(ctx, get) // want `R-2: .*no maximum retry count`
	_, _ = backoff5.Retry(ctx, get, backoff5.WithMaxTries(4))
	// retry-go v5: the default 10 attempts are 9 retries.
	_ = retrygo5.New().Do(op) // want `R-2: .*9 retries`
	_ = retrygo5.New(retrygo5.Attempts(3)).Do(op)
	// go-resiliency: the backoff's length is the retries.
	_ = retrier.New(retrier.ConstantBackoff(10, time.Second), nil).Run(op) // want `R-2: .*10 retries`
	_ = retrier.New(retrier.ExponentialBackoff(3, time.Second), nil).Run(op)
	// client-go: DefaultRetry is 4 retries; Steps 20 is 19.
	_ = retry.OnError(retry.DefaultRetry, func(error) bool { return true }, op)
	_ = retry.OnError(wait.Backoff{Steps: 20, Duration: time.Second, Factor: 2, Jitter: 1}, func(error) bool { return true }, op) // want `R-2: .*19 retries`
	// go-grpc-middleware v1: WithMax counts attempts.
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(10)) // want `R-2: .*9 retries`
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))
	// gax-go has no attempt count: a retry option is unbounded.
	_ = gax.WithRetry(func() gax.Retryer { // want `R-2: .*no maximum retry count`
		return gax.OnCodes([]codes.Code{codes.Unavailable}, gax.Backoff{})
	})
}

func tables15Resty() {
	// resty v3: SetRetryCount is the retries; the default is none.
	c := resty3.New().SetRetryCount(10)
	_, _ = c.R().Get("http://x") // want `R-2: .*10 retries`
	d := resty3.New().SetRetryCount(3)
	_, _ = d.R().Get("http://x")
	e := resty3.New()
	_, _ = e.R().Get("http://x")
	_ = http.MethodGet
}
