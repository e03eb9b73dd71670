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
	return expDelay // want `R-1: .*, the default set here`
}

func orFixed(f DelayFunc) DelayFunc {
	if f == nil {
		return fixedDelay // want `R-1: .*, the default set here`
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

// A getter method of the client picks the user's wait, else the
// package's default: the default is what runs when none is given.
type getterClient struct {
	cfg  *NDConfig
	fast bool
	hc   *http.Client
}

func (c *getterClient) backoff() DelayFunc {
	if c.cfg.Backoff != nil {
		return c.cfg.Backoff
	}
	return expDelay // want `R-1: .*, the default set here`
}

func (c *getterClient) backoffEq() DelayFunc {
	if c.cfg.Backoff == nil {
		return fixedDelay // want `R-1: .*, the default set here`
	} else {
		return c.cfg.Backoff
	}
}

func (c *getterClient) viaLocal(req *http.Request) (*http.Response, error) {
	delay := c.backoff()
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(delay(i)) // want `R-1.*doubles from 1s without jitter.*backoff's default`
	}
	return nil, err
}

func (c *getterClient) direct(req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(c.backoffEq()(i)) // want `R-1.*fixed 2s.*backoffEq's default`
	}
	return nil, err
}

// Traps. A getter with a jittered default is compliant.
func (c *getterClient) backoffJitter() DelayFunc {
	if c.cfg.Backoff != nil {
		return c.cfg.Backoff
	}
	return jitterDelay
}

func (c *getterClient) jittered(req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(c.backoffJitter()(i))
	}
	return nil, err
}

// A getter whose fallback is a parameter the model cannot see: unknown.
func (c *getterClient) backoffOr(def DelayFunc) DelayFunc {
	if c.cfg.Backoff != nil {
		return c.cfg.Backoff
	}
	return def
}

func (c *getterClient) paramFallback(req *http.Request, def DelayFunc) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(c.backoffOr(def)(i))
	}
	return nil, err
}

// A getter whose fallback is a call's result: unknown.
func pick() DelayFunc { return nil }

func (c *getterClient) backoffCall() DelayFunc {
	if c.cfg.Backoff != nil {
		return c.cfg.Backoff
	}
	return pick()
}

func (c *getterClient) callFallback(req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(c.backoffCall()(i))
	}
	return nil, err
}

// A getter with two defaults on two branches, one compliant: unknown.
func (c *getterClient) backoffTwo() DelayFunc {
	if c.cfg.Backoff != nil {
		return c.cfg.Backoff
	}
	if c.fast {
		return jitterDelay
	}
	return fixedDelay
}

func (c *getterClient) twoDefaults(req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(c.backoffTwo()(i))
	}
	return nil, err
}

// The getter tests one setting and returns another: unknown.
type twoCfg struct {
	Backoff, Other DelayFunc
}

type crossClient struct {
	cfg *twoCfg
	hc  *http.Client
}

func (c *crossClient) backoff() DelayFunc {
	if c.cfg.Backoff != nil {
		return c.cfg.Other
	}
	return fixedDelay
}

func (c *crossClient) do(req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(c.backoff()(i))
	}
	return nil, err
}

// The package fills the getter's field itself: the default never runs.
type filledGetter struct {
	backoff DelayFunc
	hc      *http.Client
}

func newFilledGetter() *filledGetter {
	return &filledGetter{backoff: jitterDelay, hc: &http.Client{}}
}

func (c *filledGetter) wait() DelayFunc {
	if c.backoff != nil {
		return c.backoff
	}
	return fixedDelay
}

func (c *filledGetter) do(req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(c.wait()(i))
	}
	return nil, err
}

// The package helper's result called at once, with no local.
func (c *ndClient) helperDirect(req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(orFixed(c.cfg.Backoff)(i)) // want `R-1.*fixed 2s.*orFixed's default`
	}
	return nil, err
}

// A getter whose fallback is a factory of the package called with
// constants: the factory's literal, its parameters bound, is the default.
func doubling(base time.Duration) DelayFunc {
	return func(i int) time.Duration { return base << i }
}

func (c *getterClient) backoffFactory() DelayFunc {
	if c.cfg.Backoff != nil {
		return c.cfg.Backoff
	}
	return doubling(time.Second) // want `R-1: .*, the default set here`
}

func (c *getterClient) factoryFallback(req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(c.backoffFactory()(i)) // want `R-1.*doubles from 1s without jitter.*backoffFactory's default`
	}
	return nil, err
}

// Trap: the factory is given a value that is no constant, on which the
// wait's jitter depends: the default is not known, so no finding.
func jitterIf(j bool) DelayFunc {
	return func(i int) time.Duration {
		if j {
			return jitterDelay(i)
		}
		return fixedDelay(i)
	}
}

func (c *getterClient) backoffFactoryOf() DelayFunc {
	if c.cfg.Backoff != nil {
		return c.cfg.Backoff
	}
	return jitterIf(c.fast)
}

func (c *getterClient) factoryUnknownArg(req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(c.backoffFactoryOf()(i))
	}
	return nil, err
}
