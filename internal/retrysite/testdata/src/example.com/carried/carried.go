// Package carried holds operations that return no error beside their
// result: the result keeps it in a field (gocql's *Iter), and the loop
// retries on that field (interp/outcomeval/carried.go, typesx.CarriedError).
package carried

import (
	"net"
	"time"
)

// Iter is a query's result; err is its failure.
type Iter struct {
	err  error
	rows int
}

type conn struct{ c net.Conn }

func (c *conn) query(q string) *Iter {
	if _, err := c.c.Write([]byte(q)); err != nil {
		return &Iter{err: err}
	}
	return &Iter{rows: 1}
}

// Query counts its attempts for the policy.
type Query struct {
	stmt     string
	attempts int
}

func (q *Query) AddAttempt() { q.attempts++ }

type RetryPolicy interface {
	Attempt(q *Query) bool
}

type SimplePolicy struct{ NumRetries int }

func (s *SimplePolicy) Attempt(q *Query) bool { return q.attempts <= s.NumRetries }

type Control struct {
	conn  *conn
	retry RetryPolicy
	cache *Iter
}

func NewControl(c net.Conn) *Control {
	return &Control{conn: &conn{c}, retry: &SimplePolicy{NumRetries: 3}}
}

// Run re-runs a failed query at once while the policy allows (gocql's
// controlConn.query): the failure is iter.err.
func (c *Control) Run(stmt string) (iter *Iter) {
	q := &Query{stmt: stmt}
	for { // want `loop ctx=sync bound=\?` `R-1: retry of c.conn.query retries at once, with no wait between attempts`
		iter = c.conn.query(q.stmt)
		q.AddAttempt()
		if iter.err == nil || !c.retry.Attempt(q) {
			break
		}
	}
	return
}

// RunSleep waits a fixed second between attempts.
func (c *Control) RunSleep(stmt string) *Iter {
	for i := 0; ; i++ { // want `loop ctx=sync retries=4`
		it := c.conn.query(stmt)
		if it.err == nil || i >= 4 {
			return it
		}
		time.Sleep(time.Second) // want `R-1: retry of c.conn.query waits a fixed 1s between attempts`
	}
}

// Must not flag: a successful query with no rows yet comes back too: a
// poll until the rows appear.
func (c *Control) WaitRows(stmt string) *Iter {
	for {
		it := c.conn.query(stmt)
		if it.err != nil || it.rows > 0 {
			return it
		}
		time.Sleep(time.Second)
	}
}

// Multi carries two errors: which one fails the call is unknown.
type Multi struct {
	err, closeErr error
}

func (c *conn) both(q string) *Multi {
	if _, err := c.c.Write([]byte(q)); err != nil {
		return &Multi{err: err}
	}
	return &Multi{}
}

// Must not flag: the result carries two errors, so it is no outcome.
func (c *Control) RunMulti(stmt string) *Multi {
	for i := 0; ; i++ {
		m := c.conn.both(stmt)
		if m.err == nil || i >= 4 {
			return m
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: the variable tested also holds a cached result, so its
// field is not the query's failure.
func (c *Control) RunCached(stmt string) *Iter {
	for i := 0; ; i++ {
		it := c.cache
		if it == nil {
			it = c.conn.query(stmt)
		}
		if it.err == nil || i >= 4 {
			return it
		}
		time.Sleep(time.Second)
	}
}
