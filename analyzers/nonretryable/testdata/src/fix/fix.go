package fix

import (
	gax "github.com/googleapis/gax-go/v2"
	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"google.golang.org/grpc/codes"
)

func middleware() {
	_ = grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithCodes(codes.Unavailable, codes.NotFound, codes.Aborted)) // want `R-4: go-grpc-middleware retry.* retries gRPC NOT_FOUND`
}

func gaxRetry() {
	_ = gax.WithRetry(func() gax.Retryer { // want `R-4: gax-go retry policy retries gRPC PERMISSION_DENIED \(OnCodes\(\[\]codes\.Code\{…\}, gax\.Backoff\{\}\)\)`
		return gax.OnCodes([]codes.Code{codes.PermissionDenied, codes.Unavailable}, gax.Backoff{})
	})
}
