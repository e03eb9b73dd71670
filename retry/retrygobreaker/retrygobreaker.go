// Package retrygobreaker opens sony/gobreaker circuit breakers when the
// retry budget of their dependency is spent, as R-7 of the Retry Policy
// standard says it should (INTG-STD-033).
//
// gobreaker has no call to open a breaker from outside; a Tripper marks the
// dependency when its budget runs out, and the breaker's ReadyToTrip, which
// gobreaker consults on the next failure, then trips it:
//
//	tr := retrygobreaker.NewTripper()
//	budget, _ := retry.NewBudget(retry.BudgetConfig{OnExhausted: tr.OnExhausted})
//	cb := gobreaker.NewCircuitBreaker[*http.Response](tr.Settings("payments.example.com", gobreaker.Settings{}))
//	p := retry.Policy{Budget: budget, Dependency: "payments.example.com"}
//	resp, err := cb.Execute(func() (*http.Response, error) {
//		return retry.DoValue(ctx, p, call)
//	})
//
// The failure that spent the budget is the one that comes back from
// retry.Do (an error matching retry.ErrBudgetExhausted), so the breaker
// opens on that very call.
package retrygobreaker

import (
	"sync"
	"sync/atomic"

	"github.com/sony/gobreaker/v2"
)

// A Tripper remembers which dependencies have spent their retry budget
// until their breakers have tripped. It is safe for concurrent use.
type Tripper struct {
	flags sync.Map // dependency -> *atomic.Bool
}

// NewTripper returns a Tripper.
func NewTripper() *Tripper { return &Tripper{} }

func (t *Tripper) flag(dependency string) *atomic.Bool {
	if f, ok := t.flags.Load(dependency); ok {
		return f.(*atomic.Bool)
	}
	f, _ := t.flags.LoadOrStore(dependency, new(atomic.Bool))
	return f.(*atomic.Bool)
}

// OnExhausted marks dependency's budget as spent. Use it as
// retry.BudgetConfig.OnExhausted.
func (t *Tripper) OnExhausted(dependency string) {
	t.flag(dependency).Store(true)
}

// ReadyToTrip returns a gobreaker ReadyToTrip function for dependency's
// breaker: it trips on a failure after the budget was spent, and otherwise
// asks next (gobreaker's default, more than 5 consecutive failures, when
// next is nil). Tripping clears the mark.
func (t *Tripper) ReadyToTrip(dependency string, next func(gobreaker.Counts) bool) func(gobreaker.Counts) bool {
	f := t.flag(dependency)
	if next == nil {
		next = func(c gobreaker.Counts) bool { return c.ConsecutiveFailures > 5 }
	}
	return func(c gobreaker.Counts) bool {
		if f.Swap(false) {
			return true
		}
		return next(c)
	}
}

// Settings returns s with its ReadyToTrip wrapped by ReadyToTrip and, when
// empty, its Name set to dependency.
func (t *Tripper) Settings(dependency string, s gobreaker.Settings) gobreaker.Settings {
	if s.Name == "" {
		s.Name = dependency
	}
	s.ReadyToTrip = t.ReadyToTrip(dependency, s.ReadyToTrip)
	return s
}
