package outcomes

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	awsretry "github.com/aws/aws-sdk-go-v2/aws/retry"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/go-resty/resty/v2"
	gax "github.com/googleapis/gax-go/v2"
	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	grpc_retry2 "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"github.com/hashicorp/go-retryablehttp"
	sethvargo "github.com/sethvargo/go-retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/util/retry"
	resty3 "resty.dev/v3"
)

// go-retryablehttp.

func retryableDefault(req *retryablehttp.Request) {
	c := retryablehttp.NewClient()
	c.RetryMax = 3
	_, _ = c.Do(req) // want `retried http=\[429 500 502 503 504 505\] grpc=\[\]`
}

func retryableCustom(req *retryablehttp.Request) {
	c := retryablehttp.NewClient()
	c.RetryMax = 3
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		if err != nil {
			return true, nil
		}
		return resp.StatusCode >= 400, nil
	}
	_, _ = c.Do(req) // want `retried http=\[400 401 403 404 405 406 408 409 410 413 415 418 422 425 429 451 500 501 502 503 504 505\] grpc=\[\]`
}

func retry404(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if resp != nil && resp.StatusCode == http.StatusNotFound {
		return true, nil
	}
	return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
}

func retryableDelegates(req *retryablehttp.Request) {
	c := retryablehttp.NewClient()
	c.RetryMax = 3
	c.CheckRetry = retry404
	_, _ = c.Do(req) // want `retried http=\[404 429 500 502 503 504 505\] grpc=\[\]`
}

func retryableNetError(req *retryablehttp.Request) {
	c := retryablehttp.NewClient()
	c.RetryMax = 3
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if err != nil {
			var ne net.Error
			return errors.As(err, &ne), nil
		}
		return resp.StatusCode >= 500, nil
	}
	_, _ = c.Do(req) // want `retried http=\[500 501 502 503 504 505\] grpc=\[\] cert`
}

// resty.

func restyIsError() {
	c := resty.New().SetRetryCount(3).AddRetryCondition(func(r *resty.Response, err error) bool {
		return err != nil || r.IsError()
	})
	_, _ = c.R().Get("http://x") // want `retried http=\[400 401 403 404 405 406 408 409 410 413 415 418 422 425 429 451 500 501 502 503 504 505\] grpc=\[\]`
}

func resty5xx() {
	c := resty.New().SetRetryCount(3).AddRetryCondition(func(r *resty.Response, err error) bool {
		return r.StatusCode() >= 500 || r.StatusCode() == http.StatusTooManyRequests
	})
	_, _ = c.R().Get("http://x") // want `retried http=\[429 500 501 502 503 504 505\] grpc=\[\]`
}

func restyV3() {
	c := resty3.New().SetRetryCount(3).AddRetryConditions(func(r *resty3.Response, err error) bool {
		return r.IsStatusFailure()
	})
	_, _ = c.R().Get("http://x") // want `retried http=\[400 401 403 404 405 406 408 409 410 413 415 418 422 425 429 451 500 501 502 503 504 505\] grpc=\[\]`
}

// cenkalti.

func cenkaltiPlain(u string) {
	op := func() error {
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
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3)) // want `retried http=\[201 204 301 302 304 400 401 403 404 405 406 408 409 410 413 415 418 422 425 429 451 500 501 502 503 504 505\] grpc=\[\]`
}

