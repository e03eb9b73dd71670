// Package retrygrpc retries unary gRPC calls per the Retry Policy standard,
// with the same retry.Policy as retry.Do:
//
//	conn, err := grpc.NewClient(target,
//		grpc.WithDisableRetry(), // retry here, not in gRPC too
//		grpc.WithUnaryInterceptor(retrygrpc.UnaryClientInterceptor(retry.Policy{})),
//	)
//
// Status codes are classified by R-4: UNAVAILABLE, DEADLINE_EXCEEDED,
// RESOURCE_EXHAUSTED and ABORTED are retried; INVALID_ARGUMENT, NOT_FOUND,
// PERMISSION_DENIED, UNAUTHENTICATED and UNIMPLEMENTED are not, nor is any
// code R-4 does not name. A call whose caller's context ends is not
// retried, whatever its code.
//
// Keep gRPC's own retries off (grpc.WithDisableRetry, or no retryPolicy in
// the service config): two retry loops multiply attempts and escape the
// budget.
package retrygrpc

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/retrylint/retrylint/policy"
	"github.com/retrylint/retrylint/retry"
)

// IdempotencyKeyMetadata is the metadata key that carries the idempotency
// key of a call, the same on every attempt.
const IdempotencyKeyMetadata = "idempotency-key"

// Classify classifies an error that carries a gRPC status, for
// retry.Policy.Classify. Errors without one are left to retry's own
// classification.
func Classify(err error) (policy.Class, string) {
	var s interface{ GRPCStatus() *status.Status }
	if !errors.As(err, &s) {
		return policy.Unclassified, ""
	}
	code := policy.GRPCCode(s.GRPCStatus().Code())
	return policy.ClassifyGRPCCode(code), codeTypes[min(int(code), len(codeTypes)-1)]
}

var codeTypes = [...]string{
	"grpc_OK", "grpc_CANCELLED", "grpc_UNKNOWN", "grpc_INVALID_ARGUMENT", "grpc_DEADLINE_EXCEEDED",
	"grpc_NOT_FOUND", "grpc_ALREADY_EXISTS", "grpc_PERMISSION_DENIED", "grpc_RESOURCE_EXHAUSTED",
	"grpc_FAILED_PRECONDITION", "grpc_ABORTED", "grpc_OUT_OF_RANGE", "grpc_UNIMPLEMENTED",
	"grpc_INTERNAL", "grpc_UNAVAILABLE", "grpc_DATA_LOSS", "grpc_UNAUTHENTICATED", "grpc_OTHER",
}

// UnaryClientInterceptor returns an interceptor that retries unary calls
// per p. A p.Context of policy.SyncAPI (the zero value) is taken as
// policy.GRPCUnary, whose numbers are the same. The dependency is the
// connection's target unless p.Dependency is set. p.Classify, if set, is
// asked before the status code.
//
// Every call carries an idempotency-key metadata entry, the same on every
// attempt: the caller's if the outgoing metadata or retry.WithIdempotencyKey
// gives one, a fresh UUID v4 otherwise. A key longer than
// policy.MaxIdempotencyKeyLength fails the call, before any attempt, with
// an error wrapping retry.ErrInvalidPolicy.
//
// A call that fails returns what retry.Do returns: a *retry.Error that
// wraps the last attempt's status error, so that status.Code(err) and
// status.FromError find its code (FromError's message is then the whole
// error's), and errors.Is(err, retry.ErrBudgetExhausted) and the other
// sentinels tell why retrying stopped.
//
// A Policy outside the standard makes every call fail with an error
// wrapping retry.ErrInvalidPolicy.
func UnaryClientInterceptor(p retry.Policy) grpc.UnaryClientInterceptor {
	if p.Context == policy.SyncAPI {
		p.Context = policy.GRPCUnary
	}
	own := p.Classify
	p.Classify = func(err error) (policy.Class, string) {
		if own != nil {
			if c, t := own(err); c != policy.Unclassified {
				return c, t
			}
		}
		return Classify(err)
	}
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		q := p
		if q.Dependency == "" {
			q.Dependency = cc.Target()
		}
		key := ""
		if md, ok := metadata.FromOutgoingContext(ctx); ok {
			if v := md.Get(IdempotencyKeyMetadata); len(v) > 0 {
				key = v[0]
			}
		}
		if key == "" {
			key = retry.IdempotencyKey(ctx)
			if key == "" {
				key = uuid.NewString()
			}
			ctx = metadata.AppendToOutgoingContext(ctx, IdempotencyKeyMetadata, key)
		}
		if len(key) > policy.MaxIdempotencyKeyLength {
			// refused before any attempt, as the transport and
			// Do refuse it.
			return fmt.Errorf("%w: %s metadata of %d characters exceeds %d (R-6)",
				retry.ErrInvalidPolicy, IdempotencyKeyMetadata, len(key), policy.MaxIdempotencyKeyLength)
		}
		ctx = retry.WithIdempotencyKey(ctx, key)
		return retry.Do(ctx, q, func(ctx context.Context) error {
			return invoker(ctx, method, req, reply, cc, opts...)
		})
	}
}
