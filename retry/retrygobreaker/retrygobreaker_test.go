package retrygobreaker_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"

	"github.com/sony/gobreaker/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/retrylint/retrylint/retry"
	"github.com/retrylint/retrylint/retry/retrygobreaker"
	"github.com/retrylint/retrylint/retry/retrytest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var errDown = errors.New("down")

func TestBudgetExhaustionOpensTheBreaker(t *testing.T) {
	tr := retrygobreaker.NewTripper()
	// No reserve, so that the first failure spends the budget.
	budget, err := retry.NewBudget(retry.BudgetConfig{Reserve: -1, OnExhausted: tr.OnExhausted})
	require.NoError(t, err)
	cb := gobreaker.NewCircuitBreaker[struct{}](tr.Settings("payments", gobreaker.Settings{}))
	assert.Equal(t, "payments", cb.Name())
	p := retry.Policy{Dependency: "payments", Budget: budget, Clock: retrytest.NewAutoClock(),
		Rand: retrytest.MinRand, Logger: slog.New(slog.DiscardHandler)}

	call := func() error {
		_, err := cb.Execute(func() (struct{}, error) {
			return struct{}{}, retry.Do(context.Background(), p, func(context.Context) error {
				return retry.Retryable(errDown)
			})
		})
		return err
	}
	// A cold budget without a reserve cannot retry: the first failure
	// spends it, and the breaker opens on that very call.
	assert.ErrorIs(t, call(), errDown)
	assert.Equal(t, gobreaker.StateOpen, cb.State())
	assert.ErrorIs(t, call(), gobreaker.ErrOpenState)
}

func TestOtherFailuresUseTheUsualRule(t *testing.T) {
	tr := retrygobreaker.NewTripper()
	cb := gobreaker.NewCircuitBreaker[struct{}](tr.Settings("x", gobreaker.Settings{
		ReadyToTrip: func(c gobreaker.Counts) bool { return c.ConsecutiveFailures >= 2 },
	}))
	fail := func() { cb.Execute(func() (struct{}, error) { return struct{}{}, errDown }) }
	fail()
	assert.Equal(t, gobreaker.StateClosed, cb.State())
	fail()
	assert.Equal(t, gobreaker.StateOpen, cb.State())

	// The default rule when none is given.
	rt := tr.ReadyToTrip("y", nil)
	assert.False(t, rt(gobreaker.Counts{ConsecutiveFailures: 5}))
	assert.True(t, rt(gobreaker.Counts{ConsecutiveFailures: 6}))
	tr.OnExhausted("y")
	assert.True(t, rt(gobreaker.Counts{ConsecutiveFailures: 1}))
	assert.False(t, rt(gobreaker.Counts{ConsecutiveFailures: 1}), "the mark is used once")
}