func cenkaltiPermanent(u string) {
	_ = backoff.Retry(func() error { // want `retried http=\[408 429 500 501 502 503 504 505\] grpc=\[\]`
		resp, err := http.Get(u)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != 408 && resp.StatusCode != 429 {
			return backoff.Permanent(fmt.Errorf("status %d", resp.StatusCode))
		}
		if resp.StatusCode >= 400 {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

func cenkaltiGRPC(ctx context.Context) {
	_, _ = backoff5.Retry(ctx, func() (int, error) { // want `retried http=\[\] grpc=\[CANCELLED UNKNOWN INVALID_ARGUMENT DEADLINE_EXCEEDED ALREADY_EXISTS PERMISSION_DENIED RESOURCE_EXHAUSTED FAILED_PRECONDITION ABORTED OUT_OF_RANGE UNIMPLEMENTED INTERNAL UNAVAILABLE DATA_LOSS UNAUTHENTICATED\]`
		err := call(ctx)
		if status.Code(err) == codes.NotFound {
			return 0, backoff5.Permanent(err)
		}
		return 1, err
	}, backoff5.WithMaxTries(3))
}

// A function that returns its operation's error: every error alike.
func cenkaltiBare(ctx context.Context) {
	_ = backoff.Retry(func() error { return call(ctx) }, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3)) // want `retried http=\[\] grpc=\[\]`
}

// sethvargo.

func seth(ctx context.Context, u string) {
	b := sethvargo.WithMaxRetries(3, sethvargo.NewExponential(time.Second))
	_ = sethvargo.Do(ctx, b, func(ctx context.Context) error { // want `retried http=\[404 500 501 502 503 504 505\] grpc=\[\]`
		resp, err := http.Get(u)
		if err != nil {
			return sethvargo.RetryableError(err)
		}
		if resp.StatusCode >= 500 || resp.StatusCode == 404 {
			return sethvargo.RetryableError(fmt.Errorf("status %d", resp.StatusCode))
		}
		if resp.StatusCode >= 400 {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	})
}

// retry-go.

func retryGoRetryIf(ctx context.Context) {
	_ = retrygo.Do(func() error { return call(ctx) }, retrygo.Attempts(3), // want `retried http=\[\] grpc=\[UNAVAILABLE UNAUTHENTICATED\]`
		retrygo.RetryIf(func(err error) bool {
			c := status.Code(err)
			return c == codes.Unavailable || c == codes.Unauthenticated
		}))
}

func retryGoUnrecoverable(u string) {
	_ = retrygo.Do(func() error { // want `retried http=\[429 500 501 502 503 504 505\] grpc=\[\]`
		resp, err := http.Get(u)
		if err != nil {
			return err
		}
		if resp.StatusCode == 429 || resp.StatusCode >= 500 {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		if resp.StatusCode >= 400 {
			return retrygo.Unrecoverable(fmt.Errorf("status %d", resp.StatusCode))
		}
		return nil
	}, retrygo.Attempts(3))
}

// failsafe-go.

func failsafeHTTP() {
	p := retrypolicy.NewBuilder[*http.Response]().
		HandleIf(func(resp *http.Response, err error) bool {
			return err != nil || resp.StatusCode >= 400
		}).
		WithMaxRetries(3).
		Build()
	_ = failsafehttp.NewRoundTripper(nil, p) // want `retried http=\[400 401 403 404 405 406 408 409 410 413 415 418 422 425 429 451 500 501 502 503 504 505\] grpc=\[\]`
}

func failsafeDefaultHTTP() {
	p := failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(3).Build()
	_ = failsafehttp.NewRoundTripper(nil, p) // want `retried http=\[429 500 502 503 504 505\] grpc=\[\]`
}

func failsafeGRPC(ctx context.Context) {
	p := retrypolicy.NewBuilder[any]().
		HandleIf(func(_ any, err error) bool {
			return status.Code(err) != codes.OK && status.Code(err) != codes.InvalidArgument
		}).
		WithMaxRetries(3).
		Build()
	_ = failsafe.With[any](p).Run(func() error { return call(ctx) }) // want `retried http=\[\] grpc=\[CANCELLED UNKNOWN DEADLINE_EXCEEDED NOT_FOUND ALREADY_EXISTS PERMISSION_DENIED RESOURCE_EXHAUSTED FAILED_PRECONDITION ABORTED OUT_OF_RANGE UNIMPLEMENTED INTERNAL UNAVAILABLE DATA_LOSS UNAUTHENTICATED\]`
}

// k8s.

type pods interface {
	Get(ctx context.Context, name string) (*pod, error)
	Update(ctx context.Context, p *pod) (*pod, error)
}

type pod struct{ Labels map[string]string }

func k8sOnError(ctx context.Context, c pods, p *pod) {
	_ = retry.OnError(retry.DefaultRetry, func(err error) bool { // want `retried http=\[401 403 500 503 504\] grpc=\[\]`
		return apierrors.IsForbidden(err) || apierrors.IsUnauthorized(err) || apierrors.IsInternalError(err) || apierrors.IsServiceUnavailable(err) || apierrors.IsTimeout(err)
	}, func() error {
		_, err := c.Update(ctx, p)
		return err
	})
	_ = retry.OnError(retry.DefaultRetry, apierrors.IsNotFound, func() error { // want `retried http=\[404\] grpc=\[\]`
		_, err := c.Update(ctx, p)
		return err
	})
	_ = retry.OnError(retry.DefaultRetry, func(error) bool { return true }, func() error { // want `retried http=\[400 401 403 404 405 406 408 409 410 413 415 418 422 429 451 500 502 503 504\] grpc=\[\]`
		_, err := c.Update(ctx, p)
		return err
	})
}

func conflictNoReread(ctx context.Context, c pods, p *pod) {
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error { // want `retried http=\[409\] grpc=\[\]`
		p.Labels["x"] = "y"
		_, err := c.Update(ctx, p)
		return err
	})
}

func conflictReread(ctx context.Context, c pods, name string) {
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error { // want `retried http=\[\] grpc=\[\]`
		p, err := c.Get(ctx, name)
		if err != nil {
			return err
		}
		p.Labels["x"] = "y"
		_, err = c.Update(ctx, p)
		return err
	})
}

// gRPC.

const numericConfig = `{"methodConfig": [{"name": [{"service": "a.B"}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": [14, 5]}}]}`

const namedConfig = `{"methodConfig": [{"name": [{"service": "a.B"}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE", "RESOURCE_EXHAUSTED"]}}]}`

func grpcConfigs() {
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(numericConfig)) // want `retried http=\[\] grpc=\[UNAVAILABLE NOT_FOUND\]`
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(namedConfig))   // want `retried http=\[\] grpc=\[UNAVAILABLE RESOURCE_EXHAUSTED\]`
}

func middleware() {
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithCodes(codes.Unavailable, codes.PermissionDenied)) // want `retried http=\[\] grpc=\[UNAVAILABLE PERMISSION_DENIED\]`
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))                                                                  // want `retried http=\[\] grpc=\[RESOURCE_EXHAUSTED UNAVAILABLE\]`
	_ = grpc_retry2.UnaryClientInterceptor(grpc_retry2.WithMax(3), grpc_retry2.WithRetriable(func(err error) bool {               // want `retried http=\[\] grpc=\[UNIMPLEMENTED UNAVAILABLE\]`
		switch status.Code(err) {
		case codes.Unimplemented:
			fallthrough
		case codes.Unavailable:
			return true
		}
		return false
	}))
}

func gaxRetry() {
	_ = gax.WithRetry(func() gax.Retryer { // want `retried http=\[\] grpc=\[UNAVAILABLE UNAUTHENTICATED\]`
		return gax.OnCodes([]codes.Code{codes.Unavailable, codes.Unauthenticated}, gax.Backoff{})
	})
	_ = gax.WithRetry(func() gax.Retryer { // want `retried http=\[403 503\] grpc=\[\]`
		return gax.OnHTTPCodes(gax.Backoff{}, 503, http.StatusForbidden)
	})
}

// aws.

func awsCodes() {
	_ = awsretry.AddWithErrorCodes(awsretry.NewStandard(), "AccessDeniedException", "SomethingUnknown") // want `retried http=\[403\] grpc=\[\]`
	_ = awsretry.NewStandard(func(o *awsretry.StandardOptions) {                                        // want `retried http=\[404\] grpc=\[\]`
		o.Retryables = append(o.Retryables, awsretry.RetryableHTTPStatusCode{Codes: map[int]struct{}{404: {}}})
	})
}
