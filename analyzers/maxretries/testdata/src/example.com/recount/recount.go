// Package recount retries by calling itself with a count parameter
// stepped on every call and compared with a limit: the bound is what the
// limit leaves between the first value the package passes and the end.
package recount

import (
	"errors"
	"net/http"
	"time"
)

const maxTries = 10

type client struct{ hc *http.Client }

var errRateLimited = errors.New("rate limited")

// tooMany goes round on a 429 from tries = 1 while tries < 10: nine
// retries, ten attempts.
func (c *client) tooMany(req *http.Request, tries int) error { // want `R-2: recursive retry of c.hc.Do makes 10 attempts = 9 retries, outside 1-5 for a synchronous API call`
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests {
		return nil
	}
	if tries >= maxTries {
		return errRateLimited
	}
	time.Sleep(time.Second << tries)
	return c.tooMany(req, tries+1)
}

func (c *client) Get(url string) error {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	return c.tooMany(req, 1)
}

// Counting down from 8 while retries > 0 makes eight retries.
func (c *client) down(req *http.Request, retries int, backoff time.Duration) (*http.Response, error) { // want `R-2: recursive retry of c.hc.Do makes 9 attempts = 8 retries, outside 1-5 for a synchronous API call`
	resp, err := c.hc.Do(req)
	if err != nil && retries > 0 {
		time.Sleep(backoff)
		return c.down(req, retries-1, backoff*2)
	}
	return resp, err
}

func (c *client) Fetch(url string) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	return c.down(req, 8, time.Second)
}

// Must not flag: counting down from 3 makes three retries.
func (c *client) down3(req *http.Request, retries int, backoff time.Duration) (*http.Response, error) {
	resp, err := c.hc.Do(req)
	if err != nil && retries > 0 {
		time.Sleep(backoff)
		return c.down3(req, retries-1, backoff*2)
	}
	return resp, err
}

func (c *client) Fetch3(url string) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	return c.down3(req, 3, time.Second)
}
