// Package retry is the module's own retry library: a generic loop whose
// attempt sits in a select default clause, the operation called through
// a generic wrapper, the decision a method over another package's
// classification; Retry wraps it in a closure.
package retry

import (
	"context"
	"math/rand"
	"time"

	"example.com/xdeep/internal/classify"
)

type options struct {
	idempotent bool
	panicked   func(any)
	budget     int
	spent      int
}

// Option configures a retry.
type Option func(*options)

// WithIdempotent marks the operation idempotent.
func WithIdempotent(b bool) Option { return func(o *options) { o.idempotent = b } }

// WithBudget sets how many failures Budgeted takes.
func WithBudget(n int) Option { return func(o *options) { o.budget = n } }

// Budgeted counts its failures in a field of its options: a field the
// loop writes is no setting made with the options (trap: it must not
// read as unbounded, here nor through a caller in another package).
func Budgeted(ctx context.Context, op func(context.Context) error, opts ...Option) error {
	o := &options{}
	for _, opt := range opts {
		opt(o)
	}
	for { // want `loop ctx=sync bound=\?`
		err := op(ctx)
		if err == nil {
			return nil
		}
		o.spent++
		if o.spent > o.budget {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Retry runs op until it succeeds, fails for good or ctx is done.
func Retry(ctx context.Context, op func(context.Context) error, opts ...Option) error {
	_, err := RetryWithResult[*struct{}](ctx, func(ctx context.Context) (*struct{}, error) {
		if err := op(ctx); err != nil {
			return nil, err
		}
		return nil, nil
	}, opts...)
	return err
}

// RetryWithResult runs op until it succeeds, fails for good or ctx is
// done: no attempt count.
func RetryWithResult[T any](ctx context.Context, op func(context.Context) (T, error), opts ...Option) (T, error) {
	var zero T
	o := &options{}
	for _, opt := range opts {
		opt(o)
	}
	i := 0
	for { // want `loop ctx=sync unbounded`
		i++
		select {
		case <-ctx.Done():
			return zero, ctx.Err()
		default:
			ctx = withAttempt(ctx, i) // the context, not the input, changes
			v, err := opWithRecover(ctx, o, op)
			if err == nil {
				return v, nil
			}
			m := check(err)
			if !m.MustRetry(o.idempotent) {
				return zero, err
			}
			delay := time.Duration(rand.Int63n(int64(time.Second) << min(i, 6)))
			t := time.NewTimer(delay)
			select {
			case <-ctx.Done():
				t.Stop()
				return zero, ctx.Err()
			case <-t.C:
				t.Stop()
			}
		}
	}
}

type attemptKey struct{}

func withAttempt(ctx context.Context, i int) context.Context {
	return context.WithValue(ctx, attemptKey{}, i)
}

func opWithRecover[T any](ctx context.Context, o *options, op func(context.Context) (T, error)) (_ T, err error) {
	if o.panicked != nil {
		defer func() {
			if e := recover(); e != nil {
				o.panicked(e)
			}
		}()
	}
	return op(ctx)
}

// mode is the classification of one error.
type mode struct{ temporary bool }

func check(err error) mode { return mode{temporary: classify.Temporary(err)} }

// MustRetry reports whether the error is worth another attempt.
func (m mode) MustRetry(idempotent bool) bool { return m.temporary && idempotent }
