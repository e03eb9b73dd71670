// Package grpcconfigtimed builds a service config with no "timeout", but
// every gRPC call the package makes has a deadline of its own: each
// call's retries end with it, so the config is not reported.
package grpcconfigtimed

import (
	"context"
	"time"

	"example.com/grpcgen/pb"
	"google.golang.org/grpc"
)

const cfg = `{"methodConfig": [{"name": [{"service": "orders.Orders"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func Get(id string) (*pb.Order, error) {
	conn, err := grpc.NewClient("x", grpc.WithDefaultServiceConfig(cfg))
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	return get(ctx, pb.NewOrdersClient(conn), id)
}

func get(ctx context.Context, c pb.OrdersClient, id string) (*pb.Order, error) {
	return c.Get(ctx, &pb.GetRequest{ID: id})
}
