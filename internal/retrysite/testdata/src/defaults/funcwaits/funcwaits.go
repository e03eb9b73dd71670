// Package funcwaits: func values a package ships as the default of a
// func the user can change (an option or setter writes the user's).
package funcwaits

import (
	"context"
	"math/rand"
	"net/http"
	"time"
)

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

type Backoff func(attempt int) time.Duration

// 1. A function of the package is the default; SetBackoff writes the
// user's.

type client struct {
	n       int
	backoff Backoff
}

func constant(int) time.Duration { return 2 * time.Second }

func NewClient() *client { return &client{n: 3, backoff: constant} }

func (c *client) SetBackoff(b Backoff) { c.backoff = b }

func (c *client) call() error {
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoff(i)) // want `sleep fixed interval: a fixed 2s .*\[NewClient's default, which SetBackoff can change\]`
	}
	return err
}

// 2. A function literal is the default.

type litClient struct {
	n       int
	backoff Backoff
}

func NewLitClient() *litClient {
	return &litClient{n: 3, backoff: func(a int) time.Duration { return time.Duration(a) * time.Second }}
}

func (c *litClient) SetBackoff(b Backoff) { c.backoff = b }

func (c *litClient) call() error {
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoff(i)) // want `sleep linear backoff: grows linearly by 1s per attempt.*\[NewLitClient's default, which SetBackoff can change\]`
	}
	return err
}

// 3. A factory of the package called with constants is the default; its
// parameters are the constants.

type facClient struct {
	n       int
	backoff Backoff
}

func Fixed(d time.Duration) Backoff {
	return func(int) time.Duration { return d }
}

var defaultFac = facClient{n: 3, backoff: Fixed(500 * time.Millisecond)}

func WithBackoff(b Backoff) func(*facClient) { return func(c *facClient) { c.backoff = b } }

func callFac(ctx context.Context, opts ...func(*facClient)) error {
	c := defaultFac
	for _, o := range opts {
		o(&c)
	}
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
		d := c.backoff(i)
		time.Sleep(d) // want `sleep fixed interval: a fixed 500ms .*\[defaultFac's default, which WithBackoff can change\]`
	}
	return err
}

// 4. Not known: the factory is called with a value the package computes
// from the user's configuration, beside its constant default.

type cfgClient struct {
	n       int
	backoff Backoff
}

type Config struct{ Wait time.Duration }

func NewCfgClient(cfg Config) *cfgClient {
	c := &cfgClient{n: 3, backoff: Fixed(time.Second)}
	c.backoff = Fixed(cfg.Wait + time.Second)
	return c
}

func (c *cfgClient) SetBackoff(b Backoff) { c.backoff = b }

func (c *cfgClient) call() error {
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoff(i)) // want `sleep unknown:  \[attempt i\]$`
	}
	return err
}

// 5. Not known: no default (the constructor leaves the func nil).

type bareClient struct {
	n       int
	backoff Backoff
}

func NewBareClient() *bareClient { return &bareClient{n: 3} }

func (c *bareClient) SetBackoff(b Backoff) { c.backoff = b }

func (c *bareClient) call() error {
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoff(i)) // want `sleep unknown:  \[attempt i\]$`
	}
	return err
}

// 6. Not known: a factory whose body does more than return its literal.

type moreClient struct {
	n       int
	backoff Backoff
}

func Capped(d time.Duration) Backoff {
	if d > time.Minute {
		d = time.Minute
	}
	return func(int) time.Duration { return d }
}

func NewMoreClient() *moreClient { return &moreClient{n: 3, backoff: Capped(time.Second)} }

func (c *moreClient) SetBackoff(b Backoff) { c.backoff = b }

func (c *moreClient) call() error {
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoff(i)) // want `sleep unknown:  \[attempt i\]$`
	}
	return err
}

// 7. Not known: the default func itself sleeps (through a helper) before
// giving its value: the call is a wait the model does not measure.

type sleepyClient struct {
	n       int
	backoff Backoff
}

func nap(a int) time.Duration {
	time.Sleep(time.Duration(a) * time.Second)
	return time.Second
}

func NewSleepyClient() *sleepyClient {
	return &sleepyClient{n: 3, backoff: func(a int) time.Duration { return nap(a) }}
}

func (c *sleepyClient) SetBackoff(b Backoff) { c.backoff = b }

func (c *sleepyClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `waits unknown`
		if err = do(); err == nil {
			return nil
		}
		c.backoff(i)
	}
	return err
}

// 8. A helper that waits on a timer, stopping and draining it when the
// context ends (`if !t.Stop() { <-t.C }` is no second wait), for the
// duration the default func computes.

type timerClient struct {
	n       int
	backoff Backoff
}

func NewTimerClient() *timerClient { return &timerClient{n: 3, backoff: Fixed(time.Second)} }

func (c *timerClient) SetBackoff(b Backoff) { c.backoff = b }

