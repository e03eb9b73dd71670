package offcap

import (
	"context"
	"errors"
	"time"
)

// --- Must not flag: the package ships a time limit. ---

type shipped struct{ timeout time.Duration }

var defaultShipped = &shipped{timeout: 20 * time.Second}

// WithShippedTimeout changes the shipped limit.
func WithShippedTimeout(d time.Duration) func(*shipped) {
	return func(s *shipped) { s.timeout = d }
}

// RunShipped retries under a 20s deadline by default.
func RunShipped(call APICall, ctx context.Context) error {
	s := defaultShipped
	if s.timeout != 0 {
		c, cancel := context.WithTimeout(ctx, s.timeout)
		defer cancel()
		ctx = c
	}
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		if err := sleep(ctx, time.Second); err != nil {
			return err
		}
	}
}

// --- Must not flag: the zero is replaced by a default. ---

type filled struct{ timeout time.Duration }

// NewFilled defaults a zero timeout.
func NewFilled(timeout time.Duration) *filled {
	f := &filled{timeout: timeout}
	if f.timeout == 0 {
		f.timeout = 30 * time.Second
	}
	return f
}

func (f *filled) run(call APICall, ctx context.Context) error {
	if f.timeout > 0 {
		c, cancel := context.WithTimeout(ctx, f.timeout)
		defer cancel()
		ctx = c
	}
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		if err := sleep(ctx, time.Second); err != nil {
			return err
		}
	}
}

// --- Must not flag: the limit is a plain parameter, the caller's. ---

// RunFor retries for at most d when d is set.
func RunFor(call APICall, ctx context.Context, d time.Duration) error {
	if d > 0 {
		c, cancel := context.WithTimeout(ctx, d)
		defer cancel()
		ctx = c
	}
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		if err := sleep(ctx, time.Second); err != nil {
			return err
		}
	}
}

// --- Must not flag: a field no option sets (nothing the user can turn
// on: the code is simply uncapped, the caller's context decides). ---

type fixed struct{ limit time.Duration }

var defaultFixed = &fixed{}

// RunFixed retries under the caller's context.
func RunFixed(call APICall, ctx context.Context) error {
	f := defaultFixed
	if f.limit != 0 {
		c, cancel := context.WithTimeout(ctx, f.limit)
		defer cancel()
		ctx = c
	}
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		if err := sleep(ctx, time.Second); err != nil {
			return err
		}
	}
}

// --- Not off by default: the guard sets up no time limit. The loop
// relies on the caller's deadline (issue 33). ---

type logged struct{ verbose time.Duration }

var defaultLogged = &logged{}

// WithVerbose sets the verbosity.
func WithVerbose(d time.Duration) func(*logged) { return func(l *logged) { l.verbose = d } }

// RunLogged retries under the caller's context.
func RunLogged(call APICall, ctx context.Context) error {
	l := defaultLogged
	for { // want `R-3: .*has no total duration cap: no attempt count, and only ctx's deadline, which it never sets, ends it`
		if err := call(ctx); err == nil {
			return nil
		}
		if l.verbose != 0 {
			println("retrying")
		}
		if err := sleep(ctx, time.Second); err != nil {
			return err
		}
	}
}

// --- Must not flag: the loop's own context is Background with a
// deadline set unconditionally. ---

// RunCapped retries for at most 10s whatever the options.
func RunCapped(call APICall) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return invoke(call, ctx, settings{})
}

// --- Must not flag: another cap the code always sets (an elapsed-time
// check), beside the one switched off. ---

// RunChecked stops after a minute whatever the settings.
func RunChecked(call APICall, ctx context.Context, s settings) error {
	if s.timeout != 0 {
		c, cancel := context.WithTimeout(ctx, s.timeout)
		defer cancel()
		ctx = c
	}
	start := time.Now()
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		if time.Since(start) > 20*time.Second {
			return errors.New("gave up")
		}
		if err := sleep(ctx, time.Second); err != nil {
			return err
		}
	}
}

// --- Must not flag: the loop's context has a deadline of its own. ---

// RunBounded retries under a 10s deadline it sets itself.
func RunBounded(call APICall, s settings) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if s.timeout != 0 {
		c, cancel2 := context.WithTimeout(ctx, s.timeout)
		defer cancel2()
		ctx = c
	}
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		if err := sleep(ctx, time.Second); err != nil {
			return err
		}
	}
}
