// Package accessor holds operations whose result carries its error in an
// unexported field read through an accessor, err := v.Err(), and methods
// that are no such accessor (outcomeval/carried.go).
package accessor

import (
	"context"
	"errors"
	"net"
	"time"
)

// Verdict is a notification's outcome; err is its failure.
type Verdict struct {
	retry bool
	after time.Duration
	err   error
	note  string
}

// Err returns the carried error.
func (v Verdict) Err() error { return v.err }

// PErr returns it through a pointer receiver.
func (v *Verdict) PErr() error { return (v.err) }

// ShouldRetry says whether the failure is worth another attempt.
func (v Verdict) ShouldRetry() bool { return v.retry }

// Wrapped does more than return the field.
func (v Verdict) Wrapped() error {
	if v.err == nil {
		return nil
	}
	return errors.New(v.note)
}

// Logged returns the field after doing something else.
func (v Verdict) Logged() error {
	println(v.note)
	return v.err
}

// Other returns an error that is not the carried field.
func (v Verdict) Other() error { return errors.New(v.note) }

type Integration struct{ c net.Conn }

func (i *Integration) Notify(ctx context.Context) Verdict {
	if _, err := i.c.Write([]byte("n")); err != nil {
		return Verdict{retry: true, err: err}
	}
	return Verdict{}
}

func (i *Integration) NotifyP(ctx context.Context) *Verdict {
	v := i.Notify(ctx)
	return &v
}

// Notifier is seen from outside: its results are the operation's.
type Notifier interface {
	Notify(ctx context.Context) Verdict
}

// Exec retries until the verdict says stop (alertmanager's RetryStage).
func Exec(ctx context.Context, in *Integration) error {
	for { // want `loop ctx=sync bound=\?`
		verdict := in.Notify(ctx)
		if err := verdict.Err(); err != nil {
			if !verdict.ShouldRetry() {
				return err
			}
		} else {
			return nil
		}
		time.Sleep(time.Second) // want `R-1: retry of in.Notify waits a fixed 1s between attempts`
	}
}

// Chained reads the accessor on the call itself, through an interface.
func Chained(ctx context.Context, in Notifier) error {
	for { // want `loop ctx=sync unbounded`
		err := in.Notify(ctx).Err()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `R-1: retry of in.Notify waits a fixed 1s between attempts`
	}
}

// Pointer reads it through a pointer receiver on a pointer result.
func Pointer(ctx context.Context, in *Integration) error {
	for i := 0; ; i++ { // want `loop ctx=sync retries=4`
		v := in.NotifyP(ctx)
		if v.PErr() == nil || i >= 4 {
			return nil
		}
		time.Sleep(time.Second) // want `R-1: retry of in.NotifyP waits a fixed 1s between attempts`
	}
}

// Must not flag: Wrapped does more than return the field.
func ExecWrapped(ctx context.Context, in *Integration) error {
	for {
		if in.Notify(ctx).Wrapped() == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: Logged does something before it returns the field.
func ExecLogged(ctx context.Context, in *Integration) error {
	for {
		if in.Notify(ctx).Logged() == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: Other returns another error than the carried one.
func ExecOther(ctx context.Context, in *Integration) error {
	for {
		if in.Notify(ctx).Other() == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: the verdict tested also holds a cached one, so its
// error is not the notification's.
func ExecCached(ctx context.Context, in *Integration, cached *Verdict) error {
	for {
		v := cached
		if v == nil {
			v = in.NotifyP(ctx)
		}
		if v.PErr() == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Inner carries an error; Outer embeds it beside an error of its own.
type Inner struct{ err error }

// Err returns Inner's error, promoted to Outer.
func (in Inner) Err() error { return in.err }

type Outer struct {
	Inner
	err error
}

func (i *Integration) NotifyOuter(ctx context.Context) Outer {
	if _, err := i.c.Write([]byte("n")); err != nil {
		return Outer{err: err}
	}
	return Outer{}
}

// Must not flag: the promoted Err returns the embedded Inner's error, not
// the carried field of Outer.
func ExecPromoted(ctx context.Context, in *Integration) error {
	for {
		if in.NotifyOuter(ctx).Err() == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}
