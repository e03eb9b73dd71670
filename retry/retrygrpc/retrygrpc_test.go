package retrygrpc_test

import (
	"context"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"

	"github.com/retrylint/retrylint/policy"
	"github.com/retrylint/retrylint/retry"
	"github.com/retrylint/retrylint/retry/retrygrpc"
	"github.com/retrylint/retrylint/retry/retrytest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// health answers Check with the scripted codes, then SERVING.
type health struct {
	healthpb.UnimplementedHealthServer
	mu    sync.Mutex
	codes []codes.Code
	keys  []string
}

func (h *health) Check(ctx context.Context, _ *healthpb.HealthCheckRequest) (*healthpb.HealthCheckResponse, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	md, _ := metadata.FromIncomingContext(ctx)
	h.keys = append(h.keys, md.Get(retrygrpc.IdempotencyKeyMetadata)...)
	if n := len(h.keys) - 1; n < len(h.codes) {
		return nil, status.Error(h.codes[n], "scripted")
	}
	return &healthpb.HealthCheckResponse{Status: healthpb.HealthCheckResponse_SERVING}, nil
}

// dial serves h over an in-memory connection and returns a client whose
// calls go through the interceptor for p.
func dial(t *testing.T, h *health, p retry.Policy) healthpb.HealthClient {
	lis := bufconn.Listen(1 << 20)
	srv := grpc.NewServer()
	healthpb.RegisterHealthServer(srv, h)
	go srv.Serve(lis)
	t.Cleanup(srv.Stop)
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDisableRetry(),
		grpc.WithUnaryInterceptor(retrygrpc.UnaryClientInterceptor(p)),
	)
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	return healthpb.NewHealthClient(conn)
}

func policyFor(t *testing.T) (retry.Policy, *retrytest.Clock) {
	b, err := retry.NewBudget(retry.BudgetConfig{})
	require.NoError(t, err)
	for range 100 {
		b.Request("passthrough:///bufnet")
	}
	clock := retrytest.NewAutoClock()
	return retry.Policy{Budget: b, Clock: clock, Rand: retrytest.MaxRand, Logger: slog.New(slog.DiscardHandler)}, clock
}

func TestInterceptorRetriesUnavailable(t *testing.T) {
	h := &health{codes: []codes.Code{codes.Unavailable, codes.ResourceExhausted}}
	p, clock := policyFor(t)
	resp, err := dial(t, h, p).Check(context.Background(), &healthpb.HealthCheckRequest{})
	require.NoError(t, err)
	assert.Equal(t, healthpb.HealthCheckResponse_SERVING, resp.Status)
	require.Len(t, h.keys, 3)
	assert.NotEmpty(t, h.keys[0])
	assert.Equal(t, h.keys[0], h.keys[1], "the same idempotency key on every attempt")
	assert.Equal(t, h.keys[0], h.keys[2])
	assert.Len(t, clock.Waits(), 2)
}

func TestInterceptorStopsAfterThreeRetries(t *testing.T) {
	h := &health{codes: []codes.Code{codes.Aborted, codes.Aborted, codes.Aborted, codes.Aborted, codes.Aborted}}
	p, _ := policyFor(t)
	_, err := dial(t, h, p).Check(context.Background(), &healthpb.HealthCheckRequest{})
	assert.Equal(t, codes.Aborted, status.Code(err), "the code of the last attempt, through *retry.Error")
	assert.ErrorIs(t, err, retry.ErrRetriesExhausted)
	assert.Len(t, h.keys, policy.For(policy.GRPCUnary).DefaultRetries+1)
}

func TestInterceptorBudgetExhausted(t *testing.T) {
	h := &health{codes: []codes.Code{codes.Unavailable, codes.Unavailable}}
	p, clock := policyFor(t)
	b, err := retry.NewBudget(retry.BudgetConfig{Reserve: -1}) // cold: no retry
	require.NoError(t, err)
	p.Budget = b
	_, err = dial(t, h, p).Check(context.Background(), &healthpb.HealthCheckRequest{})
	assert.ErrorIs(t, err, retry.ErrBudgetExhausted)
	assert.Equal(t, codes.Unavailable, status.Code(err))
	assert.Len(t, h.keys, 1)
	assert.Empty(t, clock.Waits())
}

