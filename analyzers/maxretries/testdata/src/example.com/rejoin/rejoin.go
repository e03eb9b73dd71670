// Package rejoin: a group member's main loop; after a failed generation
// it starts over, a fixed backoff later, for as long as the group lives.
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

func (g *Group) nextGeneration(memberID string) (string, error) {
	resp, err := g.client.Get("http://coordinator/join?member=" + memberID)
	if err != nil {
		return memberID, err
	}
	defer resp.Body.Close()
	return resp.Header.Get("Member-Id"), nil
}

// Nothing counts the failed joins: a sentinel error class and the
// group's lifetime end the loop, and whether the backoff channel is
// armed is no count.
func (g *Group) run() {
	var memberID string
	var err error
	for { // want `R-2: retry of g.nextGeneration \(GET\) has no maximum retry count`
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
			case <-backoff:
			}
		}
	}
}

// Must not flag: the loop ends on an error variable the package changes
// as it runs (errLast = err), which may carry a count out of sight.
func (g *Group) runUntilRepeated() {
	var memberID string
	var err error
	for {
		memberID, err = g.nextGeneration(memberID)
		if err == nil {
			continue
		}
		if errors.Is(err, errLast) {
			return
		}
		errLast = err
		memberID = ""
		time.Sleep(g.backoff)
	}
}

// Must not flag: the loop stops once a channel of counts it fills is
// full: a channel of values, not a timer.
func (g *Group) runCounted(slots chan int) {
	var memberID string
	var err error
	for {
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
		time.Sleep(g.backoff)
	}
}

// Start runs the member.
func Start(c *http.Client) *Group {
	g := &Group{client: c, done: make(chan struct{}), errs: make(chan error), backoff: 5 * time.Second}
	go g.run()
	go g.runUntilRepeated()
	go g.runCounted(make(chan int, 3))
	return g
}
