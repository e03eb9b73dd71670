// Package nonloop holds retries that are not loops: a function that
// reaches itself through another function of the package on failure,
// and a failure that schedules the same operation again (time.AfterFunc,
// a goroutine that sleeps and calls again), with the traps that repeat
// without being retries (typesx.HeldSelfCalls).
package nonloop

import (
	"errors"
	"io"
	"math/rand"
	"net"
	"net/http"
	"time"
)

type client struct {
	http *http.Client
	addr string
	conn net.Conn
	tree map[string][]string
}

// send fails over to retryRequest, which waits and sends again: the
// cycle send -> retryRequest -> send re-enters send.
func (c *client) send(req *http.Request, left int) error { // want `recursion ctx=sync bound=\?; 1 waits`
	res, err := c.http.Do(req)
	if err != nil {
		return c.retryRequest(req, left)
	}
	return res.Body.Close()
}

func (c *client) retryRequest(req *http.Request, left int) error {
	if left == 0 {
		return errors.New("out of attempts")
	}
	time.Sleep(2 * time.Second) // want `R-1: recursive retry of c.http.Do waits a fixed 2s between attempts`
	return c.send(req, left-1)
}

// reconnect schedules itself again when the dial fails.
func (c *client) reconnect() { // want `recursion ctx=sync unbounded; 1 waits`
	conn, err := net.Dial("tcp", c.addr)
	if err != nil {
		time.AfterFunc(5*time.Second, c.reconnect) // want `R-1: recursive retry of net.Dial waits a fixed 5s between attempts`
		return
	}
	c.conn = conn
}

// connect retries in a goroutine that sleeps and calls it again.
func (c *client) connect() { // want `recursion ctx=sync unbounded; 1 waits`
	conn, err := net.Dial("tcp", c.addr)
	if err != nil {
		go func() {
			time.Sleep(time.Second) // want `R-1: recursive retry of net.Dial waits a fixed 1s between attempts`
			c.connect()
		}()
		return
	}
	c.conn = conn
}

// open fails over to scheduleOpen, which schedules open again through
// a literal: the cycle goes through another function and a timer.
func (c *client) open() { // want `recursion ctx=sync unbounded; 1 waits`
	conn, err := net.Dial("tcp", c.addr)
	if err != nil {
		c.scheduleOpen()
		return
	}
	c.conn = conn
}

func (c *client) scheduleOpen() {
	time.AfterFunc(3*time.Second, func() { c.open() }) // want `R-1: recursive retry of net.Dial waits a fixed 3s between attempts`
}

// Trap: a page fetched again through another function on failure is
// the next page, not the same one.
func (c *client) page(token string) error {
	res, err := c.http.Get("http://" + c.addr + "/?page=" + token)
	if err != nil {
		return c.nextPage(res)
	}
	return res.Body.Close()
}

func (c *client) nextPage(res *http.Response) error {
	if res == nil {
		return errors.New("no page")
	}
	return c.page(res.Header.Get("Next"))
}

// Trap: a periodic job that re-arms itself whatever the outcome is a
// schedule, not a retry.
func (c *client) refresh() {
	if _, err := c.http.Get("http://" + c.addr + "/refresh"); err != nil {
		println(err.Error())
	}
	time.AfterFunc(time.Minute, c.refresh)
}

// Trap: a recursion over a tree goes on with other inputs, after a
// success, through another function.
func (c *client) walk(node string) error {
	res, err := c.http.Get("http://" + c.addr + "/" + node)
	if err != nil {
		return err
	}
	res.Body.Close()
	return c.walkChildren(node)
}

func (c *client) walkChildren(node string) error {
	for _, child := range c.tree[node] {
		if err := c.walk(child); err != nil {
			return err
		}
	}
	return nil
}

// Trap: a reconnect scheduled when the connection, dialled with
// success, closes cleanly is no retry of the dial (serve reaches it
// through readLoop only after a success).
func (c *client) serve() error {
	conn, err := net.Dial("tcp", c.addr)
	if err != nil {
		return err
	}
	c.conn = conn
	go c.readLoop(conn)
	return nil
}

func (c *client) readLoop(conn net.Conn) {
	buf := make([]byte, 512)
	for {
		if _, err := conn.Read(buf); err != nil {
			if errors.Is(err, io.EOF) {
				time.AfterFunc(time.Second, func() { c.serve() })
			}
			return
		}
	}
}

// A recursion counting its attempts in a parameter it steps (tries+1),
// against a limit an interface accessor gives: the limit guards no
// refresh, so the 429 comes back freely and the recursion is a retry.
// Its only wait is a rate limiter's (a call that may wait): R-1 stays
// silent rather than say it retries at once.

type Limiter interface {
	MaxRetries() int
	WaitBucket(url string) error
}

type limited struct {
	http *http.Client
	lim  Limiter
}

