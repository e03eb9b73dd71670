package forms

import (
	gax "github.com/googleapis/gax-go/v2"
	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"google.golang.org/grpc/codes"
)

// An empty list of retryable codes retries nothing: not a retry site.

func noCodes() {
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(8), grpc_retry.WithCodes())
}

func gaxNoCodes() {
	_ = gax.WithRetry(func() gax.Retryer {
		return gax.OnCodes(nil, gax.Backoff{})
	})
	_ = gax.WithRetry(func() gax.Retryer {
		return gax.OnCodes([]codes.Code{}, gax.Backoff{})
	})
}

// The same calls with codes are sites.

func someCodes() {
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithCodes(codes.Unavailable)) // want `library go-grpc-middleware retry ctx=grpc retries=2` `R-1: go-grpc-middleware retry policy waits a fixed 50ms ±10% between attempts; use exponential backoff with full jitter`
}

func gaxSomeCodes() {
	_ = gax.WithRetry(func() gax.Retryer { // want `library gax-go ctx=sync unbounded` `R-2: gax-go retry policy has no maximum retry count: gax-go retries until the call's deadline; it has no attempt count`
		return gax.OnCodes([]codes.Code{codes.Unavailable}, gax.Backoff{})
	})
}