func (c *timerClient) wait(ctx context.Context, i int) error {
	d := c.backoff(i)
	t := time.NewTimer(d)
	select {
	case <-ctx.Done():
		if !t.Stop() {
			<-t.C
		}
		return ctx.Err()
	case <-t.C:
	}
	return nil
}

func (c *timerClient) call(ctx context.Context) error {
	var err error
	for i := 0; i < c.n; i++ {
		if err = c.wait(ctx, i); err != nil { // want `helper fixed interval: a fixed 1s .*\[NewTimerClient's default, which SetBackoff can change\]`
			return err
		}
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// 9. A default-config literal whose func is a literal called at once: it
// defines the locals its closure keeps (a seeded source) and returns the
// closure, 250ms doubling within [0.8, 1.2] of it: partial jitter.

type iifeCfg struct {
	n       int
	backoff Backoff
}

func defaultIIFECfg() iifeCfg {
	return iifeCfg{
		n: 3,
		backoff: func() Backoff {
			rng := rand.New(rand.NewSource(time.Now().UnixNano()))
			return func(fails int) time.Duration {
				d := 250 * time.Millisecond * time.Duration(1<<fails)
				return time.Duration(float64(d) * (0.8 + 0.4*rng.Float64()))
			}
		}(),
	}
}

func RetryBackoffFn(b Backoff) func(*iifeCfg) { return func(c *iifeCfg) { c.backoff = b } }

func callIIFE(opts ...func(*iifeCfg)) error {
	c := defaultIIFECfg()
	for _, o := range opts {
		o(&c)
	}
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoff(i)) // want `sleep partial jitter: partial jitter: every wait is at least 67% of the backoff, which doubles from 250ms .*\[defaultIIFECfg's default, which RetryBackoffFn can change\]`
	}
	return err
}

// 10. Not known (trap: the called literal reads the constructor's
// argument, a wait the user chooses, so it is no default of the
// package's own).

type iifeArgCfg struct {
	n       int
	backoff Backoff
}

func newIIFEArgCfg(base time.Duration) iifeArgCfg {
	return iifeArgCfg{
		n: 3,
		backoff: func() Backoff {
			b := base
			return func(int) time.Duration {
				if b > 0 {
					return b
				}
				return time.Second
			}
		}(),
	}
}

func WithIIFEBackoff(b Backoff) func(*iifeArgCfg) { return func(c *iifeArgCfg) { c.backoff = b } }

func callIIFEArg(base time.Duration, opts ...func(*iifeArgCfg)) error {
	c := newIIFEArgCfg(base)
	for _, o := range opts {
		o(&c)
	}
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoff(i)) // want `sleep unknown:  \[attempt i\]$`
	}
	return err
}

// 11. A wait asked of an exported interface the package fills with its
// own implementation (Policy: NewDefaultPolicy(), a constructor that
// returns one literal), made in a closure the loop holds: the default's
// method is the wait, a fixed 10s whatever the error but a fatal one.

type Policy interface {
	OnFailure(err error) (time.Duration, error)
}

type DefaultPolicy struct{ fatal error }

func (p *DefaultPolicy) OnFailure(err error) (time.Duration, error) {
	if err == p.fatal {
		return 0, err
	}
	return 10 * time.Second, nil
}

func NewDefaultPolicy() *DefaultPolicy { return &DefaultPolicy{} }

type policyClient struct {
	n      int
	Policy Policy
}

func NewPolicyClient() *policyClient { return &policyClient{n: 3, Policy: NewDefaultPolicy()} }

func (c *policyClient) call(ctx context.Context) error {
	onError := func(err error) error {
		d, err := c.Policy.OnFailure(err)
		if err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
			return nil
		}
	}
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
		if err = onError(err); err != nil { // want `helper fixed interval: a fixed 10s .*\[NewPolicyClient's default, which the user can change\]`
			return err
		}
	}
	return err
}

// 12. Not known (trap: the package installs two implementations, so the
// interface has no one default to judge).

type SlowPolicy struct{}

func (SlowPolicy) OnFailure(err error) (time.Duration, error) { return time.Minute, nil }

type twoClient struct {
	n      int
	Policy Policy
}

func NewTwoClient(slow bool) *twoClient {
	if slow {
		return &twoClient{n: 3, Policy: SlowPolicy{}}
	}
	return &twoClient{n: 3, Policy: NewDefaultPolicy()}
}

func (c *twoClient) call() error {
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
		d, _ := c.Policy.OnFailure(err)
		time.Sleep(d) // want `sleep unknown:  \[attempt i\]$`
	}
	return err
}

// 13. Not known (trap: the closure the loop calls is assigned twice, so
// it is no one helper whose wait is the loop's).

func callTwice(fast bool) error {
	pause := func() { time.Sleep(time.Second) }
	if fast {
		pause = func() {}
	}
	var err error
	for i := 0; i < 3; i++ { // want `waits unknown`
		if err = do(); err == nil {
			return nil
		}
		pause()
	}
	return err
}
