// Package grpc33 holds go-grpc-middleware retry interceptors (issue 33):
// each attempt is timed only by WithPerRetryTimeout. A package that
// configures its connections' interceptors may time every call there, so
// its hand-written loops around gRPC calls are not reported.
package grpc33

import (
	"context"
	"time"

	retryv2 "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
)

func Untimed() grpc.DialOption {
	return grpc.WithUnaryInterceptor(retryv2.UnaryClientInterceptor(retryv2.WithMax(3), retryv2.WithBackoff(retryv2.BackoffExponentialWithJitter(100*time.Millisecond, 1)))) // want `R-3: go-grpc-middleware/v2 retry policy has no per-attempt timeout: no WithPerRetryTimeout`
}

// Must not flag: WithPerRetryTimeout times each attempt.
func Timed() grpc.DialOption {
	return grpc.WithUnaryInterceptor(retryv2.UnaryClientInterceptor(retryv2.WithMax(3), retryv2.WithPerRetryTimeout(2*time.Second), retryv2.WithBackoff(retryv2.BackoffExponentialWithJitter(100*time.Millisecond, 1))))
}

// Must not flag: retries are off (WithMax defaults to 0).
func Off() grpc.DialOption {
	return grpc.WithUnaryInterceptor(retryv2.UnaryClientInterceptor(retryv2.WithBackoff(retryv2.BackoffExponentialWithJitter(100*time.Millisecond, 1))))
}

// Must not flag: the package's interceptors may time every call.
func Loop(ctx context.Context, cc *grpc.ClientConn, in, out any) error {
	var err error
	for i := 0; i < 3; i++ {
		err = cc.Invoke(ctx, "/orders.Orders/Get", in, out)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(100<<i) * time.Millisecond):
		}
	}
	return err
}