func TestInterceptorDoesNotRetryPermanentCodes(t *testing.T) {
	for _, c := range []codes.Code{codes.InvalidArgument, codes.NotFound, codes.PermissionDenied,
		codes.Unauthenticated, codes.Unimplemented, codes.Internal, codes.Unknown} {
		h := &health{codes: []codes.Code{c, c}}
		p, clock := policyFor(t)
		_, err := dial(t, h, p).Check(context.Background(), &healthpb.HealthCheckRequest{})
		assert.Equal(t, c, status.Code(err))
		assert.Len(t, h.keys, 1, "%v", c)
		assert.Empty(t, clock.Waits())
	}
}

func TestInterceptorKeepsTheCallersKey(t *testing.T) {
	h := &health{codes: []codes.Code{codes.Unavailable}}
	p, _ := policyFor(t)
	ctx := metadata.AppendToOutgoingContext(context.Background(), retrygrpc.IdempotencyKeyMetadata, "op-1")
	_, err := dial(t, h, p).Check(ctx, &healthpb.HealthCheckRequest{})
	require.NoError(t, err)
	assert.Equal(t, []string{"op-1", "op-1"}, h.keys)
}

func TestInterceptorRejectsInvalidPolicies(t *testing.T) {
	h := &health{}
	p, _ := policyFor(t)
	p.MaxRetries = 6 // gRPC unary allows 1-5
	_, err := dial(t, h, p).Check(context.Background(), &healthpb.HealthCheckRequest{})
	assert.ErrorIs(t, err, retry.ErrInvalidPolicy)
	assert.Empty(t, h.keys)
}

func TestClassify(t *testing.T) {
	for c, want := range map[codes.Code]policy.Class{
		codes.Unavailable: policy.Retryable, codes.DeadlineExceeded: policy.Retryable,
		codes.ResourceExhausted: policy.Retryable, codes.Aborted: policy.Retryable,
		codes.InvalidArgument: policy.NonRetryable, codes.NotFound: policy.NonRetryable,
		codes.PermissionDenied: policy.NonRetryable, codes.Unauthenticated: policy.NonRetryable,
		codes.Unimplemented: policy.NonRetryable, codes.Canceled: policy.Unclassified,
		codes.Code(99): policy.Unclassified,
	} {
		got, typ := retrygrpc.Classify(status.Error(c, "x"))
		assert.Equal(t, want, got, "%v", c)
		assert.NotEmpty(t, typ)
	}
	got, typ := retrygrpc.Classify(context.Canceled)
	assert.Equal(t, policy.Unclassified, got)
	assert.Empty(t, typ)
}

func TestInterceptorRefusesOverlongKeys(t *testing.T) {
	long := strings.Repeat("k", policy.MaxIdempotencyKeyLength+1)
	for name, ctx := range map[string]context.Context{
		"metadata": metadata.AppendToOutgoingContext(context.Background(), retrygrpc.IdempotencyKeyMetadata, long),
		"context":  retry.WithIdempotencyKey(context.Background(), long),
	} {
		t.Run(name, func(t *testing.T) {
			h := &health{}
			p, _ := policyFor(t)
			_, err := dial(t, h, p).Check(ctx, &healthpb.HealthCheckRequest{})
			assert.ErrorIs(t, err, retry.ErrInvalidPolicy)
			assert.Empty(t, h.keys, "no attempt is made")
		})
	}
	// 64 characters are fine.
	h := &health{}
	p, _ := policyFor(t)
	ctx := retry.WithIdempotencyKey(context.Background(), long[1:])
	_, err := dial(t, h, p).Check(ctx, &healthpb.HealthCheckRequest{})
	require.NoError(t, err)
	assert.Equal(t, []string{long[1:]}, h.keys)
}
