package defaults

import (
	"context"
	"math/rand"
	"time"
)

// A func-valued default the package ships (go-grpc-middleware's retry
// options): the package var's backoff is built by the package's own
// constructor with constant arguments; WithBackoff lets the user give
// another func, which is the user's choice.

type BackoffFunc func(ctx context.Context, attempt uint) time.Duration

type options struct {
	max     uint
	backoff BackoffFunc
}

type CallOption struct{ apply func(*options) }

var defaultOptions = &options{
	max:     3,
	backoff: BackoffLinearWithJitter(50*time.Millisecond, 0.10), // want `R-1: .*, the default set here`
}

func jitterUp(d time.Duration, jitter float64) time.Duration {
	m := jitter * (rand.Float64()*2 - 1)
	return time.Duration(float64(d) * (1 + m))
}

func BackoffLinearWithJitter(wait time.Duration, jitter float64) BackoffFunc {
	return func(ctx context.Context, attempt uint) time.Duration {
		return jitterUp(wait, jitter)
	}
}

func WithBackoff(bf BackoffFunc) CallOption {
	return CallOption{apply: func(o *options) { o.backoff = bf }}
}

func Call(ctx context.Context, opts ...CallOption) error {
	o := defaultOptions
	for _, f := range opts {
		f.apply(o)
	}
	var err error
	for attempt := uint(0); attempt < o.max; attempt++ { // want `loop ctx=sync retries=2`
		if attempt > 0 {
			time.Sleep(o.backoff(ctx, attempt)) // want `R-1.*waits a fixed 45ms to 55ms between attempts, defaultOptions.s default, which WithBackoff can change`
		}
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: the default func the package ships is full jitter over
// an exponential backoff (compliant), though the user can change it.

type fjOptions struct {
	max     uint
	backoff BackoffFunc
}

type FJOption func(*fjOptions)

var fjDefaults = fjOptions{max: 3, backoff: BackoffFullJitter(100 * time.Millisecond)}

func BackoffFullJitter(base time.Duration) BackoffFunc {
	return func(ctx context.Context, attempt uint) time.Duration {
		return time.Duration(rand.Int63n(int64(base) << attempt))
	}
}

func WithFJBackoff(bf BackoffFunc) FJOption { return func(o *fjOptions) { o.backoff = bf } }

func CallFJ(ctx context.Context, opts ...FJOption) error {
	o := fjDefaults
	for _, f := range opts {
		f(&o)
	}
	var err error
	for attempt := uint(0); attempt < o.max; attempt++ { // want `loop ctx=sync retries=2`
		if attempt > 0 {
			time.Sleep(o.backoff(ctx, attempt))
		}
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: besides its fixed default, the package writes the func
// from a value it computes at run time (a factory called with the
// config's interval): the default is not all the package may use.

type ovOptions struct {
	max     uint
	backoff BackoffFunc
}

type OVOption func(*ovOptions)

var ovDefaults = ovOptions{max: 3, backoff: BackoffLinearWithJitter(50*time.Millisecond, 0.10)}

func WithOVBackoff(bf BackoffFunc) OVOption { return func(o *ovOptions) { o.backoff = bf } }

type OVConfig struct{ Interval time.Duration }

func (o *ovOptions) configure(c OVConfig) { o.backoff = BackoffLinearWithJitter(c.Interval, 0.5) }

func CallOV(ctx context.Context, c OVConfig, opts ...OVOption) error {
	o := ovDefaults
	o.configure(c)
	for _, f := range opts {
		f(&o)
	}
	var err error
	for attempt := uint(0); attempt < o.max; attempt++ { // want `loop ctx=sync retries=2`
		if attempt > 0 {
			time.Sleep(o.backoff(ctx, attempt))
		}
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: a func field with no default (only the user's option
// writes it; the literal leaves it nil).

type ndOptions struct {
	max     uint
	backoff BackoffFunc
}

type NDOption func(*ndOptions)

func WithNDBackoff(bf BackoffFunc) NDOption { return func(o *ndOptions) { o.backoff = bf } }

func CallND(ctx context.Context, opts ...NDOption) error {
	o := ndOptions{max: 3}
	for _, f := range opts {
		f(&o)
	}
	var err error
	for attempt := uint(0); attempt < o.max; attempt++ { // want `loop ctx=sync retries=2`
		if attempt > 0 && o.backoff != nil {
			time.Sleep(o.backoff(ctx, attempt))
		}
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: the default is a func of another package, whose body
// this package cannot see.

type xpOptions struct {
	max     uint
	backoff func(time.Duration) time.Duration
}

type XPOption func(*xpOptions)

var xpDefaults = xpOptions{max: 3, backoff: time.Duration.Abs}

func WithXPBackoff(bf func(time.Duration) time.Duration) XPOption {
	return func(o *xpOptions) { o.backoff = bf }
}

func CallXP(ctx context.Context, opts ...XPOption) error {
	o := xpDefaults
	for _, f := range opts {
		f(&o)
	}
	var err error
	for attempt := uint(0); attempt < o.max; attempt++ { // want `loop ctx=sync retries=2`
		if attempt > 0 {
			time.Sleep(o.backoff(time.Second))
		}
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}
