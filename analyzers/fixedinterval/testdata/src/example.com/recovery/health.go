package recovery

import (
	"net/http"
	"sync"
	"time"

	"github.com/pkg/errors"
)

var ErrNoConn = errors.New("no connection")

type pool struct {
	mu    sync.Mutex
	alive []bool
	urls  []string
}

// check marks the nodes that answer; it returns nothing.
func (p *pool) check() {
	for i, u := range p.urls {
		res, err := http.Head(u)
		p.mu.Lock()
		p.alive[i] = err == nil
		p.mu.Unlock()
		if err == nil {
			res.Body.Close()
		}
	}
}

// active looks at the pool's own state: it builds an error with an error
// package, and calls no other service.
func (p *pool) active() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, a := range p.alive {
		if a {
			return nil
		}
	}
	return errors.Wrap(ErrNoConn, "no active connection found")
}

// waitActive waits for a node to be alive: a state poll, no finding.
func (p *pool) waitActive(stop chan struct{}) {
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			p.check()
			if p.active() == nil {
				return
			}
		}
	}
}

// ping asks the first node; its error is wrapped by the error package.
func (p *pool) ping() error {
	res, err := http.Get(p.urls[0])
	if err != nil {
		return errors.Wrap(err, "ping")
	}
	return res.Body.Close()
}

// waitPing retries the ping every fixed 5s.
func (p *pool) waitPing(stop chan struct{}) {
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C: // want `R-1: retry of p.ping \(GET\) waits a fixed 5s`
			if p.ping() == nil {
				return
			}
		}
	}
}
