package ctxget

import (
	"context"
	"errors"
	"time"

	"example.com/ctxget/pb"
)

// A Get given a context is a call to a service (a generated client), not
// an accessor: its retry is a retry.
func getOrder(ctx context.Context, c pb.OrdersClient, id string) (*pb.Order, error) {
	for i := 0; i < 3; i++ {
		o, err := c.Get(ctx, &pb.GetRequest{ID: id})
		if err == nil {
			return o, nil
		}
		time.Sleep(time.Second) // want `R-1: retry of c.Get waits a fixed 1s between attempts`
	}
	return nil, errors.New("failed")
}

func lookupOrder(ctx context.Context, c pb.OrdersClient, id string) (*pb.Order, error) {
	for i := 0; i < 3; i++ {
		o, err := c.Lookup(ctx, id)
		if err == nil {
			return o, nil
		}
		time.Sleep(2 * time.Second) // want `R-1: retry of c.Lookup waits a fixed 2s between attempts`
	}
	return nil, errors.New("failed")
}

// Must not flag: a Get without a context is an accessor.
func cached(c pb.Cache, id string) *pb.Order {
	for i := 0; i < 3; i++ {
		o, err := c.Get(id)
		if err == nil {
			return o
		}
		time.Sleep(time.Second)
	}
	return nil
}
