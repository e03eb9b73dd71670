// Package backoffpoll: loops that go round after a success too (a lookup
// that asks again until the item shows up, a reader that starts again
// after its read loop ends) and wait, before every run but the first, a
// backoff that grows with the count of runs. Their failure path is a
// retry whose wait is that backoff (periodic_backoff.go).
package backoffpoll

import (
	"context"
	"errors"
	"net"
	"time"
)

// Conn is a connection to a broker.
type Conn struct{ c net.Conn }

// Partition is a partition of a topic.
type Partition struct{ ID int }

// ReadPartitions asks the broker for the partitions of topic.
func (c *Conn) ReadPartitions(topic string) ([]Partition, error) {
	if _, err := c.c.Write([]byte(topic)); err != nil {
		return nil, err
	}
	return []Partition{{ID: 1}}, nil
}

var errUnknown = errors.New("unknown partition")

func isTemporary(err error) bool {
	var t interface{ Temporary() bool }
	return errors.As(err, &t) && t.Temporary()
}

// sleep waits d unless ctx ends first, and says whether it waited.
func sleep(ctx context.Context, d time.Duration) bool {
	if d == 0 {
		select {
		default:
			return true
		case <-ctx.Done():
			return false
		}
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// backoff grows with the square of the attempt, up to max.
func backoff(attempt int, min, max time.Duration) time.Duration {
	d := time.Duration(attempt*attempt) * min
	if d > max {
		d = max
	}
	return d
}

// lookup asks again while the partition is not listed, and after a
// temporary error: the failure is retried forever after attempt² ×
// 100ms, no jitter.
func lookup(ctx context.Context, c *Conn, topic string, partition int) (Partition, error) {
	for attempt := 0; true; attempt++ { // want `loop ctx=sync unbounded` `R-2: retry of c.ReadPartitions has no maximum retry count`
		if attempt != 0 {
			if !sleep(ctx, backoff(attempt, 100*time.Millisecond, 10*time.Second)) { // want `R-1: retry of c.ReadPartitions: its wait grows polynomially with the attempt, without jitter`
				return Partition{}, ctx.Err()
			}
		}
		partitions, err := c.ReadPartitions(topic)
		if err != nil {
			if isTemporary(err) {
				continue
			}
			return Partition{}, err
		}
		for _, p := range partitions {
			if p.ID == partition {
				return p, nil
			}
		}
	}
	return Partition{}, errUnknown
}

// reader reads a partition from a broker it connects to.
type reader struct {
	addr        string
	min, max    time.Duration
	maxAttempts int
	stopOnRange bool
	errs        chan error
}

func newReader(addr string, stop bool) *reader {
	return &reader{addr: addr, min: 100 * time.Millisecond, max: time.Second, maxAttempts: 3, stopOnRange: stop, errs: make(chan error, 1)}
}

var errOutOfRange = errors.New("offset out of range")

func (r *reader) initialize(ctx context.Context, offset int64) (*Conn, int64, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", r.addr)
	if err != nil {
		return nil, 0, err
	}
	return &Conn{c}, offset, nil
}

func (r *reader) read(offset int64, c *Conn) (int64, error) {
	_, err := c.c.Read(make([]byte, 10))
	return offset + 1, err
}

// run connects, reads until the connection fails, and connects again:
// after a failed connect it waits the backoff of its attempt, which a
// good connect sets back to zero, and tries forever (it only reports the
// error after maxAttempts); the setting it leaves on is the reader's own,
// fixed from its construction, no count.
func (r *reader) run(ctx context.Context, offset int64) {
	for attempt := 0; true; attempt++ { // want `loop ctx=sync unbounded` `R-2: retry of r.initialize has no maximum retry count`
		if attempt != 0 {
			if !sleep(ctx, backoff(attempt, r.min, r.max)) { // want `R-1: retry of r.initialize: its wait grows polynomially with the attempt, without jitter`
				return
			}
		}
		conn, start, err := r.initialize(ctx, offset)
		if err != nil {
			if errors.Is(err, errOutOfRange) {
				if r.stopOnRange {
					r.errs <- err
					return
				}
				continue
			}
			if attempt >= r.maxAttempts {
				r.errs <- err
			} else {
				r.errs <- nil
			}
			continue
		}
		attempt = 0
		offset = start
		errcount := 0
	readLoop:
		for {
			if !sleep(ctx, backoff(errcount, r.min, r.max)) {
				return
			}
			offset, err = r.read(offset, conn)
			switch {
			case err == nil:
				errcount = 0
				continue
			case errors.Is(err, context.Canceled):
				return
			case errors.Is(err, errOutOfRange):
				errcount++
				continue
			default:
				conn.c.Close()
				break readLoop
			}
		}
	}
}
