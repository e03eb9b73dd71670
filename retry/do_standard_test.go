package retry_test

import (
	"context"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/retrylint/retrylint/policy"
	"github.com/retrylint/retrylint/retry"
	"github.com/retrylint/retrylint/retry/retrytest"
)

// hooks is the zero Policy with only the test hooks set: a fake clock, a
// fixed random source and a quiet logger.
func hooks() retry.Policy {
	return retry.Policy{Clock: retrytest.NewAutoClock(), Rand: retrytest.MaxRand, Logger: slog.New(slog.DiscardHandler)}
}

// R-7 with a reserve: the first failing call of a cold process is retried.
func TestDoZeroPolicyRetriesAOneOffFailure(t *testing.T) {
	p := hooks()
	// The process-wide default budget, on a dependency no other test
	// (nor an earlier -count run) has used.
	p.Dependency = "cold-" + uuid.NewString()
	op, calls := failing(2, &retry.StatusError{StatusCode: 503})
	require.NoError(t, retry.Do(context.Background(), p, op))
	assert.Equal(t, 3, *calls, "503 twice, then 200")

	// Up to the default count, from a cold budget of the default
	// configuration.
	b, err := retry.NewBudget(retry.BudgetConfig{})
	require.NoError(t, err)
	p.Budget = b
	op, calls = failing(100, &retry.StatusError{StatusCode: 503})
	require.Error(t, retry.Do(context.Background(), p, op))
	assert.Equal(t, policy.For(policy.SyncAPI).DefaultRetries+1, *calls)
}

// R-7 under load: 200 calls to a dependency that always fails make at
// most 20% of the requests plus the reserve in retries.
func TestDoBudgetCapsAnAlwaysFailingDependency(t *testing.T) {
	for _, reserve := range []int{0, 1, retry.MaxBudgetReserve} {
		t.Run(fmt.Sprint(reserve), func(t *testing.T) {
			b, err := retry.NewBudget(retry.BudgetConfig{Reserve: reserve})
			require.NoError(t, err)
			want := reserve
			if reserve == 0 {
				want = retry.DefaultBudgetReserve
			}
			p := hooks()
			p.Dependency = "down"
			p.Budget = b
			total := 0
			for range 200 {
				op, calls := failing(1000, &retry.StatusError{StatusCode: 503})
				require.Error(t, retry.Do(context.Background(), p, op))
				total += *calls
			}
			retries := total - 200
			t.Logf("reserve %d: %d requests, %d retries", want, total, retries)
			assert.LessOrEqual(t, float64(retries), policy.BudgetRatio*float64(total)+float64(want))
			// The budget is used, not just respected: one more retry
			// would have broken the cap.
			assert.Greater(t, float64(retries+1), policy.BudgetRatio*float64(total+1)+float64(want))
		})
	}
}

// Retryable cannot make a class the standard forbids retrying
// retryable; Policy.Classify is the deliberate way.
func TestDoRetryableDoesNotOverrideNonRetryableClasses(t *testing.T) {
	for name, err := range map[string]error{
		"400":           &retry.StatusError{StatusCode: 400},
		"401":           &retry.StatusError{StatusCode: 401},
		"403":           &retry.StatusError{StatusCode: 403},
		"404":           &retry.StatusError{StatusCode: 404},
		"409":           &retry.StatusError{StatusCode: 409},
		"422":           &retry.StatusError{StatusCode: 422},
		"wrapped 400":   fmt.Errorf("create order: %w", &retry.StatusError{StatusCode: 400}),
		"certificate":   x509.UnknownAuthorityError{},
		"serialization": json.Unmarshal([]byte("{"), new(any)),
	} {
		t.Run(name, func(t *testing.T) {
			p, clock := testPolicy(t)
			op, calls := failing(100, retry.Retryable(err))
			got := lastErr(t, retry.Do(context.Background(), p, op), retry.ReasonNotRetryable)
			assert.Equal(t, 1, *calls)
			assert.Empty(t, clock.Waits())
			assert.Equal(t, err, got, "returned unmarked")
			assert.Equal(t, policy.NonRetryable, retry.Classify(retry.Retryable(err)))
		})
	}
	// What R-4 retries, or does not name, the mark still retries.
	for _, err := range []error{&retry.StatusError{StatusCode: 503}, &retry.StatusError{StatusCode: 501}, errTransient} {
		p, _ := testPolicy(t)
		op, calls := failing(2, retry.Retryable(err))
		require.NoError(t, retry.Do(context.Background(), p, op))
		assert.Equal(t, 3, *calls, "%v", err)
	}
	// A classifier is the deliberate override (but never of a
	// certificate error, R-9).
	p, _ := testPolicy(t)
	p.Classify = func(err error) (policy.Class, string) {
		var se *retry.StatusError
		if errors.As(err, &se) && se.StatusCode == 409 {
			return policy.Retryable, "conflict_reread"
		}
		return policy.Unclassified, ""
	}
	op, calls := failing(1, &retry.StatusError{StatusCode: 409})
	require.NoError(t, retry.Do(context.Background(), p, op))
	assert.Equal(t, 2, *calls)
}

