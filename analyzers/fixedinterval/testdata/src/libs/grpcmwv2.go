package libs

import (
	"math"
	"time"

	retryv2 "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc/codes"
)

// go-grpc-middleware v2 retry interceptors (issue 15).
func grpcMwV2() {
	_ = retryv2.UnaryClientInterceptor(retryv2.WithMax(math.MaxUint32), retryv2.WithBackoff(retryv2.BackoffExponentialWithJitter(time.Second, 1)))
	_ = retryv2.UnaryClientInterceptor(retryv2.WithMax(3), retryv2.WithBackoff(retryv2.BackoffLinear(time.Second))) // want `R-1: go-grpc-middleware/v2 retry policy waits a fixed 1s \(BackoffLinear\) between attempts`
	_ = retryv2.UnaryClientInterceptor(retryv2.WithMax(3), retryv2.WithCodes(codes.Unavailable, codes.InvalidArgument), retryv2.WithBackoff(retryv2.BackoffExponentialWithJitter(time.Second, 1)))
	_ = retryv2.UnaryClientInterceptor(retryv2.WithMax(3), retryv2.WithCodes(codes.Unavailable), retryv2.WithBackoff(retryv2.BackoffExponentialWithJitter(time.Second, 1)))
	_ = retryv2.UnaryClientInterceptor(retryv2.WithBackoff(retryv2.BackoffLinear(time.Second))) // no retries (WithMax defaults to 0): silent
}
