// Package selfwake holds loops over a select that wake themselves
// (interp's selftrigger.go): a failure that sends on a channel the loop
// receives from comes back to the operation; a success that waits for
// someone else to wake the loop does not.
package selfwake

import (
	"errors"
	"net/http"
	"sync/atomic"
	"time"
)

type none struct{}

type partition struct {
	url       string
	MaxTries  int // 0: no limit
	retries   atomic.Int32
	switching atomic.Bool
	trigger   chan none
	stop      chan none
	dying     chan none
	errs      chan error
	backoff   time.Duration
}

func newPartition(url string) *partition {
	return &partition{url: url, trigger: make(chan none, 1), stop: make(chan none), backoff: 2 * time.Second}
}

func (p *partition) dispatch() error {
	resp, err := http.Get(p.url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}

func (p *partition) computeBackoff() time.Duration {
	p.retries.Add(1)
	return p.backoff
}

// triggerRedispatch queues a wake-up unless one is pending.
func (p *partition) triggerRedispatch() {
	select {
	case <-p.stop:
		return
	default:
	}
	select {
	case p.trigger <- none{}:
	default:
	}
}

func (p *partition) sendError(err error) {
	select {
	case p.errs <- err:
	default:
	}
}

// dispatcher is sarama's partition consumer: a failed dispatch wakes the
// loop, which arms the backoff after which it dispatches again. MaxTries
// is no count by default: 0 and read only as a switch (valueindex's
// offcount/).
func (p *partition) dispatcher() {
	var backoff <-chan time.Time
	for { // want `loop ctx=sync unbounded`
		select {
		case <-p.stop:
			return
		case <-p.trigger:
			if max := p.MaxTries; max > 0 && int(p.retries.Load()) >= max {
				p.sendError(errors.New("retries exhausted"))
				return
			}
			// Only arm the timer when none is pending: a wake-up that
			// comes during the backoff does not cut it short.
			if backoff == nil {
				if p.switching.Swap(false) {
					backoff = time.After(0) // a new broker: at once
				} else {
					backoff = time.After(p.computeBackoff())
				}
			}
		case <-backoff: // want `R-1: retry of p.dispatch \(GET\) waits a fixed 2s between attempts`
			backoff = nil
			if err := p.dispatch(); err != nil {
				select {
				case <-p.stop:
					return
				default:
					p.sendError(err)
					p.triggerRedispatch()
				}
			}
		}
	}
}

// The wake-up case only arms the backoff when none is pending: a wake-up
// during the backoff does not cut it short (waits' keepsArmed), so the
// wait is the backoff's.
func (p *partition) redispatcher() {
	var backoff <-chan time.Time
	for { // want `loop ctx=sync unbounded`
		select {
		case <-p.stop:
			return
		case <-p.trigger:
			if backoff == nil {
				backoff = time.After(p.backoff)
			}
		case <-backoff: // want `R-1: retry of p.dispatch \(GET\) waits a fixed 2s between attempts`
			backoff = nil
			if err := p.dispatch(); err != nil {
				p.triggerRedispatch()
			}
		}
	}
}

// A wake-up that re-arms the timer does cut the wait short: the model
// cannot tell how long the loop waits.
func (p *partition) restartable() {
	var backoff <-chan time.Time
	for { // want `loop ctx=sync unbounded; waits unknown`
		select {
		case <-p.stop:
			return
		case <-p.trigger:
			backoff = time.After(p.backoff)
		case <-backoff:
			backoff = nil
			if err := p.dispatch(); err != nil {
				p.triggerRedispatch()
			}
		}
	}
}

// Traps.

// Only someone else wakes the loop: each wake-up is a new request, a
// failure waits for the next one like a success does.
func (p *partition) onDemand() {
	for {
		select {
		case <-p.stop:
			return
		case <-p.trigger:
			if err := p.dispatch(); err != nil {
				p.sendError(err)
			}
		}
	}
}

// A success wakes the loop again (keep syncing while it works): success
// comes back, no retry.
func (p *partition) syncWhileUp() {
	for {
		select {
		case <-p.stop:
			return
		case <-p.trigger:
			if err := p.dispatch(); err == nil {
				p.triggerRedispatch()
			}
		}
	}
}

// Both outcomes wake the loop: a pump, not a retry.
func (p *partition) pump() {
	for {
		select {
		case <-p.stop:
			return
		case <-p.trigger:
			p.dispatch()
			p.triggerRedispatch()
		}
	}
}

type job struct{ url string }

// A failed job put back on the queue it came from: the loop takes a new
// job on every round, so it is no retry loop; the send is a retry through
// the loop's own queue (requeue/selfqueue.go), whose wait the blocking
// select leaves unknown.
func requeue(jobs chan job, stop chan none) {
	for {
		select {
		case <-stop:
			return
		case j := <-jobs:
			if _, err := http.Get(j.url); err != nil {
				jobs <- j // want `library own queue ctx=async bound=\?; waits unknown`
			}
		}
	}
}

// A pipeline: what comes in goes out on another channel.
func pipeline(in <-chan string, out chan<- int, stop chan none) {
	for {
		select {
		case <-stop:
			return
		case u := <-in:
			resp, err := http.Get(u)
			if err != nil {
				out <- 0
				continue
			}
			resp.Body.Close()
			out <- resp.StatusCode
		}
	}
}
