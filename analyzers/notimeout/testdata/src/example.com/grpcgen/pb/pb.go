// Package pb is the shape of a protoc-gen-go-grpc client.
package pb

import (
	"context"

	"google.golang.org/grpc"
)

type GetRequest struct{ ID string }

type Order struct{ ID string }

type OrdersClient interface {
	Get(ctx context.Context, in *GetRequest, opts ...grpc.CallOption) (*Order, error)
}

type ordersClient struct{ cc grpc.ClientConnInterface }

func NewOrdersClient(cc grpc.ClientConnInterface) OrdersClient { return &ordersClient{cc} }

func (c *ordersClient) Get(ctx context.Context, in *GetRequest, opts ...grpc.CallOption) (*Order, error) {
	out := new(Order)
	err := c.cc.Invoke(ctx, "/orders.Orders/Get", in, out, opts...)
	return out, err
}
