// Package ownqueue holds a worker that retries a failed item through its
// own queue (retrysite's requeue/selfqueue.go): the count is carried in
// the item and starts where items are made, so the bound is unknown and
// R-2 stays silent, with a count or without.
package ownqueue

import (
	"context"
	"net/http"
)

type item struct {
	url   string
	tries int
}

type pump struct {
	c     *http.Client
	items chan *item
}

func (p *pump) fetch(ctx context.Context, it *item) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, it.url, nil)
	if err != nil {
		return err
	}
	resp, err := p.c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Must not flag: the item's count is compared before it goes back.
func (p *pump) run(ctx context.Context) {
	for it := range p.items {
		if err := p.fetch(ctx, it); err != nil && it.tries < 3 {
			it.tries++
			p.items <- it
		}
	}
}

// Must not flag: no count in sight; the producer may give up.
func (p *pump) runAll(ctx context.Context) {
	for it := range p.items {
		if err := p.fetch(ctx, it); err != nil {
			p.items <- it
		}
	}
}
