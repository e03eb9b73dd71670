// Package grpcgen retries calls of a generated gRPC client by hand
// (issue 33 point 4): each attempt needs a deadline of its own.
package grpcgen

import (
	"context"
	"errors"
	"time"

	"example.com/grpcgen/pb"
)

func getOrder(ctx context.Context, c pb.OrdersClient, id string) (*pb.Order, error) {
	for i := 0; i < 3; i++ {
		o, err := c.Get(ctx, &pb.GetRequest{ID: id}) // want `R-3: retry of c.Get has no per-attempt timeout: the gRPC call's context, ctx, has no deadline of its own`
		if err == nil {
			return o, nil
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return nil, errors.New("failed")
}

// Must not flag: every attempt has its own deadline.
func getOrderTimed(ctx context.Context, c pb.OrdersClient, id string) (*pb.Order, error) {
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		o, err := c.Get(actx, &pb.GetRequest{ID: id})
		cancel()
		if err == nil {
			return o, nil
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return nil, errors.New("failed")
}
