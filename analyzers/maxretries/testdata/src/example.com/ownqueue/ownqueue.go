// Package ownqueue holds workers that retry a failed item through their
// own queue (retrysite's requeue/selfqueue.go): the count is carried in
// the item and starts where items are made. When the package makes none,
// the bound is unknown and R-2 stays silent, with a count or without; a
// count from a start the package gives, compared with a constant, is the
// bound.
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

type job struct {
	url   string
	tries int
}

// Add queues a job with no tries made.
func (p *pump) Add(jobs chan job, url string) { jobs <- job{url: url} }

// Found: the job's count, from 0 (Add), goes up to 50 before it is
// dropped.
func (p *pump) runJobs(ctx context.Context, jobs chan job) {
	for j := range jobs {
		if err := p.get(ctx, j.url); err != nil && j.tries < 50 {
			j.tries++
			jobs <- j // want `R-2: own queue retry of p.get \(GET\) makes 50 retries, counted in j.tries, outside 1-10 for async event processing`
		}
	}
}

func (p *pump) get(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := p.c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