func (c *limited) Limiter() Limiter { return c.lim }

func (c *limited) do(url string, tries int) error { // want `recursion ctx=sync bound=\?; waits unknown`
	if err := c.Limiter().WaitBucket(url); err != nil {
		return err
	}
	res, err := c.http.Get(url)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusTooManyRequests {
		if tries >= c.Limiter().MaxRetries() {
			return errors.New("rate limited")
		}
		return c.do(url, tries+1)
	}
	return nil
}

// Trap: one re-authentication after a 401, the callback dropped on the
// way back (auth != nil guards it, no counter is stepped): not a retry.
func (c *limited) upload(url string, auth func() string) error {
	req, err := http.NewRequest(http.MethodPut, url, nil)
	if err != nil {
		return err
	}
	if auth != nil {
		req.Header.Set("Authorization", auth())
	}
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusUnauthorized && auth != nil {
		return c.upload(url, nil)
	}
	return nil
}

// The attempt is the literal the function's own timer runs
// (timerAttempt): a failed token fetch arms the timer again with 10s.
func (c *client) scheduleToken(ttl int) { // want `recursion ctx=sync unbounded; 1 waits`
	time.AfterFunc(time.Duration(ttl)*time.Second, func() { // want `R-1: recursive retry of c.http.Get \(GET\) waits a fixed 10s`
		res, err := c.http.Get("http://" + c.addr + "/token")
		if err != nil {
			c.scheduleToken(10)
			return
		}
		res.Body.Close()
	})
}

// Trap: a capped reconnect armed with a jittered delay that grows with
// the parameter each call steps: compliant. The timer's attempt is not
// read when a call steps a parameter (the wait would look like a fixed
// ceiling, the count like none).
func (c *client) scheduleDial(attempt int) {
	if attempt >= 5 {
		return
	}
	time.AfterFunc(time.Duration(rand.Int63n(int64(time.Second<<attempt))), func() {
		conn, err := net.Dial("tcp", c.addr)
		if err != nil {
			c.scheduleDial(attempt + 1)
			return
		}
		c.conn = conn
	})
}

// Trap: a heartbeat whose timer re-arms itself whatever the ping
// returns is a schedule, not a retry.
func (c *client) scheduleBeat(d time.Duration) {
	time.AfterFunc(d, func() {
		if _, err := c.http.Get("http://" + c.addr + "/ping"); err != nil {
			println(err.Error())
		}
		c.scheduleBeat(d)
	})
}

// Trap: a renewal re-armed only after a success, and dropped on a
// failure, is a periodic job: success comes back.
func (c *client) scheduleRenew(d time.Duration) {
	time.AfterFunc(d, func() {
		res, err := c.http.Get("http://" + c.addr + "/renew")
		if err != nil {
			return
		}
		res.Body.Close()
		c.scheduleRenew(d)
	})
}

// Trap: a literal the timer runs that calls the function of another
// timer (not its own) is no attempt of it.
func (c *client) scheduleOther() {
	go func() {
		time.AfterFunc(time.Second, func() {
			if _, err := c.http.Get("http://" + c.addr + "/x"); err != nil {
				c.scheduleOther()
			}
		})
	}()
}

type counted struct {
	client
	tries int
}

// Trap: the count the function tests before arming its timer is
// stepped in the attempt: the timer's attempt is not read (no site),
// never a retry "with no attempt count".
func (c *counted) scheduleCounted() {
	if c.tries >= 3 {
		return
	}
	time.AfterFunc(time.Second, func() {
		c.tries++
		if _, err := c.http.Get("http://" + c.addr + "/y"); err != nil {
			c.scheduleCounted()
		}
	})
}

// Trap: a capped recursive dial that counts its attempt up and sleeps a
// full-jitter wait under a ceiling that doubles with it: compliant. The
// attempt number starts at 0 whatever the caller passes, so the ceiling
// is seen to grow (waitnum's countsUp), never "fixed".
func (c *client) dialUp(attempt int) error { // want `recursion ctx=sync bound=\?; 1 waits`
	if attempt >= 5 {
		return errors.New("no connection")
	}
	time.Sleep(time.Duration(rand.Int63n(int64(time.Second << attempt))))
	conn, err := net.Dial("tcp", c.addr)
	if err != nil {
		return c.dialUp(attempt + 1)
	}
	c.conn = conn
	return nil
}

// Trap: the same capped full-jitter reconnect written as a function
// with no result (c.redial(n + 1); return): no R-1 either.
func (c *client) redial(attempt int) { // want `recursion ctx=sync bound=\?; 1 waits`
	if attempt >= 5 {
		return
	}
	time.Sleep(time.Duration(rand.Int63n(int64(time.Second << attempt))))
	conn, err := net.Dial("tcp", c.addr)
	if err != nil {
		c.redial(attempt + 1)
		return
	}
	c.conn = conn
}
