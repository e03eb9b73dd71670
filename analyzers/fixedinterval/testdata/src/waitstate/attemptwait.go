package waitstate

import (
	"errors"
	"math/rand"
	"net/http"
	"time"
)

// The attempt is a function (a literal called where it is written, or a
// helper of the package) that waits before it sends: that wait runs
// before every attempt, so it is the wait between attempts.

type mirrorClient struct {
	hc    *http.Client
	url   string
	tries int
	limit int
}

func (c *mirrorClient) attemptInPlace() error {
	for {
		if c.tries > c.limit {
			return errors.New("retry limit")
		}
		c.tries++
		err := func() error { // want `R-1: retry of c.hc.Get \(GET\) waits a fixed 2s between attempts`
			time.Sleep(2 * time.Second)
			resp, err := c.hc.Get(c.url)
			if err != nil {
				return err
			}
			return resp.Body.Close()
		}()
		if err == nil {
			return nil
		}
	}
}

func (c *mirrorClient) pausedGet() error {
	time.Sleep(500 * time.Millisecond) // want `R-1: retry of c\.pausedGet \(GET\) waits a fixed 500ms between attempts, the wait made here`
	resp, err := c.hc.Get(c.url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *mirrorClient) attemptHelper() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = c.pausedGet(); err == nil { // want `R-1: retry of c\.pausedGet \(GET\) waits a fixed 500ms between attempts`
			return nil
		}
	}
	return err
}

// A full draw before the send is compliant; before this change the
// literal's wait was not seen and the loop read "retries at once".
func (c *mirrorClient) attemptJittered() error {
	for i := 0; i < 3; i++ {
		err := func() error {
			time.Sleep(time.Duration(rand.Int63n(int64(time.Second << i))))
			resp, err := c.hc.Get(c.url)
			if err != nil {
				return err
			}
			return resp.Body.Close()
		}()
		if err == nil {
			return nil
		}
	}
	return errors.New("gave up")
}

// A pause after the send runs only once it has succeeded: it is not the
// wait between attempts, and what the way back waits stays unknown.
func (c *mirrorClient) pauseAfterSuccess() error {
	for i := 0; i < 3; i++ {
		err := func() error {
			resp, err := c.hc.Get(c.url)
			if err != nil {
				return err
			}
			time.Sleep(time.Second)
			return resp.Body.Close()
		}()
		if err == nil {
			return nil
		}
	}
	return errors.New("gave up")
}
