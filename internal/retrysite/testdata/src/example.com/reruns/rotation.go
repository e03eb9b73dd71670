package reruns

import (
	"context"
	"sync"
	"time"
)

// Failover through a rotating index: the loop is bounded by the number
// of endpoints and each attempt asks for the next one.

type caller interface {
	Call(ctx context.Context, addr, req string) (string, error)
}

type pool struct {
	mu    sync.Mutex
	addrs []string
	next  int
	conn  caller
}

func (p *pool) Len() int { return len(p.addrs) }

func (p *pool) pick() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	a := p.addrs[p.next%len(p.addrs)]
	p.next = (p.next + 1) % len(p.addrs)
	return a
}

// first always hands out the same endpoint.
func (p *pool) first() string { return p.addrs[0] }

func (p *pool) askEach(req string) (out string, err error) {
	for i := 0; i < p.Len(); i++ {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		out, err = p.conn.Call(ctx, p.pick(), req)
		cancel()
		if err == nil {
			break
		}
	}
	return out, err
}

func (p *pool) askEachLen(req string) (string, error) {
	var err error
	for i := 0; i < len(p.addrs); i++ {
		var out string
		if out, err = p.conn.Call(context.Background(), p.pick(), req); err == nil {
			return out, nil
		}
	}
	return "", err
}

// Bounded by a number, the rotation does not make it a failover.
func (p *pool) askThrice(req string) (string, error) {
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		var out string
		if out, err = p.conn.Call(context.Background(), p.pick(), req); err == nil {
			return out, nil
		}
	}
	return "", err
}

// Bounded by the list, the same endpoint each time is a retry.
func (p *pool) askFirst(req string) (string, error) {
	var err error
	for i := 0; i < p.Len(); i++ { // want `loop ctx=sync bound=\?`
		var out string
		if out, err = p.conn.Call(context.Background(), p.first(), req); err == nil {
			return out, nil
		}
	}
	return "", err
}

// Failover through an argument stepped modulo the loop's bound: each of
// the versions is asked once (k8s dynamic-resource-allocation's
// callSequence on "not found").

const numVersions = 3

type versioned struct {
	call func(ctx context.Context, version int32) (string, error)
}

func (v *versioned) eachVersion(ctx context.Context, current int32) (string, error) {
	var out string
	var err error
	for i := int32(0); i < numVersions; i++ {
		out, err = v.call(ctx, current)
		if err != nil {
			current = (current + 1) % numVersions
			continue
		}
		break
	}
	return out, err
}

// The same argument stepped with no modulo of the bound: a retry that
// changes a number it passes (a counter), still a site.
func (v *versioned) sameVersion(ctx context.Context, current int32) (string, error) {
	var out string
	var err error
	for i := int32(0); i < numVersions; i++ { // want `loop ctx=sync retries=2`
		out, err = v.call(ctx, current)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		break
	}
	return out, err
}

// The count taken from the list before the loop, counted down, and the
// endpoint set from the rotating method in the body (fasthttp's
// HostClient.dialHostHard): each endpoint once.
func (p *pool) dialEach(req string) (string, error) {
	p.mu.Lock()
	n := len(p.addrs)
	p.mu.Unlock()
	if n == 0 {
		n = 1
	}
	var err error
	for n > 0 {
		addr := p.pick()
		var out string
		if out, err = p.conn.Call(context.Background(), addr, req); err == nil {
			return out, nil
		}
		n--
	}
	return "", err
}

// Counted down from a number, it retries.
func (p *pool) dialFive(req string) (string, error) {
	n := 5
	var err error
	for n > 0 { // want `loop ctx=sync retries=4`
		addr := p.pick()
		var out string
		if out, err = p.conn.Call(context.Background(), addr, req); err == nil {
			return out, nil
		}
		n--
	}
	return "", err
}
