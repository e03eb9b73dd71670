// Package pool hands out items: With, a generic method of a generic
// type, retries its func through the module's retry package (three
// helpers deep from a caller).
package pool

import (
	"context"

	"example.com/xdeep/retry"
)

// Pool holds items of type T.
type Pool[PT interface{ *T }, T any] struct {
	items chan PT
}

func (p *Pool[PT, T]) try(ctx context.Context, f func(context.Context, PT) error) error {
	select {
	case it := <-p.items:
		defer func() { p.items <- it }()
		return f(ctx, it)
	case <-ctx.Done():
		return ctx.Err()
	}
}

// With runs f with an item until it succeeds (retry.Retry).
func (p *Pool[PT, T]) With(ctx context.Context, f func(context.Context, PT) error, opts ...retry.Option) error {
	return retry.Retry(ctx, func(ctx context.Context) error { // want `helper call ctx=sync unbounded; 1 waits`
		return p.try(ctx, f)
	}, opts...)
}

// Once runs f with one item: no retry.
func (p *Pool[PT, T]) Once(ctx context.Context, f func(context.Context, PT) error) error {
	return p.try(ctx, f)
}

// Each runs f with every item it holds now, handing each to Once: a
// walk over items, not a retry.
func (p *Pool[PT, T]) Each(ctx context.Context, f func(context.Context, PT) error) error {
	for range len(p.items) {
		if err := p.Once(ctx, f); err != nil {
			return err
		}
	}
	return nil
}

// Direct runs f once.
type Direct struct{}

// Run runs f once.
func (Direct) Run(ctx context.Context, f func(context.Context) error) error { return f(ctx) }

// Again retries f.
type Again struct{}

// Run retries f (retry.Retry).
func (Again) Run(ctx context.Context, f func(context.Context) error) error {
	return retry.Retry(ctx, f)
}
