// Package netwriter holds a protocol client that buffers its requests in
// an io.Writer field the package points at the connection (netio.go):
// a request is an operation although no call in it names the network.
package netwriter

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"time"
)

var (
	ErrNoResponders = errors.New("no responders")
	ErrTimeout      = errors.New("timeout")
)

type writer struct {
	w     io.Writer
	bufs  []byte
	limit int
}

func (w *writer) append(b []byte) error {
	w.bufs = append(w.bufs, b...)
	if len(w.bufs) >= w.limit {
		return w.flush()
	}
	return nil
}

func (w *writer) flush() error {
	_, err := w.w.Write(w.bufs)
	w.bufs = w.bufs[:0]
	return err
}

type timeoutWriter struct {
	conn    net.Conn
	timeout time.Duration
}

func (t *timeoutWriter) Write(b []byte) (int, error) {
	if err := t.conn.SetWriteDeadline(time.Now().Add(t.timeout)); err != nil {
		return 0, err
	}
	return t.conn.Write(b)
}

type Conn struct {
	conn    net.Conn
	bw      *writer
	resp    chan []byte
	pong    chan struct{}
	timeout time.Duration
}

func (c *Conn) bind() {
	c.bw = &writer{limit: 32 * 1024}
	c.bw.w = c.newWriter()
}

func (c *Conn) newWriter() io.Writer {
	var w io.Writer = c.conn
	if c.timeout > 0 {
		w = &timeoutWriter{conn: c.conn, timeout: c.timeout}
	}
	return w
}

// Request buffers the request, then waits for the reply with a timeout.
func (c *Conn) Request(b []byte, timeout time.Duration) ([]byte, error) {
	if err := c.bw.append(b); err != nil {
		return nil, err
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case r := <-c.resp:
		return r, nil
	case <-t.C:
		return nil, ErrTimeout
	}
}

// RequestCtx is Request under a context.
func (c *Conn) RequestCtx(ctx context.Context, b []byte) ([]byte, error) {
	if err := c.bw.append(b); err != nil {
		return nil, err
	}
	select {
	case r := <-c.resp:
		return r, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Publish re-sends while nobody answers, a fixed 250ms apart (nats'
// PublishMsg); the reply timeout inside Request is no wait between
// attempts.
func (c *Conn) Publish(ctx context.Context, b []byte, ttl time.Duration) ([]byte, error) {
	var r []byte
	var err error
	if ttl > 0 {
		r, err = c.Request(b, ttl)
	} else {
		r, err = c.RequestCtx(ctx, b)
	}
	for i := 0; errors.Is(err, ErrNoResponders) && i < 2; i++ { // want `loop ctx=sync retries=2`
		time.Sleep(250 * time.Millisecond) // want `R-1: retry of c.Request and c.RequestCtx waits a fixed 250ms between attempts`
		if ttl > 0 {
			ttl -= 250 * time.Millisecond
			r, err = c.Request(b, ttl)
		} else {
			r, err = c.RequestCtx(ctx, b)
		}
	}
	return r, err
}

// ping asks the server for a pong, with a timeout.
func (c *Conn) ping(timeout time.Duration) {
	_ = c.bw.append([]byte("PING\r\n"))
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-c.pong:
	case <-t.C:
	}
}

// Must not flag R-1: between attempts the loop only waits for a pong, as
// long as the server takes (up to a second): the waits are unknown, not
// a fixed 1s.
func (c *Conn) Probe(ctx context.Context, b []byte) error {
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		if _, err := c.RequestCtx(ctx, b); err == nil {
			return nil
		}
		c.ping(time.Second)
	}
	return ErrTimeout
}

// Encoder writes into a buffer in memory.
type Encoder struct {
	out io.Writer
}

func NewEncoder() *Encoder { return &Encoder{out: &bytes.Buffer{}} }

func (e *Encoder) emit(b []byte) error {
	_, err := e.out.Write(b)
	return err
}

// Must not flag: the writer is a buffer in memory, no operation.
func (e *Encoder) EmitRetry(b []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = e.emit(b); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return err
}
