// Package grpcconfiguntimed builds a service config with no "timeout"
// and makes one call under its caller's context, which nothing in the
// package gives a deadline: the config is reported.
package grpcconfiguntimed

import (
	"context"

	"example.com/grpcgen/pb"
	"google.golang.org/grpc"
)

const cfg = `{"methodConfig": [{"name": [{"service": "orders.Orders"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func Get(ctx context.Context, id string) (*pb.Order, error) {
	conn, err := grpc.NewClient("x", grpc.WithDefaultServiceConfig(cfg)) // want `R-3: gRPC service config retry policy has no total duration cap: no methodConfig "timeout"`
	if err != nil {
		return nil, err
	}
	return pb.NewOrdersClient(conn).Get(ctx, &pb.GetRequest{ID: id})
}
