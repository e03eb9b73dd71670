// Package pb is the shape of a generated gRPC client: an interface whose
// methods take a context and return a result and an error.
package pb

import "context"

type GetRequest struct{ ID string }

type Order struct{ ID string }

type OrdersClient interface {
	Get(ctx context.Context, in *GetRequest) (*Order, error)
	Lookup(ctx context.Context, id string) (*Order, error)
}

// A Cache is a map-like accessor: its Get takes no context.
type Cache interface {
	Get(key string) (*Order, error)
}
