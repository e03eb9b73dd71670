// Package pacing: time checks that only pace a retry (whether to wait,
// how long) cap nothing; a check that ends the retry is its cap.
package pacing

import (
	"errors"
	"log"
	"net"
	"time"
)

type dialer struct {
	addr     string
	notUntil time.Time
}

// dial waits until notUntil before each attempt and retries forever: the
// time checks pace it, nothing caps it.
func (d *dialer) dial() net.Conn {
	for { // want `R-3: retry of net\.Dial has no total duration cap: no attempt count stops it, it has no context, and nothing checks the elapsed time`
		if d.notUntil.After(time.Now()) {
			wait := time.Until(d.notUntil)
			time.Sleep(wait)
		}
		conn, err := net.Dial("tcp", d.addr)
		if err == nil {
			return conn
		}
		d.notUntil = time.Now().Add(time.Second)
	}
}

// dialBy gives up once its deadline has passed: capped.
func (d *dialer) dialBy(deadline time.Time) (net.Conn, error) {
	for {
		if time.Now().After(deadline) {
			return nil, errors.New("deadline passed")
		}
		if d.notUntil.After(time.Now()) {
			time.Sleep(time.Until(d.notUntil))
		}
		conn, err := net.Dial("tcp", d.addr)
		if err == nil {
			return conn, nil
		}
		d.notUntil = time.Now().Add(time.Second)
	}
}

// dialFlag stops through a flag its loop reads, past its caller's limit:
// capped too.
func (d *dialer) dialFlag(start time.Time, limit time.Duration) net.Conn {
	done := false
	for !done {
		conn, err := net.Dial("tcp", d.addr)
		if err == nil {
			return conn
		}
		time.Sleep(time.Second)
		if time.Since(start) > limit {
			done = true
		}
	}
	return nil
}

// dialWithin logs the elapsed time and stops past 20s: the measure is
// logged and tested against a limit, a cap (must not flag).
func (d *dialer) dialWithin(start time.Time) (net.Conn, error) {
	for {
		conn, err := net.Dial("tcp", d.addr)
		if err == nil {
			return conn, nil
		}
		elapsed := time.Since(start)
		log.Printf("dial failed after %v", elapsed)
		if elapsed > 20*time.Second {
			return nil, err
		}
		time.Sleep(time.Second)
	}
}
