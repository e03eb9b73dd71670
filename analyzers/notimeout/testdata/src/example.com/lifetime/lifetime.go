// Package lifetime holds reconnect loops given a context kept in a field:
// an object's lifetime context (made in its constructor from
// context.Background) has no deadline.
package lifetime

import (
	"context"
	"net"
	"time"
)

type Producer struct {
	ctx    context.Context
	cancel context.CancelFunc
	addr   string
	conn   net.Conn
}

func NewProducer(addr string) *Producer {
	ctx, cancel := context.WithCancel(context.Background())
	return &Producer{ctx: ctx, cancel: cancel, addr: addr}
}

func (p *Producer) Close() { p.cancel() }

// reconnect retries the dial until the producer is closed.
func (p *Producer) reconnect() error {
	for attempt := 0; ; attempt++ { // want `R-3: .*p\.ctx, set from context\.Background\(\), has no deadline`
		conn, err := (&net.Dialer{Timeout: time.Second}).DialContext(p.ctx, "tcp", p.addr)
		if err == nil {
			p.conn = conn
			return nil
		}
		select {
		case <-p.ctx.Done():
			return p.ctx.Err()
		case <-time.After(min(time.Second<<attempt, 30*time.Second)):
		}
	}
	return nil
}

// Session keeps the caller's context: it may have a deadline, no finding.
type Session struct {
	ctx  context.Context
	addr string
	conn net.Conn
}

func NewSession(ctx context.Context, addr string) *Session {
	return &Session{ctx: ctx, addr: addr}
}

func (s *Session) reconnect() error {
	for attempt := 0; ; attempt++ {
		conn, err := (&net.Dialer{Timeout: time.Second}).DialContext(s.ctx, "tcp", s.addr)
		if err == nil {
			s.conn = conn
			return nil
		}
		select {
		case <-s.ctx.Done():
			return s.ctx.Err()
		case <-time.After(min(time.Second<<attempt, 30*time.Second)):
		}
	}
	return nil
}

// Bounded has a lifetime of 20s: capped, no finding.
type Bounded struct {
	ctx    context.Context
	cancel context.CancelFunc
	addr   string
	conn   net.Conn
}

func NewBounded(addr string) *Bounded {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	return &Bounded{ctx: ctx, cancel: cancel, addr: addr}
}

func (b *Bounded) reconnect() error {
	for attempt := 0; ; attempt++ {
		conn, err := (&net.Dialer{Timeout: time.Second}).DialContext(b.ctx, "tcp", b.addr)
		if err == nil {
			b.conn = conn
			return nil
		}
		select {
		case <-b.ctx.Done():
			return b.ctx.Err()
		case <-time.After(min(time.Second<<attempt, 30*time.Second)):
		}
	}
	return nil
}

// Mixed is given the caller's context by one constructor and a lifetime
// context by the other: it may have a deadline, no finding.
type Mixed struct {
	ctx  context.Context
	addr string
	conn net.Conn
}

func NewMixed(addr string) *Mixed {
	ctx, _ := context.WithCancel(context.Background()) //nolint
	return &Mixed{ctx: ctx, addr: addr}
}

func NewMixedContext(ctx context.Context, addr string) *Mixed {
	return &Mixed{ctx: ctx, addr: addr}
}

func (m *Mixed) reconnect() error {
	for attempt := 0; ; attempt++ {
		conn, err := (&net.Dialer{Timeout: time.Second}).DialContext(m.ctx, "tcp", m.addr)
		if err == nil {
			m.conn = conn
			return nil
		}
		select {
		case <-m.ctx.Done():
			return m.ctx.Err()
		case <-time.After(min(time.Second<<attempt, 30*time.Second)):
		}
	}
	return nil
}

// reconnectN retries the dial as many times as it is told: the count,
// which the model cannot read, ends it before the producer's lifetime
// does as a rule; no finding.
func (p *Producer) reconnectN(retries int) error {
	for attempt := 0; attempt < retries; attempt++ {
		conn, err := (&net.Dialer{Timeout: time.Second}).DialContext(p.ctx, "tcp", p.addr)
		if err == nil {
			p.conn = conn
			return nil
		}
		select {
		case <-p.ctx.Done():
			return p.ctx.Err()
		case <-time.After(min(time.Second<<attempt, 30*time.Second)):
		}
	}
	return nil
}
