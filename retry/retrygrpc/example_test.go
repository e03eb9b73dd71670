package retrygrpc_test

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"net"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/test/bufconn"

	"github.com/retrylint/retrylint/retry"
	"github.com/retrylint/retrylint/retry/retrygrpc"
)

func ExampleUnaryClientInterceptor() {
	// A server that is UNAVAILABLE once, then healthy.
	lis := bufconn.Listen(1 << 20)
	srv := grpc.NewServer()
	healthpb.RegisterHealthServer(srv, &health{codes: []codes.Code{codes.Unavailable}})
	go srv.Serve(lis)
	defer srv.Stop()

	// The retry budget needs traffic before it allows a retry (20% of
	// requests); a fresh budget with some history stands in for it here.
	budget, _ := retry.NewBudget(retry.BudgetConfig{})
	for range 10 {
		budget.Request("passthrough:///bufnet")
	}
	p := retry.Policy{
		Budget:    budget,
		BaseDelay: 10 * time.Millisecond, // to keep the example quick
		Logger:    slog.New(slog.DiscardHandler),
	}
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDisableRetry(),
		grpc.WithUnaryInterceptor(retrygrpc.UnaryClientInterceptor(p)),
	)
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close()

	resp, err := healthpb.NewHealthClient(conn).Check(context.Background(), &healthpb.HealthCheckRequest{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.Status)
	// Output: SERVING
}