// decorrelated jitter is min(cap, random_between(base, prev*3)): the
// draw is capped after it is made.
func TestDoDecorrelatedJitterFollowsItsFormula(t *testing.T) {
	p, clock := testPolicy(t)
	p.Jitter = retry.DecorrelatedJitter
	p.Context = policy.AsyncEvent
	p.MaxRetries = 8
	p.DeadLetter = func(context.Context, retry.DeadLetterMessage) error { return nil }
	// The middle of every range: base + (prev*3-base)/2.
	p.Rand = retrytest.RandFunc(func(n int64) int64 { return n / 2 })
	op, _ := failing(8, retry.Retryable(errTransient))
	require.NoError(t, retry.Do(context.Background(), p, op))
	// 1+(3-1)/2 = 2; 1+(6-1)/2 = 3.5; 1+(10.5-1)/2 = 5.75; 9.125;
	// 14.1875; 21.78125; then 1+(65.34375-1)/2 = 33.17 capped at 30, and
	// 1+(90-1)/2 = 45.5 capped at 30. Capping the range first would give
	// 1+(30-1)/2 = 15.5 for the last two.
	assert.Equal(t, secs(2, 3.5, 5.75, 9.125, 14.1875, 21.78125, 30, 30), clock.Waits())
}

// a key over 64 characters is refused by Do too, before any attempt.
func TestDoRefusesOverlongKeys(t *testing.T) {
	p, _ := testPolicy(t)
	op, calls := failing(0, nil)
	ctx := retry.WithIdempotencyKey(context.Background(), strings.Repeat("k", policy.MaxIdempotencyKeyLength+1))
	assert.ErrorIs(t, retry.Do(ctx, p, op), retry.ErrInvalidPolicy)
	assert.Zero(t, *calls)
	ctx = retry.WithIdempotencyKey(context.Background(), strings.Repeat("k", policy.MaxIdempotencyKeyLength))
	require.NoError(t, retry.Do(ctx, p, op))
	assert.Equal(t, 1, *calls)
}

// the dead-letter hook's error is logged by type and redacted: its
// text may quote the message it failed to store.
func TestDoDeadLetterErrorIsRedacted(t *testing.T) {
	p, _ := testPolicy(t)
	p.Context = policy.AsyncEvent
	var logs logBuffer
	p.Logger = logs.logger()
	errDLQ := &publishError{"dlq publish rejected: message " + `{"card":"4111111111111111","email":"ann@example.com"}` + " too large"}
	p.DeadLetter = func(context.Context, retry.DeadLetterMessage) error { return errDLQ }
	op, _ := failing(100, &retry.StatusError{StatusCode: 400})
	err := retry.Do(context.Background(), p, op)
	assert.ErrorIs(t, err, errDLQ, "the caller still gets the hook's error")

	recs := logs.records(t)
	require.NotEmpty(t, recs)
	last := recs[len(recs)-1]
	assert.Equal(t, "retry: dead-letter routing failed", last["msg"])
	assert.Equal(t, "*retry_test.publishError", last["dead_letter_error_type"])
	assert.Equal(t, "dlq publish rejected", last["dead_letter_error"])
	out := logs.String()
	for _, secret := range []string{"4111111111111111", "ann@example.com", "card"} {
		assert.NotContains(t, out, secret)
	}

	// Words that are not plain are redacted even before a colon.
	logs = logBuffer{}
	p.Logger = logs.logger()
	p.DeadLetter = func(context.Context, retry.DeadLetterMessage) error {
		return errors.New(`queue full, dropped token=s3cr3t for ann@example.com`)
	}
	require.Error(t, retry.Do(context.Background(), p, op))
	recs = logs.records(t)
	last = recs[len(recs)-1]
	assert.Equal(t, "*errors.errorString", last["dead_letter_error_type"])
	assert.Equal(t, "queue [redacted] dropped [redacted] for [redacted]", last["dead_letter_error"])
}

type publishError struct{ msg string }

func (e *publishError) Error() string { return e.msg }
