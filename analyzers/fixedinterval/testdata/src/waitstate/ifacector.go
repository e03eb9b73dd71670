package waitstate

import (
	"math/rand/v2"
	"net/http"
	"time"
)

// A wait read through an interface field whose default is a package
// variable a constructor of constants builds
// (DefaultRetryPolicy = NewBackOffRetryPolicy(3, 20000, 300)): the
// default's method runs on the object the constructor makes. Its retry
// decision (a bool) is not where the fix goes; its delay method is.

type RetryPolicy interface {
	ShouldRetry(err error, attempts int) bool
	DelayBeforeNextRetry(err error, attempts int) time.Duration
}

type BackOffRetryPolicy struct {
	maxErrorRetry  int
	maxDelayMillis int64
	baseMillis     int64
}

func (b *BackOffRetryPolicy) ShouldRetry(err error, attempts int) bool {
	return attempts < b.maxErrorRetry && err != nil
}

func (b *BackOffRetryPolicy) DelayBeforeNextRetry(err error, attempts int) time.Duration { // want `R-1: retry of c\.hc\.Do with BackOffRetryPolicy: its wait doubles from 300ms without jitter`
	d := (int64(1) << min(attempts, 20)) * b.baseMillis
	if d > b.maxDelayMillis {
		d = b.maxDelayMillis
	}
	return time.Duration(d) * time.Millisecond
}

func NewBackOffRetryPolicy(maxRetry int, maxDelay, base int64) *BackOffRetryPolicy {
	return &BackOffRetryPolicy{maxRetry, maxDelay, base}
}

var DefaultRetryPolicy = NewBackOffRetryPolicy(3, 20000, 300)

type PolicyConfig struct{ Retry RetryPolicy }

type PolicyClient struct {
	Config *PolicyConfig
	hc     *http.Client
}

func NewPolicyClient() *PolicyClient {
	return &PolicyClient{Config: &PolicyConfig{Retry: DefaultRetryPolicy}, hc: &http.Client{}}
}

func (c *PolicyClient) Send(req *http.Request) (*http.Response, error) {
	retries := 0
	for {
		resp, err := c.hc.Do(req)
		if err != nil {
			if c.Config.Retry.ShouldRetry(err, retries) {
				time.Sleep(c.Config.Retry.DelayBeforeNextRetry(err, retries)) // want `R-1: retry of c\.hc\.Do: its wait doubles from 300ms without jitter, DefaultRetryPolicy's default`
			} else {
				return nil, err
			}
			retries++
			continue
		}
		return resp, nil
	}
}

// Must not flag: the default the constructor builds draws full jitter.

type JitterPolicy interface {
	Delay(attempts int) time.Duration
}

type FullJitterPolicy struct{ baseMillis int64 }

func (p *FullJitterPolicy) Delay(attempts int) time.Duration {
	return time.Duration(rand.Int64N((int64(1)<<min(attempts, 20))*p.baseMillis+1)) * time.Millisecond
}

func NewFullJitterPolicy(base int64) *FullJitterPolicy { return &FullJitterPolicy{base} }

var DefaultJitterPolicy = NewFullJitterPolicy(300)

type JitterClient struct {
	Policy JitterPolicy
	hc     *http.Client
}

func NewJitterClient() *JitterClient {
	return &JitterClient{Policy: DefaultJitterPolicy, hc: &http.Client{}}
}

func (c *JitterClient) Send(req *http.Request) (*http.Response, error) {
	for attempts := 0; attempts < 3; attempts++ {
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(c.Policy.Delay(attempts))
	}
	return nil, http.ErrHandlerTimeout
}
