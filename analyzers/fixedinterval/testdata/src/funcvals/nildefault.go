package funcvals

import (
	"math"
	"math/rand"
	"net/http"
	"time"
)

// A wait function the user may set in the configuration; when it is nil
// the package waits with its own default, which is what it ships.

type DelayFunc func(attempt int) time.Duration

type NDConfig struct {
	Backoff DelayFunc
	Max     int
}

type ndClient struct {
	cfg *NDConfig
	hc  *http.Client
}

func NewNDClient(cfg *NDConfig) *ndClient { return &ndClient{cfg: cfg, hc: &http.Client{}} }

func expDelay(i int) time.Duration {
	return time.Duration(math.Pow(2, float64(i))) * time.Second
}

func fixedDelay(int) time.Duration { return 2 * time.Second }

func jitterDelay(i int) time.Duration {
	return time.Duration(rand.Int63n(int64(time.Second) << i))
}

func orExp(f DelayFunc) DelayFunc {
	if f != nil {
		return f
	}
	return expDelay
}

func orFixed(f DelayFunc) DelayFunc {
	if f == nil {
		return fixedDelay
	}
	return f
}

func orJitter(f DelayFunc) DelayFunc {
	if f != nil {
		return f
	}
	return jitterDelay
}

func logged(f DelayFunc) DelayFunc { return f }

func orWrapped(f DelayFunc) DelayFunc {
	if f != nil {
		return logged(f)
	}
	return fixedDelay
}

// The default filled in the loop's function.
func (c *ndClient) inline(req *http.Request) (*http.Response, error) {
	delay := c.cfg.Backoff
	if delay == nil {
		delay = expDelay
	}
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(delay(i)) // want `R-1.*doubles from 1s without jitter.*default`
	}
	return nil, err
}

// The default filled by a helper of the package.
func (c *ndClient) helper(req *http.Request) (*http.Response, error) {
	delay := orExp(c.cfg.Backoff)
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(delay(i)) // want `R-1.*doubles from 1s without jitter.*orExp's default`
	}
	return nil, err
}

// The helper tests for nil the other way round.
func (c *ndClient) helperEq(req *http.Request) (*http.Response, error) {
	delay := orFixed(c.cfg.Backoff)
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(delay(i)) // want `R-1.*fixed 2s.*orFixed's default`
	}
	return nil, err
}

// Traps. A default with full jitter is compliant.
func (c *ndClient) jittered(req *http.Request) (*http.Response, error) {
	delay := orJitter(c.cfg.Backoff)
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(delay(i))
	}
	return nil, err
}

// A helper that does more than pick the default: the user's func is
// wrapped, and the wait stays unknown.
func (c *ndClient) wrapped(req *http.Request) (*http.Response, error) {
	delay := orWrapped(c.cfg.Backoff)
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(delay(i))
	}
	return nil, err
}

// A value set after the default is another wait: unknown.
func (c *ndClient) overridden(req *http.Request, fast bool) (*http.Response, error) {
	delay := c.cfg.Backoff
	if delay == nil {
		delay = fixedDelay
	}
	if fast {
		delay = jitterDelay
	}
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(delay(i))
	}
	return nil, err
}

// A package function first, never nil: the nil test is dead and the
// default is not what runs.
func (c *ndClient) neverNil(req *http.Request) (*http.Response, error) {
	delay := DelayFunc(jitterDelay)
	if delay == nil {
		delay = fixedDelay
	}
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(delay(i))
	}
	return nil, err
}

// The package fills the field itself: the nil test's default never runs.
type filledClient struct {
	backoff DelayFunc
	hc      *http.Client
}

func newFilledClient() *filledClient {
	return &filledClient{backoff: jitterDelay, hc: &http.Client{}}
}

func (c *filledClient) do(req *http.Request) (*http.Response, error) {
	delay := orFixed(c.backoff)
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(delay(i))
	}
	return nil, err
}
