// Package stopexits holds reconnect loops whose only exits besides
// success are events of the object's life: a flag only ever set to
// constants (interp's flags.go) and the removal of the address from the
// object's list (registry.go). They count nothing: the loops retry for
// ever. Beside them, exits that may count: a field stepped by the
// attempts, a field given computed values, a list the loop itself
// marks or shrinks.
package stopexits

import (
	"errors"
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

type consumer struct {
	mtx      sync.RWMutex
	addrs    []string
	stopFlag int32
	closed   atomic.Bool
	quit     bool
	failures int32
	state    int
	tried    []string
	interval time.Duration
}

func newConsumer() *consumer { return &consumer{stopFlag: 0, interval: time.Minute} }

func (r *consumer) Stop() {
	if !atomic.CompareAndSwapInt32(&r.stopFlag, 0, 1) {
		return
	}
	r.closed.Store(true)
	r.quit = true
}

func indexOf(n string, h []string) int {
	for i, a := range h {
		if n == a {
			return i
		}
	}
	return -1
}

// connect registers its address and dials it.
func (r *consumer) connect(addr string) error {
	r.mtx.Lock()
	if idx := indexOf(addr, r.addrs); idx == -1 {
		r.addrs = append(r.addrs, addr)
	}
	r.mtx.Unlock()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		atomic.AddInt32(&r.failures, 1)
		return err
	}
	return c.Close()
}

// Disconnect takes the address out of the list: the reconnect loop stops.
func (r *consumer) Disconnect(addr string) {
	r.mtx.Lock()
	defer r.mtx.Unlock()
	idx := indexOf(addr, r.addrs)
	if idx == -1 {
		return
	}
	r.addrs = append(r.addrs[:idx], r.addrs[idx+1:]...)
}

// go-nsq's reconnect: a stop flag and the address's presence in the list.
func (r *consumer) reconnect(addr string) {
	go func(addr string) {
		for { // want `loop ctx=async unbounded` `R-2: retry of r.connect has no maximum retry count`
			time.Sleep(r.interval)
			if atomic.LoadInt32(&r.stopFlag) == 1 {
				break
			}
			r.mtx.RLock()
			still := indexOf(addr, r.addrs) >= 0
			r.mtx.RUnlock()
			if !still {
				return
			}
			if err := r.connect(addr); err != nil {
				continue
			}
			break
		}
	}(addr)
}

// An atomic.Bool set to true by Stop.
func (r *consumer) redialClosed(addr string) error {
	for { // want `loop ctx=sync unbounded` `R-2: retry of r.connect has no maximum retry count`
		if r.closed.Load() {
			return errors.New("closed")
		}
		if err := r.connect(addr); err == nil {
			return nil
		}
		time.Sleep(r.interval)
	}
}

// A plain bool set to true by Stop, and slices.Contains.
func (r *consumer) redialQuit(addr string) error {
	for { // want `loop ctx=sync unbounded` `R-2: retry of r.connect has no maximum retry count`
		if r.quit || !slices.Contains(r.addrs, addr) {
			return errors.New("stopped")
		}
		if err := r.connect(addr); err == nil {
			return nil
		}
		time.Sleep(r.interval)
	}
}

// Traps: exits that may count the attempts.

// failures is stepped by each failed connect: a count kept out of sight.
func (r *consumer) redialCounted(addr string) error {
	for { // want `loop ctx=sync bound=\?`
		if atomic.LoadInt32(&r.failures) >= 3 {
			return errors.New("too many failures")
		}
		if err := r.connect(addr); err == nil {
			return nil
		}
		time.Sleep(r.interval)
	}
}

func (r *consumer) nextState() int { return r.state + 1 }

// state is given computed values: it may step.
func (r *consumer) redialState(addr string) error {
	for { // want `loop ctx=sync bound=\?`
		if r.state == 3 {
			return errors.New("given up")
		}
		if err := r.connect(addr); err == nil {
			return nil
		}
		r.state = r.nextState()
		time.Sleep(r.interval)
	}
}

func (r *consumer) mark(addr string) error {
	r.tried = append(r.tried, addr)
	return r.connect(addr)
}

// The exit fires once the loop itself has marked the address.
func (r *consumer) dialOnce(addr string) error {
	for { // want `loop ctx=sync bound=\?`
		if indexOf(addr, r.tried) >= 0 {
			return errors.New("tried already")
		}
		if err := r.mark(addr); err == nil {
			return nil
		}
		time.Sleep(r.interval)
	}
}

func (r *consumer) connectOrDrop(addr string) error {
	if err := r.connect(addr); err != nil {
		r.Disconnect(addr)
		return err
	}
	return nil
}

// The operation takes the address out on failure: the exit is its own.
func (r *consumer) redialDropped(addr string) error {
	for { // want `loop ctx=sync bound=\?`
		if indexOf(addr, r.addrs) < 0 {
			return errors.New("dropped")
		}
		if err := r.connectOrDrop(addr); err == nil {
			return nil
		}
		time.Sleep(r.interval)
	}
}
