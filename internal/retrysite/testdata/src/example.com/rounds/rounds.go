// Package rounds holds retries in rounds: an outer loop that tries every
// item of a list again once all of them failed (retrysite's rounds.go).
// The one copy of these cases: each line states what the model sees and
// what fixedinterval, maxretries and nonretryable report.
package rounds

import (
	"context"
	"errors"
	"math/rand"
	"net/http"
	"time"
)

type Client struct {
	hc   *http.Client
	user string
	hdr  http.Header
}

// startupCheck HEADs every URL again each fixed second until the
// timeout (olivere/elastic's startupHealthcheck): the other URLs are the
// failover between two tries of one, the second is the wait.
func (c *Client) startupCheck(ctx context.Context, urls []string, timeout time.Duration) error {
	start := time.Now()
	auth := c.user != ""
	for { // want `R-2: retry of c.hc.Do \(HEAD\) has no maximum retry count` `R-4: retry of c.hc.Do \(HEAD\) retries 400, 401, 403, 404, 409, 422 and other 4xx` `loop ctx=sync unbounded` `R-9: .*retries every error, TLS certificate errors included`
		for _, u := range urls {
			req, err := http.NewRequestWithContext(ctx, http.MethodHead, u, nil)
			if err != nil {
				return err
			}
			if auth {
				req.SetBasicAuth(c.user, "")
			}
			if len(c.hdr) > 0 {
				for k, vs := range c.hdr {
					for _, v := range vs {
						req.Header.Add(k, v)
					}
				}
			}
			res, err := c.hc.Do(req)
			if err == nil && res.StatusCode < 300 {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second): // want `R-1: retry of c.hc.Do \(HEAD\) waits a fixed 1s between attempts`
		}
		if time.Since(start) > timeout {
			return errors.New("no server answered")
		}
	}
}

// roundsJittered waits a capped exponential backoff with full jitter
// between three rounds: nothing to say about its waits.
func (c *Client) roundsJittered(ctx context.Context, urls []string) error {
	for round := 0; round < 3; round++ { // want `R-4: retry of c.hc.Do \(GET\) retries 400, 401` `loop ctx=sync retries=2` `R-9: .*retries every error, TLS certificate errors included`
		for _, u := range urls {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
			if err != nil {
				return err
			}
			res, err := c.hc.Do(req)
			if err == nil && res.StatusCode < 300 {
				return nil
			}
		}
		time.Sleep(time.Duration(rand.Int63n(int64(min(30*time.Second, time.Second<<min(round, 5))))))
	}
	return errors.New("no server answered")
}

// refreshed lists the servers again before each round: each round tries
// other items, so no item is retried.
func (c *Client) refreshed(ctx context.Context, urls []string) error {
	for {
		for _, u := range urls {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
			if err != nil {
				return err
			}
			if res, err := c.hc.Do(req); err == nil && res.StatusCode < 300 {
				return nil
			}
		}
		time.Sleep(time.Second)
		urls = c.servers()
	}
}

// listed builds the list inside the round.
func (c *Client) listed(ctx context.Context) error {
	for {
		urls := c.servers()
		for _, u := range urls {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
			if err != nil {
				return err
			}
			if res, err := c.hc.Do(req); err == nil && res.StatusCode < 300 {
				return nil
			}
		}
		time.Sleep(time.Second)
	}
}

// sweep pings every server each second whatever the answers: a periodic
// health check, not a retry.
func (c *Client) sweep(ctx context.Context, urls []string, alive map[string]bool) {
	for {
		for _, u := range urls {
			req, err := http.NewRequestWithContext(ctx, http.MethodHead, u, nil)
			if err != nil {
				continue
			}
			res, err := c.hc.Do(req)
			alive[u] = err == nil && res.StatusCode < 300
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// dispatch hands each message to the first handler that takes it: the
// outer loop moves to the next message, nothing is tried again.
func (c *Client) dispatch(ctx context.Context, msgs <-chan string, urls []string) {
	for m := range msgs {
		for _, u := range urls {
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, u+"/"+m, nil)
			if err != nil {
				continue
			}
			if res, err := c.hc.Do(req); err == nil && res.StatusCode < 300 {
				break
			}
		}
		time.Sleep(time.Second)
	}
}

func (c *Client) servers() []string { return nil }
