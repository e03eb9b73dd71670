package waitstate

import (
	"math/rand"
	"net/http"
	"strconv"
	"time"
)

// A branch on what the server says (a 429 and its reset header) adjusts
// the wait: the client's own schedule is the wait without it.

func resetAfter(v string) time.Duration {
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return 0
	}
	return time.Duration(n) * time.Second
}

func serverDelay(resp *http.Response, n int) time.Duration {
	d := time.Duration(1<<n) * time.Second
	limited := resp.StatusCode == http.StatusTooManyRequests
	if limited {
		d = max(d, resetAfter(resp.Header.Get("X-RateLimit-Reset")))
	}
	return d
}

func serverPaced(c *http.Client, req *http.Request) (*http.Response, error) {
	for n := 0; n < 4; n++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(serverDelay(resp, n)) // want `R-1: retry of c\.Do: its wait doubles from 1s without jitter`
	}
	return nil, nil
}

// Must not flag: the branch is the client's own setting, not the
// server's say; with it the wait may be drawn in full.

type pacer struct{ full bool }

func (p *pacer) delay(n int) time.Duration {
	d := time.Duration(1<<n) * time.Second
	if p.full {
		d = time.Duration(rand.Int63n(int64(d)))
	}
	return d
}

func (p *pacer) paced(c *http.Client, req *http.Request) (*http.Response, error) {
	for n := 0; n < 4; n++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode < 500 {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(p.delay(n))
	}
	return nil, nil
}
