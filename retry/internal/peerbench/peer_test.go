package peerbench

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	retrygo "github.com/avast/retry-go/v5"
	backoff4 "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	sethretry "github.com/sethvargo/go-retry"

	"github.com/retrylint/retrylint/retry"
)

var (
	errPlain = errors.New("transient")
	// retry retries only classified errors; mark this one once, outside
	// the loops, so the mark is not counted as an allocation.
	errMarked = retry.Retryable(errPlain)
	quiet     = slog.New(slog.DiscardHandler)
)

// an impl runs op under a library's retry loop with up to 3 retries and
// delays from base to cap.
type impl struct {
	name string
	run  func(ctx context.Context, op func() error) error
}

func impls(b *testing.B, base, cap time.Duration) []impl {
	budget, err := retry.NewBudget(retry.BudgetConfig{})
	if err != nil {
		b.Fatal(err)
	}
	// Our budget allows retries only with traffic: give it plenty, so that
	// the retry benchmarks measure retrying, not suppression.
	for range 1 << 22 {
		budget.Request("bench")
	}
	p := retry.Policy{Dependency: "bench", Budget: budget, BaseDelay: base, MaxDelay: cap, Logger: quiet}
	rg := retrygo.New(retrygo.Attempts(4), retrygo.Delay(base), retrygo.MaxDelay(cap), retrygo.LastErrorOnly(true))
	fsExec := failsafe.With[any](retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithBackoff(base, cap).Build())
	return []impl{
		{"retrylint", func(ctx context.Context, op func() error) error {
			return retry.Do(ctx, p, func(context.Context) error {
				if err := op(); err != nil {
					return errMarked
				}
				return nil
			})
		}},
		{"cenkalti-v4", func(ctx context.Context, op func() error) error {
			eb := backoff4.NewExponentialBackOff()
			eb.InitialInterval, eb.MaxInterval = base, cap
			return backoff4.Retry(op, backoff4.WithContext(backoff4.WithMaxRetries(eb, 3), ctx))
		}},
		{"cenkalti-v5", func(ctx context.Context, op func() error) error {
			eb := backoff5.NewExponentialBackOff()
			eb.InitialInterval, eb.MaxInterval = base, cap
			_, err := backoff5.Retry(ctx, func() (struct{}, error) { return struct{}{}, op() },
				backoff5.WithBackOff(eb), backoff5.WithMaxTries(4))
			return err
		}},
		{"retry-go-v5", func(ctx context.Context, op func() error) error {
			return rg.Do(op)
		}},
		{"sethvargo", func(ctx context.Context, op func() error) error {
			bo := sethretry.WithMaxRetries(3, sethretry.WithCappedDuration(cap, sethretry.WithFullJitter(sethretry.NewExponential(base))))
			return sethretry.Do(ctx, bo, func(context.Context) error {
				if err := op(); err != nil {
					return sethretry.RetryableError(err)
				}
				return nil
			})
		}},
		{"failsafe", func(ctx context.Context, op func() error) error {
			return fsExec.Run(op)
		}},
	}
}

// BenchmarkSuccess is an operation that succeeds at once: the cost of
// being ready to retry.
func BenchmarkSuccess(b *testing.B) {
	ctx := context.Background()
	for _, im := range impls(b, time.Second, 30*time.Second) {
		b.Run("impl="+im.name, func(b *testing.B) {
			b.ReportAllocs()
			op := func() error { return nil }
			for b.Loop() {
				if err := im.run(ctx, op); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRetries fails an operation n times before it succeeds, with
// waits of 1µs-10µs so the cost of the machinery shows beside the wait.
func BenchmarkRetries(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{1, 3} {
		for _, im := range impls(b, time.Microsecond, 10*time.Microsecond) {
			b.Run("retries="+string(rune('0'+n))+"/impl="+im.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					left := n
					err := im.run(ctx, func() error {
						if left > 0 {
							left--
							return errPlain
						}
						return nil
					})
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkBudget is the budget under parallel load: every operation
// records its request and one in five asks for a retry. Compare -cpu 1 and
// -cpu 2 (and more where there are more cores): ns/op should fall as cores
// are added. A single mutex-guarded counter is there for contrast.
func BenchmarkBudget(b *testing.B) {
	b.Run("impl=retrylint", func(b *testing.B) {
		budget, err := retry.NewBudget(retry.BudgetConfig{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			i := 0
			for pb.Next() {
				budget.Request("dep")
				if i++; i%5 == 0 {
					budget.AllowRetry("dep")
				}
			}
		})
	})
	b.Run("impl=control", func(b *testing.B) {
		// No shared state at all: how much this machine scales anything.
		b.RunParallel(func(pb *testing.PB) {
			var x [8]int64
			i := 0
			for pb.Next() {
				x[i&7]++
				if i++; i%5 == 0 {
					x[(i+3)&7] += x[i&7]
				}
			}
			sink.Add(x[0])
		})
	})
	b.Run("impl=mutex", func(b *testing.B) {
		var m naive
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			i := 0
			for pb.Next() {
				m.request()
				if i++; i%5 == 0 {
					m.allowRetry()
				}
			}
		})
	})
}

var sink atomic.Int64

// naive is the obvious budget: one mutex, one window.
type naive struct {
	mu                sync.Mutex
	start             time.Time
	requests, retries int
}

func (n *naive) roll() {
	if now := time.Now(); now.Sub(n.start) > 30*time.Second {
		n.start, n.requests, n.retries = now, 0, 0
	}
}

func (n *naive) request() {
	n.mu.Lock()
	n.roll()
	n.requests++
	n.mu.Unlock()
}

func (n *naive) allowRetry() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.roll()
	if float64(n.retries+1) > 0.2*float64(n.requests+1) {
		return false
	}
	n.requests++
	n.retries++
	return true
}

// TestSuccessAllocatesNothing holds Do to its promise.
func TestSuccessAllocatesNothing(t *testing.T) {
	budget, _ := retry.NewBudget(retry.BudgetConfig{})
	p := retry.Policy{Dependency: "bench", Budget: budget, Logger: quiet}
	ctx := context.Background()
	op := func(context.Context) error { return nil }
	if a := testing.AllocsPerRun(1000, func() { _ = retry.Do(ctx, p, op) }); a != 0 {
		t.Fatalf("Do allocates %v times on success", a)
	}
}
