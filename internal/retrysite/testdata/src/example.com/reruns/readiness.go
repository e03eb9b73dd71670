package reruns

import (
	"context"
	"net"
	"time"
)

// Readiness waits: a function whose name says it waits for something to
// be ready, and an unexported helper only such functions call, poll a
// state; a function named for what it does retries.

type target interface {
	Address(ctx context.Context) (string, error)
}

type portWait struct{ interval time.Duration }

func (w *portWait) WaitUntilReady(ctx context.Context, t target) error {
	addr, err := t.Address(ctx)
	if err != nil {
		return err
	}
	return dialUntilUp(ctx, addr, w.interval)
}

func dialUntilUp(ctx context.Context, addr string, interval time.Duration) error {
	var d net.Dialer
	for {
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return conn.Close()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(interval):
		}
	}
}

// A wait handed the thing it waits for (a handle the caller started)
// polls it; a wait handed only an address waits for a dependency by
// calling it until it answers, a retry.
type process interface {
	Addr() string
}

func waitForProcess(ctx context.Context, p process) error {
	var d net.Dialer
	for {
		conn, err := d.DialContext(ctx, "tcp", p.Addr())
		if err == nil {
			return conn.Close()
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func waitForListener(ctx context.Context, addr string) error {
	var d net.Dialer
	for { // want `loop ctx=sync unbounded`
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return conn.Close()
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// The same loop in a function named for the call it makes is a retry;
// so is a helper also called from there, and a wait named for retrying.
func connect(ctx context.Context, addr string) error {
	var d net.Dialer
	for { // want `loop ctx=sync unbounded`
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return conn.Close()
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func dialShared(ctx context.Context, addr string) error {
	var d net.Dialer
	for { // want `loop ctx=sync unbounded`
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return conn.Close()
		}
		time.Sleep(time.Second)
	}
}

func WaitReady(ctx context.Context, p process) error { return dialShared(ctx, p.Addr()) }

func Publish(ctx context.Context, addr string) error { return dialShared(ctx, addr) }

func waitAndRetry(ctx context.Context, p process) error {
	addr := p.Addr()
	var d net.Dialer
	for { // want `loop ctx=sync unbounded`
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return conn.Close()
		}
		time.Sleep(time.Second)
	}
}

// A wait that counts its attempts retries.
func waitForPeer(ctx context.Context, p process) error {
	addr := p.Addr()
	var d net.Dialer
	var err error
	for i := 0; i < 5; i++ { // want `loop ctx=sync retries=4`
		var conn net.Conn
		if conn, err = d.DialContext(ctx, "tcp", addr); err == nil {
			return conn.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// A loop that only prepares the wait (finds which address answers before
// watching it) retries that step, whatever the function is called.
type watcher interface {
	Watch(ctx context.Context, addr string) error
}

func waitForCertificate(ctx context.Context, w watcher, addr string) error {
	var d net.Dialer
	for { // want `loop ctx=sync unbounded`
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			conn.Close()
			break
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(time.Second)
	}
	return w.Watch(ctx, addr)
}

// A wait method on a handle of the package checks the handle's own state:
// a poll. The same loop in a method named for its call, or in a wait that
// asks another object (a peer's client) than its receiver, retries.
type machine struct{ api *vmAPI }

type vmAPI struct{}

func (c *vmAPI) get(ctx context.Context, path string) error { return dialTo(ctx, path) }

func dialTo(ctx context.Context, addr string) error {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	return conn.Close()
}

func (m *machine) agentInfo(ctx context.Context) error { return m.api.get(ctx, "agent") }

func (m *machine) WaitForAgent(ctx context.Context) error {
	timeout := time.After(time.Minute)
	for {
		if err := m.agentInfo(ctx); err == nil {
			return nil
		}
		select {
		case <-timeout:
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func (m *machine) StartAgent(ctx context.Context) error {
	for { // want `loop ctx=sync unbounded`
		if err := m.agentInfo(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func (m *machine) WaitForPeer(ctx context.Context, peer *machine) error {
	for { // want `loop ctx=sync unbounded`
		if err := peer.agentInfo(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}
