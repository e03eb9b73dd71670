package retry_test

import (
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
