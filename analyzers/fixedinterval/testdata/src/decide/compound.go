package decide

import (
	"net"
	"time"
)

// A conn is what dial gives when it succeeds.
type conn struct{ c net.Conn }

func dial(addr string) (*conn, error) {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	return &conn{c}, nil
}

type session struct{ cur *conn }

// reconnect leaves on c != nil && err == nil: a result beside a nil
// error is there to use, so the test is the error's, and every failure
// is dialled again after a fixed second.
func (s *session) reconnect(addr string) {
	for {
		c, err := dial(addr)
		if c != nil && err == nil {
			s.cur = c
			return
		}
		time.Sleep(time.Second) // want `R-1: retry of dial waits a fixed 1s`
	}
}

// awaitPeer returns the error at once and goes round only while the
// lookup finds nothing yet: a poll for a state, not a retry of a
// failure.
func awaitPeer(lookup func(string) (*conn, error), name string) (*conn, error) {
	for {
		c, err := lookup(name)
		if err != nil {
			return nil, err
		}
		if c != nil {
			return c, nil
		}
		time.Sleep(time.Second)
	}
}
