// Package watchplan holds watch loops that also retry their failures,
// forever, until a stop channel closes: the loop asks a method whether the
// channel is closed (a stop check), which counts no attempts.
package watchplan

import (
	"net/http"
	"time"
)

type Plan struct {
	URL    string
	stopCh chan struct{}
	last   int
	n      int
}

func (p *Plan) shouldStop() bool {
	select {
	case <-p.stopCh:
		return true
	default:
		return false
	}
}

// Run watches until stopped; a failed watch is retried forever.
func (p *Plan) Run() {
	failures := 0
	for !p.shouldStop() { // want `R-2: .*no maximum retry count`
		idx, err := p.watch()
		if p.shouldStop() {
			break
		}
		if err != nil {
			failures++
			// The shape of the failed answer counts nothing.
			if idx == nil {
				p.last = 0
			} else {
				p.last = -1
			}
			retry := time.Second * time.Duration(failures*failures)
			if retry > time.Minute {
				retry = time.Minute
			}
			select {
			case <-time.After(retry):
				continue
			case <-p.stopCh:
				return
			}
		}
		failures = 0
		p.last = idx.N
	}
}

type Index struct{ N int }

// watch asks the server for the current index.
func (p *Plan) watch() (*Index, error) {
	res, err := http.Get(p.URL)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	return &Index{N: res.StatusCode}, nil
}

// tooMany counts the calls it answers: it may count attempts.
func (p *Plan) tooMany() bool {
	p.n++
	return p.n > 5
}

// RunCounted stops through a method that counts: the bound is unknown, no
// finding.
func (p *Plan) RunCounted() {
	failures := 0
	for !p.tooMany() {
		res, err := http.Get(p.URL)
		if err != nil {
			failures++
			select {
			case <-time.After(time.Second * time.Duration(failures*failures)):
				continue
			case <-p.stopCh:
				return
			}
		}
		failures = 0
		p.last = res.StatusCode
		res.Body.Close()
	}
}

// busy is no stop check: its select sends.
func (p *Plan) busy(ch chan int) bool {
	select {
	case ch <- 1:
		return true
	default:
		return false
	}
}

// RunSend stops through a select that sends (and takes an argument): no
// finding.
func (p *Plan) RunSend(ch chan int) {
	failures := 0
	for !p.busy(ch) {
		res, err := http.Get(p.URL)
		if err != nil {
			failures++
			select {
			case <-time.After(time.Second * time.Duration(failures*failures)):
				continue
			case <-p.stopCh:
				return
			}
		}
		failures = 0
		p.last = res.StatusCode
		res.Body.Close()
	}
}

type slot struct{ id int }

// nextSlot hands out three slots, then nil: a count kept out of sight.
func (p *Plan) nextSlot() *slot {
	p.n++
	if p.n > 3 {
		return nil
	}
	return &slot{p.n}
}

// RunSlots gives up when nextSlot, a function of the package that makes
// no call to another service, returns nil: the nil test may count, no
// finding.
func (p *Plan) RunSlots() {
	failures := 0
	for !p.shouldStop() {
		res, err := http.Get(p.URL)
		if err != nil {
			failures++
			s := p.nextSlot()
			if s == nil {
				return
			}
			select {
			case <-time.After(time.Second * time.Duration(failures*failures)):
				continue
			case <-p.stopCh:
				return
			}
		}
		failures = 0
		p.last = res.StatusCode
		res.Body.Close()
	}
}
