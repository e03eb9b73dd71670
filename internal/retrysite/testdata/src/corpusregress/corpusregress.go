// Package corpusregress reproduces code of real modules (testdata/corpus)
// that the model once took for retries, with the real retries next to
// them that it must keep finding.
package corpusregress

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// A local closure that drains a channel is local work, whatever bool it
// returns (go-redis, csc_refresh_on_invalidate.go).
func refresher(stop chan struct{}, q chan int, fetch func([]int) error) {
	var pending []int
	window := time.NewTimer(time.Second)
	collect := func(t int) { pending = append(pending, t) }
	flush := func(stopping bool) {
		if !stopping {
			_ = fetch(pending)
		}
		pending = pending[:0]
	}
	drainQueue := func() (empty bool) {
		for len(pending) < 100 {
			select {
			case more := <-q:
				collect(more)
			default:
				return true
			}
		}
		return false
	}
	for {
		select {
		case <-stop:
			for {
				empty := drainQueue()
				flush(true)
				if empty {
					return
				}
			}
		case t := <-q:
			collect(t)
			drainQueue()
			if len(pending) >= 100 {
				flush(false)
			}
		case <-window.C:
			flush(false)
		}
	}
}

// A local closure that calls the network is an operation.
func closureRetried(url string) error {
	get := func() error {
		resp, err := http.Get(url)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		if err = get(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

type redirectError struct{ location string }

func (e *redirectError) Error() string { return "moved to " + e.location }

func doOnce(ctx context.Context, req *http.Request) (*http.Response, error) {
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusMovedPermanently {
		return nil, &redirectError{resp.Header.Get("Location")}
	}
	return resp, nil
}

// Following a redirect calls itself with a new request built from the
// failed call's result (go-github, bareDoUntilFound): not a retry.
func followRedirects(ctx context.Context, req *http.Request, maxRedirects int) (*http.Response, error) {
	resp, err := doOnce(ctx, req)
	if err != nil {
		rerr, ok := err.(*redirectError)
		if ok && maxRedirects > 0 {
			newRequest := req.Clone(ctx)
			u, perr := req.URL.Parse(rerr.location)
			if perr != nil {
				return nil, perr
			}
			newRequest.URL = u
			return followRedirects(ctx, newRequest, maxRedirects-1)
		}
		return nil, err
	}
	return resp, nil
}

// Calling itself with the same request after a failure is a retry.
func retryRecursively(ctx context.Context, req *http.Request, attempts int) (*http.Response, error) { // want `recursion ctx=sync`
	resp, err := doOnce(ctx, req)
	if err != nil && attempts > 0 {
		time.Sleep(time.Second)
		return retryRecursively(ctx, req, attempts-1)
	}
	return resp, err
}

type server struct{ addr string }

type conn struct {
	pool    []*server
	current *server
}

func (c *conn) dial() error {
	nc, err := net.Dial("tcp", c.current.addr)
	if err != nil {
		return err
	}
	return nc.Close()
}

// Trying each server of a pool once points the operation's receiver at
// the next server (nats.go, connect): failover, not a retry.
func (c *conn) connect() error {
	var err error
	for i := 0; i < len(c.pool); i++ {
		c.current = c.pool[i]
		if err = c.dial(); err == nil {
			return nil
		}
	}
	return err
}

// Building each attempt's request from the URL ranged over is the same
// failover (olivere/elastic, startupHealthcheck).
func healthcheck(urls []string) error {
	for _, url := range urls {
		req, err := http.NewRequest("HEAD", url, nil)
		if err != nil {
			return err
		}
		res, err := http.DefaultClient.Do(req)
		if err == nil && res.StatusCode < 300 {
			return nil
		}
	}
	return errors.New("no node answered")
}

// A delay table indexed by the attempt is not an item: this is a retry.
func delayTable(req *http.Request) (*http.Response, error) {
	delays := []time.Duration{time.Second, 2 * time.Second}
	var err error
	for i := 0; i < len(delays); i++ { // want `loop ctx=sync`
		d := delays[i]
		ctx, cancel := context.WithTimeout(context.Background(), d)
		var resp *http.Response
		resp, err = http.DefaultClient.Do(req.WithContext(ctx))
		cancel()
		if err == nil {
			return resp, nil
		}
		time.Sleep(d)
	}
	return nil, err
}

type client struct {
	maxRetries int
	minBackoff time.Duration
}

// process waits before every attempt but the first (go-redis, _process).
func (c *client) process(ctx context.Context, attempt int) (bool, error) {
	if attempt > 0 {
		time.Sleep(c.minBackoff << attempt)
	}
	_, err := http.Get("http://example.com")
	return err != nil, err
}

// The loop shows no wait, but its operation waits before it sends: that
// wait runs before every attempt but the first, so it is the wait between
// attempts, and the loop does not retry at once (go-redis,
// processWithRetry).
func (c *client) processWithRetry(ctx context.Context) error {
	var lastErr error
	for attempt := 0; attempt <= 3; attempt++ { // want `loop ctx=sync retries=3; 1 waits`
		retry, err := c.process(ctx, attempt)
		if err == nil || !retry {
			return err
		}
		lastErr = err
	}
	return lastErr
}
