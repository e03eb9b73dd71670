package retry_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"testing"
	"time"

	"github.com/retrylint/retrylint/retry"
)

func BenchmarkTimeNow(b *testing.B) {
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			_ = time.Now()
		}
	})
}

func BenchmarkBudgetRequest(b *testing.B) {
	budget, _ := retry.NewBudget(retry.BudgetConfig{})
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			budget.Request("dep")
		}
	})
}

func BenchmarkBudgetAllowRetry(b *testing.B) {
	budget, _ := retry.NewBudget(retry.BudgetConfig{})
	for range 1 << 20 {
		budget.Request("dep")
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			budget.AllowRetry("dep")
		}
	})
}

// BenchmarkBudgetMix is BenchmarkBudget of the peerbench module without
// the clock: every operation records a request and one in five asks for a
// retry, at a time read once (as Do reads it once per call).
func BenchmarkBudgetMix(b *testing.B) {
	budget, _ := retry.NewBudget(retry.BudgetConfig{})
	now := time.Now()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			budget.RequestAt("dep", now)
			if i++; i%5 == 0 {
				budget.AllowRetryAt("dep", now)
			}
		}
	})
}

// contended runs f from 64 goroutines, whatever GOMAXPROCS is.
func contended(b *testing.B, f func()) {
	procs := runtime.GOMAXPROCS(0)
	b.SetParallelism((64 + procs - 1) / procs)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			f()
		}
	})
}

// BenchmarkBudgetCheck is the retry-budget check of R-7 with the real
// clock, uncontended and from 64 goroutines at the GOMAXPROCS there is:
//
//   - allow: a check that is allowed, with the four first attempts that
//     make room for it at 20% (so an op is four Request and one
//     AllowRetry: the budget's whole cost per retry at the ratio);
//   - spent: a check of a spent budget (one AllowRetry that says no, the
//     path every failure takes during an outage).
func BenchmarkBudgetCheck(b *testing.B) {
	allow := func(budget *retry.Budget) func() {
		return func() {
			for range 4 {
				budget.Request("dep")
			}
			budget.AllowRetry("dep")
		}
	}
	spent := func(budget *retry.Budget) func() {
		for budget.AllowRetry("dep") {
		}
		return func() { budget.AllowRetry("dep") }
	}
	for _, mode := range []struct {
		name string
		op   func(*retry.Budget) func()
	}{{"allow", allow}, {"spent", spent}} {
		b.Run("mode="+mode.name+"/uncontended", func(b *testing.B) {
			budget, _ := retry.NewBudget(retry.BudgetConfig{})
			f := mode.op(budget)
			b.ReportAllocs()
			for b.Loop() {
				f()
			}
		})
		b.Run("mode="+mode.name+"/goroutines=64", func(b *testing.B) {
			budget, _ := retry.NewBudget(retry.BudgetConfig{})
			f := mode.op(budget)
			b.ReportAllocs()
			contended(b, f)
		})
	}
}

// BenchmarkDo is Do on its success path and retrying n times with the
// real clock and waits of 1µs-10µs, logging to a discarding handler.
func BenchmarkDo(b *testing.B) {
	budget, _ := retry.NewBudget(retry.BudgetConfig{})
	// Room for every retry the benchmark makes, so that it measures
	// retrying, not suppression.
	for range 1 << 22 {
		budget.Request("bench")
	}
	p := retry.Policy{Dependency: "bench", Budget: budget, BaseDelay: time.Microsecond, MaxDelay: 10 * time.Microsecond,
		Logger: slog.New(slog.DiscardHandler)}
	ctx := context.Background()
	b.Run("success", func(b *testing.B) {
		op := func(context.Context) error { return nil }
		b.ReportAllocs()
		for b.Loop() {
			if err := retry.Do(ctx, p, op); err != nil {
				b.Fatal(err)
			}
		}
	})
	errBusy := retry.Retryable(errors.New("busy"))
	for _, n := range []int{1, 3} {
		b.Run(fmt.Sprintf("retries=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				left := n
				err := retry.Do(ctx, p, func(context.Context) error {
					if left > 0 {
						left--
						return errBusy
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
