// Package errface holds retries whose operations return the package's own
// error interface (an interface that embeds error and adds methods), not
// error itself: a nil test of such a value is an error test, so the loops
// are retries as with error. The traps are the same shapes that are no
// retry whatever the error's type (a poll for a state, a failover over
// nodes) and a result interface that is no error at all.
package errface

import (
	"crypto/x509"
	"errors"
	"net"
	"time"
)

// Error is the package's error: every operation returns it.
type Error interface {
	error
	Code() int
	InDoubt() bool
}

type netError struct{ err error }

func (e netError) Error() string { return e.err.Error() }
func (e netError) Code() int     { return -1 }
func (e netError) InDoubt() bool { return true }

type Conn struct{ c net.Conn }

// Write sends buf and reports the failure as the package's Error.
func (c *Conn) Write(buf []byte) (int, Error) {
	n, err := c.c.Write(buf)
	if err != nil {
		return n, netError{err}
	}
	return n, nil
}

// Node answers info requests over its connection.
type Node struct{ conn *Conn }

func (nd *Node) requestInfo(name string) (map[string]string, Error) {
	if _, err := nd.conn.Write([]byte(name)); err != nil {
		return nil, err
	}
	return map[string]string{name: ""}, nil
}

// requestInfoWithRetry retries the info request a fixed 100ms apart.
func (nd *Node) requestInfoWithRetry(n int, name string) (res map[string]string, err Error) {
	for i := 0; i < n; i++ { // want `loop ctx=sync bound=\?`
		if res, err = nd.requestInfo(name); err == nil {
			return res, nil
		}
		time.Sleep(100 * time.Millisecond) // want `R-1: retry of nd.requestInfo waits a fixed 100ms between attempts`
	}
	return nil, err
}

// Send retries the write three times, a fixed second apart, the error
// kept in a variable of the interface type.
func (c *Conn) Send(buf []byte) Error {
	var err Error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		_, err = c.Write(buf)
		if err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `R-1: retry of c.Write waits a fixed 1s between attempts`
	}
	return err
}

// state reports whether the migration is finished.
func (nd *Node) state() (bool, Error) {
	if _, err := nd.conn.Write([]byte("migrations")); err != nil {
		return false, err
	}
	return true, nil
}

// WaitMigrations polls the state until it says done: a success comes back
// (not done yet), so it is a poll, not a retry.
func (nd *Node) WaitMigrations() Error {
	for {
		done, err := nd.state()
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Failover tries each node once: every iteration is another node.
func Failover(nodes []*Node, name string) (map[string]string, Error) {
	var err Error
	for _, nd := range nodes {
		var res map[string]string
		if res, err = nd.requestInfo(name); err == nil {
			return res, nil
		}
	}
	return nil, err
}

// Status is a result, not an error: it has no Error method.
type Status interface {
	Code() int
}

type status int

func (s status) Code() int { return int(s) }

func (c *Conn) status() Status {
	if _, err := c.c.Write(nil); err != nil {
		return status(1)
	}
	return nil
}

// Drain writes until the connection reports a status: a nil Status is no
// error test (the type implements no error), so this is no retry.
func (c *Conn) Drain() {
	for {
		if s := c.status(); s != nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// retryable views the error as a net.Error: that narrower interface is a
// target only network errors fill (errors.As into it is no "any error").
func retryable(err error) bool {
	var unknown x509.UnknownAuthorityError
	if errors.As(err, &unknown) {
		return false
	}
	var network net.Error
	return errors.As(err, &network)
}

// Redial retries network errors only, a fixed second apart: still a retry
// (its decision is a view of the error, not every error). A success with
// no connection becomes an error of its own, which is no net.Error: it
// leaves the loop, so a success never comes back.
func Redial(addr string) (net.Conn, error) {
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		c, err := net.Dial("tcp", addr)
		if err == nil && c == nil {
			err = errors.New("no connection")
		}
		if err == nil {
			return c, nil
		}
		if !retryable(err) {
			return nil, err
		}
		time.Sleep(time.Second) // want `R-1: retry of net.Dial waits a fixed 1s between attempts`
	}
	return nil, errors.New("gave up")
}
