package a

import (
	"context"
	"net/http"
	"time"
)

// A worker's own queue (retrysite's requeue/selfqueue.go): the failed
// item goes back on the channel the worker receives it from.

type item struct {
	url   string
	tries int
}

type pump struct {
	c     *http.Client
	items chan *item
	dead  chan *item
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

// Found: sent back at once, fetched again when it comes round.
func (p *pump) run(ctx context.Context) {
	for it := range p.items {
		if err := p.fetch(ctx, it); err != nil && it.tries < 3 {
			it.tries++
			p.items <- it // want `R-1: own queue retry of p.fetch \(GET\) retries at once, with no wait between attempts`
		}
	}
}

// Found: a fixed pause before it goes back.
func (p *pump) runPaced(ctx context.Context) {
	for {
		it := <-p.items
		if err := p.fetch(ctx, it); err != nil {
			time.Sleep(2 * time.Second) // want `R-1: own queue retry of p.fetch \(GET\) waits a fixed 2s between attempts`
			p.items <- it
		}
	}
}

// Must not flag: the failed item goes to a dead-letter channel, and a
// fetched one is queued again for the next round whatever the outcome.
func (p *pump) runDead(ctx context.Context) {
	for it := range p.items {
		if err := p.fetch(ctx, it); err != nil {
			p.dead <- it
		}
	}
	for it := range p.dead {
		_ = p.fetch(ctx, it)
		p.dead <- it
	}
}
