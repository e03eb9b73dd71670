// Package caller calls the module's retry library from another package:
// directly (two helpers deep: Retry wraps the op in a closure for
// RetryWithResult, whose loop's attempt is in a select default clause and
// runs the op through a wrapper) and through a generic pool's method
// (three deep).
package caller

import (
	"context"
	"net/http"

	"example.com/xdeep/internal/pool"
	"example.com/xdeep/retry"
)

type session struct{ c *http.Client }

func (s *session) get(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := s.c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func get(ctx context.Context, url string) error {
	return (&session{c: http.DefaultClient}).get(ctx, url)
}

func direct(ctx context.Context, url string) error {
	return retry.Retry(ctx, func(ctx context.Context) error { // want `helper call ctx=sync unbounded; 1 waits`
		return get(ctx, url)
	}, retry.WithIdempotent(true))
}

func withResult(ctx context.Context, url string) (int, error) {
	return retry.RetryWithResult(ctx, func(ctx context.Context) (int, error) { // want `helper call ctx=sync unbounded; 1 waits`
		return 1, get(ctx, url)
	})
}

func pooled(ctx context.Context, p *pool.Pool[*session, session], url string) error {
	opts := []retry.Option{retry.WithIdempotent(true)}
	return p.With(ctx, func(ctx context.Context, s *session) error { // want `helper call ctx=sync unbounded; 1 waits`
		return s.get(ctx, url)
	}, opts...)
}

// Not retries: a helper that runs its func once (Once), one that walks
// items, handing each to a helper that runs it once (Each): they hand
// the func on, but no helper down the chain loops over it.
func once(ctx context.Context, p *pool.Pool[*session, session], url string) error {
	return p.Once(ctx, func(ctx context.Context, s *session) error { return s.get(ctx, url) })
}

func each(ctx context.Context, p *pool.Pool[*session, session], url string) error {
	return p.Each(ctx, func(ctx context.Context, s *session) error { return s.get(ctx, url) })
}

func budgeted(ctx context.Context, url string) error {
	return retry.Budgeted(ctx, func(ctx context.Context) error { return get(ctx, url) }, retry.WithBudget(3)) // want `helper call ctx=sync bound=\?`
}

// withPool is the package's view of a pool: among the package's values,
// the one type of the module that implements it is the generic pool.
type withPool interface {
	With(ctx context.Context, f func(context.Context, *session) error, opts ...retry.Option) error
}

func viaInterface(ctx context.Context, p withPool, url string) error {
	return p.With(ctx, func(ctx context.Context, s *session) error { // want `helper call ctx=sync unbounded; 1 waits`
		return s.get(ctx, url)
	})
}

// runner has two implementations among the package's values, one that
// retries and one that does not: which one runs is unknown (trap: no
// site).
type runner interface {
	Run(ctx context.Context, f func(context.Context) error) error
}

var _, _ runner = pool.Direct{}, pool.Again{}

func viaRunner(ctx context.Context, r runner, url string) error {
	return r.Run(ctx, func(ctx context.Context) error { return get(ctx, url) })
}
