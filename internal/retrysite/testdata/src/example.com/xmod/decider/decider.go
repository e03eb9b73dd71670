// Package decider: loops that go round when a decider func value, given
// the operation's error, says so.
package decider

import (
	"net/http"
	"os"
	"time"

	"example.com/xmod/internal/errcheck"
)

// local: the decider held in a local literal of the same function.
func local(c *http.Client, url string) (*http.Response, error) {
	try := 0
	again := func(err error) bool {
		if err == nil {
			return false
		}
		if try >= 3 {
			return false
		}
		try++
		time.Sleep(time.Minute) // want `R-1: retry of c.Get \(GET\) waits a fixed 1m0s between attempts`
		return true
	}
	for { // want `loop ctx=sync retries=3; 1 waits`
		res, err := c.Get(url)
		if !again(err) {
			return res, err
		}
	}
}

// factory: the decider a factory of another package returns, through a
// second factory binding its count and its sleep function.
func factory(c *http.Client, url string) (*http.Response, error) {
	for again := errcheck.Default(); ; { // want `loop ctx=sync retries=3; 1 waits`
		res, err := c.Get(url)
		if !again(err) { // want `R-1: retry of c.Get \(GET\) waits a fixed 1m0s between attempts`
			return res, err
		}
	}
}

// forever: a decider that waits and counts nothing (it writes nothing
// it captures): the loop retries until success.
func forever(c *http.Client, url string) (*http.Response, error) {
	again := errcheck.Forever()
	for { // want `loop ctx=sync unbounded; 1 waits`
		res, err := c.Get(url)
		if !again(err) { // want `R-1: retry of c.Get \(GET\) waits a fixed 1s between attempts`
			return res, err
		}
	}
}

// Traps. filter: a predicate that neither waits nor counts; the loop has no
// other wait: not a retry.
func filter(c *http.Client, url string) (*http.Response, error) {
	ok := errcheck.Filter()
	for {
		res, err := c.Get(url)
		if !ok(err) {
			return res, err
		}
	}
}

// localOp: the decider waits but the operation is local (os.Open): no
// integration, no site.
func localOp(name string) (*os.File, error) {
	for again := errcheck.Default(); ; {
		f, err := os.Open(name)
		if !again(err) {
			return f, err
		}
	}
}

// limited: a decider whose waits are what the error says (the server's
// reset, its RetryAfter: not a fixed interval), or a minute plus a random
// draw of up to 30s (partial jitter).
func limited(c *http.Client, url string) (*http.Response, error) {
	for again := errcheck.Limited(3, time.Sleep); ; { // want `loop ctx=sync retries=3; 3 waits`
		res, err := c.Get(url)
		if !again(err) { // want `R-1: retry of c.Get \(GET\) waits a fixed 1m0s to 1m30s \(jittered within that range, but it never grows\)`
			return res, err
		}
	}
}

// Trap. every: the decider waits, but says again on success and stops on a
// failure: a poll, not a retry.
func every(c *http.Client, url string) error {
	for again := errcheck.Every(); ; {
		res, err := c.Get(url)
		if err == nil {
			res.Body.Close()
		}
		if !again(err) {
			return err
		}
	}
}

// stepFirst: the count is stepped before the guard: two retries.
func stepFirst(c *http.Client, url string) (*http.Response, error) {
	n := 0
	again := func(err error) bool {
		if err == nil {
			return false
		}
		n++
		if n > 2 {
			return false
		}
		time.Sleep(2 * time.Second) // want `R-1: retry of c.Get \(GET\) waits a fixed 2s between attempts`
		return true
	}
	for { // want `loop ctx=sync retries=2; 1 waits`
		res, err := c.Get(url)
		if !again(err) {
			return res, err
		}
	}
}

// client keeps its decider in a field its constructor sets.
type client struct {
	hc    *http.Client
	again func(error) bool
}

func newClient(hc *http.Client) *client {
	c := &client{hc: hc}
	c.again = func(err error) bool {
		if err == nil {
			return false
		}
		time.Sleep(5 * time.Second) // want `R-1: retry of c.hc.Get \(GET\) waits a fixed 5s between attempts`
		return true
	}
	return c
}

// field: the decider held in a field.
func (c *client) field(url string) (*http.Response, error) {
	for { // want `loop ctx=sync unbounded; 1 waits`
		res, err := c.hc.Get(url)
		if !c.again(err) {
			return res, err
		}
	}
}

// Trap. loopCounts: the decider writes nothing, but it reads the count
// the loop steps: its answer counts, and the loop is not unbounded.
func loopCounts(c *http.Client, url string) (*http.Response, error) {
	attempt := 0
	again := func(err error) bool {
		if err == nil || attempt >= 3 {
			return false
		}
		time.Sleep(3 * time.Second) // want `R-1: retry of c.Get \(GET\) waits a fixed 3s between attempts`
		return true
	}
	for { // want `loop ctx=sync bound=\?; 1 waits`
		attempt++
		res, err := c.Get(url)
		if !again(err) {
			return res, err
		}
	}
}
