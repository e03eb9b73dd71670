// Package offcap holds retries whose only time limit is a configuration
// field the package ships zero: guarded by `!= 0`, set by an option.
package offcap

import (
	"context"
	"errors"
	"time"
)

// APICall is the operation retried.
type APICall func(ctx context.Context) error

// --- A deadline over the whole retry, off in the zero settings. ---

type settings struct {
	timeout time.Duration
}

// An Option changes the settings.
type Option interface{ resolve(*settings) }

type timeoutOpt struct{ t time.Duration }

func (o timeoutOpt) resolve(s *settings) { s.timeout = o.t }

// WithTimeout caps the whole retry.
func WithTimeout(t time.Duration) Option { return timeoutOpt{t: t} }

// Invoke retries call with the zero settings unless told otherwise.
func Invoke(call APICall, ctx context.Context, opts ...Option) error {
	var s settings
	for _, o := range opts {
		o.resolve(&s)
	}
	return invoke(call, ctx, s)
}

func invoke(call APICall, ctx context.Context, s settings) error {
	if _, ok := ctx.Deadline(); !ok && s.timeout != 0 {
		c, cancel := context.WithTimeout(ctx, s.timeout)
		defer cancel()
		ctx = c
	}
	for { // want `R-3: retry of call has no total duration cap by default: its deadline, from s.timeout, is off unless WithTimeout sets it`
		err := call(ctx)
		if err == nil {
			return nil
		}
		if err := sleep(ctx, time.Second); err != nil {
			return err
		}
	}
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// --- A per-attempt deadline in a helper, off in the default options. ---

type options struct {
	max            int
	perCallTimeout time.Duration
}

var defaultOptions = &options{
	max:            3,
	perCallTimeout: 0,
}

// WithPerCallTimeout bounds each attempt.
func WithPerCallTimeout(d time.Duration) func(*options) {
	return func(o *options) { o.perCallTimeout = d }
}

func perCall(ctx context.Context, o *options) (context.Context, context.CancelFunc) {
	if o.perCallTimeout != 0 {
		return context.WithTimeout(ctx, o.perCallTimeout)
	}
	return ctx, func() {}
}

// Retry retries call with the default options.
func Retry(call APICall, ctx context.Context) error {
	o := defaultOptions
	var err error
	for i := 0; i < o.max; i++ { // want `R-3: retry of call has no total duration cap by default: its per-attempt deadline, from o.perCallTimeout, is off unless WithPerCallTimeout sets it`
		c, cancel := perCall(ctx, o)
		err = call(c)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return err
}

// --- A timer over the whole retry, off in the default config. ---

type config struct {
	maxDuration time.Duration
}

var defaultConfig = &config{}

// WithMaxDuration caps the whole retry.
func WithMaxDuration(d time.Duration) func(*config) {
	return func(c *config) { c.maxDuration = d }
}

// Run retries call; a nil cfg is the default.
func Run(call APICall, ctx context.Context, cfg *config) error {
	if cfg == nil {
		cfg = defaultConfig
	}
	var quit *time.Timer
	if cfg.maxDuration != 0 {
		quit = time.NewTimer(cfg.maxDuration)
		defer quit.Stop()
	}
	for { // want `R-3: retry of call has no total duration cap by default: its timer, from cfg.maxDuration, is off unless WithMaxDuration sets it`
		if cfg.maxDuration != 0 {
			select {
			case <-quit.C:
				return errors.New("deadline")
			default:
			}
		}
		if err := call(ctx); err == nil {
			return nil
		}
		if err := sleep(ctx, time.Second); err != nil {
			return err
		}
	}
}
