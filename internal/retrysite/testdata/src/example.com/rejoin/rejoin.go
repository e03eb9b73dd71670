// Package rejoin: a group member's main loop, which joins a generation,
// runs it, and joins the next; after a failure it starts over, a fixed
// backoff later, for as long as the group lives. The model's test runs
// fixedinterval and maxretries over it (retrysite's TestRejoin).
package rejoin

import (
	"errors"
	"net/http"
	"time"
)

var errClosed = errors.New("group closed")

// errLast is the last error seen: it changes as the loop runs.
var errLast = errors.New("none yet")

// Group is a consumer group member.
type Group struct {
	client  *http.Client
	done    chan struct{}
	errs    chan error
	backoff time.Duration
}

// nextGeneration joins the group with memberID (empty for a new member)
// and runs one generation; it returns the member ID the server gave,
// also with an error.
func (g *Group) nextGeneration(memberID string) (string, error) {
	resp, err := g.client.Get("http://coordinator/join?member=" + memberID)
	if err != nil {
		return memberID, err
	}
	defer resp.Body.Close()
	return resp.Header.Get("Member-Id"), nil
}

// After a failed generation the member drops its ID and joins again as a
// new member, a fixed backoff later: a retry of the join (the loop also
// goes round after a generation that ended well: that is its job).
func (g *Group) run() {
	var memberID string
	var err error
	for { // want `R-2: retry of g.nextGeneration \(GET\) has no maximum retry count` `^loop ctx=async unbounded$`
		memberID, err = g.nextGeneration(memberID)
		var backoff <-chan time.Time
		switch {
		case err == nil:
			continue
		case errors.Is(err, errClosed):
			return
		default:
			memberID = ""
			backoff = time.After(g.backoff)
		}
		select {
		case <-g.done:
			return
		case g.errs <- err:
		}
		if backoff != nil {
			select {
			case <-g.done:
				return
			case <-backoff: // want `R-1: retry of g.nextGeneration \(GET\) waits a fixed 5s between attempts`
			}
		}
	}
}

// Not a retry (no site, no finding): after a failure the member takes a
// new name, so the next join is not the one that failed.
func (g *Group) runRenamed() {
	var memberID string
	var err error
	for {
		memberID, err = g.nextGeneration(memberID)
		var backoff <-chan time.Time
		switch {
		case err == nil:
			continue
		case errors.Is(err, errClosed):
			return
		default:
			memberID = "fresh"
			backoff = time.After(g.backoff)
		}
		if backoff != nil {
			select {
			case <-g.done:
				return
			case <-backoff:
			}
		}
	}
}

// No site, no finding: the channel the loop waits on holds one of two
// waits, so what it waits is not one interval.
func (g *Group) runTwoWaits(quick bool) {
	var memberID string
	var err error
	for {
		memberID, err = g.nextGeneration(memberID)
		var backoff <-chan time.Time
		switch {
		case err == nil:
			continue
		case errors.Is(err, errClosed):
			return
		case quick:
			memberID = ""
			backoff = time.After(time.Millisecond)
		default:
			memberID = ""
			backoff = time.After(g.backoff)
		}
		if backoff != nil {
			select {
			case <-g.done:
				return
			case <-backoff:
			}
		}
	}
}

// R-2 must not flag: the loop ends on an error variable the package
// changes as it runs (errLast = err), which may carry a count out of
// sight (bound unknown). Its wait is a fixed 5s.
func (g *Group) runUntilRepeated() {
	var memberID string
	var err error
	for { // want `^loop ctx=async bound=\?$`
		memberID, err = g.nextGeneration(memberID)
		if err == nil {
			continue
		}
		if errors.Is(err, errLast) {
			return
		}
		errLast = err
		memberID = ""
		time.Sleep(g.backoff) // want `R-1: retry of g.nextGeneration \(GET\) waits a fixed 5s between attempts`
	}
}

// R-2 must not flag: the loop stops once a channel of counts it fills is
// full: a channel of values, not a timer (bound unknown). Its wait is a
// fixed 5s.
func (g *Group) runCounted(slots chan int) {
	var memberID string
	var err error
	for { // want `^loop ctx=async bound=\?$`
		memberID, err = g.nextGeneration(memberID)
		if err == nil {
			continue
		}
		var full chan int
		if len(slots) == cap(slots) {
			full = slots
		}
		if full != nil {
			return
		}
		slots <- 1
		memberID = ""
		time.Sleep(g.backoff) // want `R-1: retry of g.nextGeneration \(GET\) waits a fixed 5s between attempts`
	}
}

// Start runs the member.
func Start(c *http.Client) *Group {
	g := &Group{client: c, done: make(chan struct{}), errs: make(chan error), backoff: 5 * time.Second}
	go g.run()
	go g.runRenamed()
	go g.runTwoWaits(false)
	go g.runUntilRepeated()
	go g.runCounted(make(chan int, 3))
	return g
}
