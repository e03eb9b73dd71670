package retry_test

import (
	"context"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/retrylint/retrylint/policy"
	"github.com/retrylint/retrylint/retry"
	"github.com/retrylint/retrylint/retry/retrytest"
)

var errTransient = errors.New("transient")

// failing returns an op that fails with err n times, then succeeds, and a
// pointer to its call count.
func failing(n int, err error) (func(context.Context) error, *int) {
	calls := 0
	return func(context.Context) error {
		calls++
		if calls <= n {
			return err
		}
		return nil
	}, &calls
}

func TestDoSucceedsAtOnce(t *testing.T) {
	p, clock := testPolicy(t)
	op, calls := failing(0, nil)
	require.NoError(t, retry.Do(context.Background(), p, op))
	assert.Equal(t, 1, *calls)
	assert.Empty(t, clock.Waits())
	assert.Zero(t, clock.Timers())
}

func TestDoRetriesWithFullJitterBackoff(t *testing.T) {
	p, clock := testPolicy(t)
	op, calls := failing(3, retry.Retryable(errTransient))
	require.NoError(t, retry.Do(context.Background(), p, op))
	assert.Equal(t, 4, *calls)
	// ceilings min(30s, 1s*2^n) with the top of every range drawn.
	assert.Equal(t, secs(1, 2, 4), clock.Waits())
	// A retry costs one timer: one per Do, reset for later retries.
	assert.Equal(t, 1, clock.Timers())
}

func TestDoStopsAfterMaxRetries(t *testing.T) {
	p, clock := testPolicy(t)
	op, calls := failing(100, retry.Retryable(errTransient))
	err := retry.Do(context.Background(), p, op)
	// The original error, unmarked, and why retrying stopped.
	assert.Same(t, errTransient, lastErr(t, err, retry.ReasonExhausted))
	assert.Equal(t, 4, err.(*retry.Error).Attempts)
	assert.Equal(t, 4, *calls, "sync default: 3 retries")
	assert.Equal(t, secs(1, 2, 4), clock.Waits())
}

func TestDoFullJitterStaysInRange(t *testing.T) {
	p, clock := testPolicy(t)
	p.Rand = retrytest.Seeded(42)
	p.Context = policy.Batch
	p.MaxRetries = 5
	for range 50 {
		op, _ := failing(5, retry.Retryable(errTransient))
		require.NoError(t, retry.Do(context.Background(), p, op))
	}
	waits := clock.Waits()
	require.Len(t, waits, 250)
	distinct := map[time.Duration]bool{}
	for i, w := range waits {
		n := i % 5
		ceil := min(policy.MaxDelay, policy.BaseDelay<<n)
		assert.GreaterOrEqual(t, w, time.Duration(0))
		assert.LessOrEqual(t, w, ceil, "retry %d", n+1)
		distinct[w] = true
	}
	assert.Greater(t, len(distinct), 200, "waits are spread, not fixed")

	p.Rand = retrytest.MinRand
	clock = retrytest.NewAutoClock()
	p.Clock = clock
	op, _ := failing(2, retry.Retryable(errTransient))
	require.NoError(t, retry.Do(context.Background(), p, op))
	assert.Equal(t, secs(0, 0), clock.Waits(), "full jitter reaches down to zero")
}

func TestDoCapsWaitsAndTotalDuration(t *testing.T) {
	p, clock := testPolicy(t)
	p.Context = policy.AsyncEvent
	p.MaxRetries = 10
	var dead []retry.DeadLetterMessage
	p.DeadLetter = func(_ context.Context, m retry.DeadLetterMessage) error {
		dead = append(dead, m)
		return nil
	}
	op, calls := failing(100, retry.Retryable(errTransient))
	assert.Same(t, errTransient, lastErr(t, retry.Do(context.Background(), p, op), retry.ReasonExhausted))
	assert.Equal(t, 11, *calls)
	assert.Equal(t, secs(1, 2, 4, 8, 16, 30, 30, 30, 30, 30), clock.Waits(), "R-1 cap of 30s per wait")

	// a sync loop never passes 30s: the fifth wait (16s) would end
	// after 31s, so retrying stops there.
	p, clock = testPolicy(t)
	p.MaxRetries = 5
	op, calls = failing(100, retry.Retryable(errTransient))
	assert.Same(t, errTransient, lastErr(t, retry.Do(context.Background(), p, op), retry.ReasonDuration))
	assert.Equal(t, 5, *calls)
	assert.Equal(t, secs(1, 2, 4, 8), clock.Waits())

	// A shorter MaxDuration is allowed and enforced.
	p, clock = testPolicy(t)
	p.MaxDuration = 5 * time.Second
	op, calls = failing(100, retry.Retryable(errTransient))
	assert.Same(t, errTransient, lastErr(t, retry.Do(context.Background(), p, op), retry.ReasonDuration))
	assert.Equal(t, 3, *calls)
	assert.Equal(t, secs(1, 2), clock.Waits())
}

func TestDoDecorrelatedJitter(t *testing.T) {
	p, clock := testPolicy(t)
	p.Jitter = retry.DecorrelatedJitter
	p.Context = policy.AsyncEvent
	p.MaxRetries = 6
	p.DeadLetter = func(context.Context, retry.DeadLetterMessage) error { return nil }
	op, _ := failing(6, retry.Retryable(errTransient))
	require.NoError(t, retry.Do(context.Background(), p, op))
	// min(cap, random_between(base, prev*3)) at the top of the range.
	assert.Equal(t, secs(3, 9, 27, 30, 30, 30), clock.Waits())

	p.Rand = retrytest.MinRand
	clock = retrytest.NewAutoClock()
	p.Clock = clock
	op, _ = failing(3, retry.Retryable(errTransient))
	require.NoError(t, retry.Do(context.Background(), p, op))
	assert.Equal(t, secs(1, 1, 1), clock.Waits(), "never below the base")
}

func TestDoDefaultRetriesPerContext(t *testing.T) {
	for _, c := range policy.Contexts() {
		t.Run(c.String(), func(t *testing.T) {
			p, _ := testPolicy(t)
			p.Context = c
			p.Rand = retrytest.MinRand
			p.DeadLetter = func(context.Context, retry.DeadLetterMessage) error { return nil }
			op, calls := failing(100, retry.Retryable(errTransient))
			assert.Same(t, errTransient, lastErr(t, retry.Do(context.Background(), p, op), retry.ReasonExhausted))
			assert.Equal(t, policy.For(c).DefaultRetries+1, *calls)
		})
	}
}

func TestDoRejectsRetryCountsOutsideTheRange(t *testing.T) {
	for _, c := range policy.Contexts() {
		r := policy.For(c).Retries
		for _, n := range []int{-1, r.Min - 1, r.Min, r.Max, r.Max + 1} {
			if n == 0 {
				continue // the default
			}
			t.Run(fmt.Sprintf("%v/%d", c, n), func(t *testing.T) {
				p, _ := testPolicy(t)
				p.Context = c
				p.MaxRetries = n
				p.Rand = retrytest.MinRand
				p.DeadLetter = func(context.Context, retry.DeadLetterMessage) error { return nil }
				op, calls := failing(100, retry.Retryable(errTransient))
				err := retry.Do(context.Background(), p, op)
				if r.Contains(n) {
					assert.Same(t, errTransient, lastErr(t, err, retry.ReasonExhausted))
					assert.Equal(t, n+1, *calls)
					return
				}
				// a configuration error, not a clamp.
				assert.ErrorIs(t, err, retry.ErrInvalidPolicy)
				assert.Zero(t, *calls)
				assert.Equal(t, policy.NonRetryable, retry.Classify(err))
			})
		}
	}
}

func TestPolicyValidate(t *testing.T) {
	dl := func(context.Context, retry.DeadLetterMessage) error { return nil }
	for name, p := range map[string]retry.Policy{
		"duration above the sync cap":  {MaxDuration: 31 * time.Second},
		"duration above the async cap": {Context: policy.AsyncEvent, MaxDuration: 25 * time.Hour, DeadLetter: dl},
		"negative duration":            {MaxDuration: -1},
		"base above cap":               {BaseDelay: time.Minute},
		"negative base":                {BaseDelay: -time.Second},
		"unknown jitter":               {Jitter: 7},
		"schedule outside webhooks":    {WebhookSchedule: true},
		"async without dead letters":   {Context: policy.AsyncEvent},
		"webhook without dead letters": {Context: policy.Webhook},
		"unknown context":              {Context: 42},
		"negative attempt timeout":     {AttemptTimeout: -time.Second},
	} {
		t.Run(name, func(t *testing.T) {
			assert.ErrorIs(t, p.Validate(), retry.ErrInvalidPolicy)
		})
	}
	for name, p := range map[string]retry.Policy{
		"zero":            {},
		"async 24h":       {Context: policy.AsyncEvent, MaxDuration: 24 * time.Hour, DeadLetter: dl},
		"webhook sched":   {Context: policy.Webhook, WebhookSchedule: true, DeadLetter: dl},
		"smaller numbers": {BaseDelay: 100 * time.Millisecond, MaxDelay: 5 * time.Second, MaxDuration: 10 * time.Second},
	} {
		t.Run(name, func(t *testing.T) {
			assert.NoError(t, p.Validate())
		})
	}
}

func TestDoWebhookSchedule(t *testing.T) {
	p, clock := testPolicy(t)
	p.Context = policy.Webhook
	p.WebhookSchedule = true
	p.MaxRetries = 8
	var dead []retry.DeadLetterMessage
	p.DeadLetter = func(_ context.Context, m retry.DeadLetterMessage) error {
		dead = append(dead, m)
		return nil
	}
	op, calls := failing(100, retry.Retryable(errTransient))
	assert.Same(t, errTransient, lastErr(t, retry.Do(context.Background(), p, op), retry.ReasonExhausted))
	assert.Equal(t, 9, *calls)
	// 1s, 5s, 30s, 2m, 15m, 1h, 4h, and the last interval again.
	assert.Equal(t, []time.Duration{time.Second, 5 * time.Second, 30 * time.Second, 2 * time.Minute,
		15 * time.Minute, time.Hour, 4 * time.Hour, 4 * time.Hour}, clock.Waits())
	require.Len(t, dead, 1)
	assert.Equal(t, 9, dead[0].Attempts)
	assert.Equal(t, retry.ReasonExhausted, dead[0].Reason)
}

func TestDoDoesNotRetryWhatItMustNot(t *testing.T) {
	tokenRevoked := errors.New("token revoked")
	for name, err := range map[string]error{
		"unclassified":       errors.New("boom"),
		"permanent":          retry.Permanent(tokenRevoked),
		"404":                &retry.StatusError{StatusCode: 404},
		"400":                &retry.StatusError{StatusCode: 400},
		"422":                &retry.StatusError{StatusCode: 422},
		"canceled":           context.Canceled,
		"serialization":      json.Unmarshal([]byte("{"), new(any)),
		"certificate":        fmt.Errorf("dial: %w", x509.UnknownAuthorityError{}),
		"marked certificate": retry.Retryable(x509.HostnameError{Host: "example.com"}),
		"bad address":        &net.AddrError{Err: "missing port", Addr: "x"},
	} {
		t.Run(name, func(t *testing.T) {
			p, clock := testPolicy(t)
			op, calls := failing(100, err)
			got := lastErr(t, retry.Do(context.Background(), p, op), retry.ReasonNotRetryable)
			assert.Equal(t, 1, *calls)
			assert.Empty(t, clock.Waits())
			switch name {
			case "permanent":
				assert.Same(t, tokenRevoked, got, "returned unmarked")
			case "marked certificate":
				assert.Equal(t, x509.HostnameError{Host: "example.com"}, got, "returned unmarked")
			default:
				assert.Equal(t, err, got)
			}
		})
	}
}

func TestDoRetriesWhatItMust(t *testing.T) {
	for name, err := range map[string]error{
		"408":               &retry.StatusError{StatusCode: 408},
		"429":               &retry.StatusError{StatusCode: 429},
		"500":               &retry.StatusError{StatusCode: 500},
		"502":               &retry.StatusError{StatusCode: 502},
		"503":               &retry.StatusError{StatusCode: 503},
		"504":               &retry.StatusError{StatusCode: 504},
		"refused":           &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)},
		"reset":             &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)},
		"socket timeout":    &net.OpError{Op: "read", Net: "tcp", Err: os.ErrDeadlineExceeded},
		"marked":            retry.Retryable(errTransient),
		"marked in a chain": fmt.Errorf("calling x: %w", retry.Retryable(errTransient)),
	} {
		t.Run(name, func(t *testing.T) {
			p, _ := testPolicy(t)
			op, calls := failing(2, err)
			require.NoError(t, retry.Do(context.Background(), p, op))
			assert.Equal(t, 3, *calls)
		})
	}
}

func TestDoDNSFailureGetsTwoAttempts(t *testing.T) {
	p, clock := testPolicy(t)
	dnsErr := &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "nowhere.invalid", IsNotFound: true}}
	op, calls := failing(100, dnsErr)
	assert.Equal(t, dnsErr, lastErr(t, retry.Do(context.Background(), p, op), retry.ReasonDNS))
	assert.Equal(t, policy.MaxDNSAttempts, *calls)
	assert.Len(t, clock.Waits(), 1)
}

func TestDoRetryAfter(t *testing.T) {
	t.Run("seconds as a floor", func(t *testing.T) {
		p, clock := testPolicy(t)
		p.Rand = retrytest.MinRand
		op, _ := failing(1, &retry.StatusError{StatusCode: 503, RetryAfter: "7"})
		require.NoError(t, retry.Do(context.Background(), p, op))
		assert.Equal(t, secs(7), clock.Waits())
	})
	t.Run("backoff when greater", func(t *testing.T) {
		p, clock := testPolicy(t)
		op, _ := failing(3, &retry.StatusError{StatusCode: 429, RetryAfter: "3"})
		require.NoError(t, retry.Do(context.Background(), p, op))
		assert.Equal(t, secs(3, 3, 4), clock.Waits())
	})
	t.Run("HTTP date", func(t *testing.T) {
		p, clock := testPolicy(t)
		p.Rand = retrytest.MinRand
		date := clock.Now().Add(10 * time.Second).Format(http.TimeFormat)
		op, _ := failing(1, &retry.StatusError{StatusCode: 503, RetryAfter: date})
		require.NoError(t, retry.Do(context.Background(), p, op))
		assert.Equal(t, secs(10), clock.Waits())
	})
	t.Run("beyond the budget fails at once", func(t *testing.T) {
		p, clock := testPolicy(t)
		orig := &retry.StatusError{StatusCode: 503, RetryAfter: "31"}
		op, calls := failing(100, orig)
		assert.Same(t, orig, lastErr(t, retry.Do(context.Background(), p, op), retry.ReasonRetryAfter))
		assert.Equal(t, 1, *calls)
		assert.Empty(t, clock.Waits())
	})
	t.Run("beyond what is left fails at once", func(t *testing.T) {
		p, clock := testPolicy(t)
		calls := 0
		op := func(context.Context) error {
			calls++
			if calls == 1 {
				return &retry.StatusError{StatusCode: 503, RetryAfter: "20"}
			}
			return &retry.StatusError{StatusCode: 503, RetryAfter: "20"}
		}
		lastErr(t, retry.Do(context.Background(), p, op), retry.ReasonRetryAfter)
		assert.Equal(t, 2, calls, "20s fits in 30s once, not twice")
		assert.Equal(t, secs(20), clock.Waits())
	})
}

func TestDoBudgetExhaustion(t *testing.T) {
	var exhausted []string
	b, err := retry.NewBudget(retry.BudgetConfig{Reserve: -1, OnExhausted: func(dep string) { exhausted = append(exhausted, dep) }})
	require.NoError(t, err)
	p, clock := testPolicy(t)
	p.Budget = b
	m := &recMetrics{}
	p.Metrics = m

	// With no reserve a cold dependency has no budget: one request may
	// not bring a retry.
	op, calls := failing(100, retry.Retryable(errTransient))
	assert.Same(t, errTransient, lastErr(t, retry.Do(context.Background(), p, op), retry.ReasonBudget))
	assert.Equal(t, 1, *calls)
	assert.Empty(t, clock.Waits())
	assert.Equal(t, []string{"dep"}, exhausted)
	assert.Equal(t, 1, m.exhausted)

	// Nine successful requests later, the next first attempt makes 11
	// requests, room for two retries (2/13 <= 20%); a third would be 3/14.
	for range 9 {
		require.NoError(t, retry.Do(context.Background(), p, func(context.Context) error { return nil }))
	}
	op, calls = failing(100, retry.Retryable(errTransient))
	assert.Same(t, errTransient, lastErr(t, retry.Do(context.Background(), p, op), retry.ReasonBudget))
	assert.Equal(t, 3, *calls)
	assert.Equal(t, []string{"dep", "dep"}, exhausted, "a new spell of exhaustion")
	assert.InDelta(t, 2.0/(0.2*13), b.Utilization("dep"), 1e-9)

	// Budgets are per dependency.
	assert.Zero(t, b.Utilization("other"))
}

func TestBudgetRejectsRatiosAboveTheStandard(t *testing.T) {
	_, err := retry.NewBudget(retry.BudgetConfig{Ratio: 0.25})
	assert.ErrorIs(t, err, retry.ErrInvalidPolicy)
	_, err = retry.NewBudget(retry.BudgetConfig{Ratio: -0.1})
	assert.ErrorIs(t, err, retry.ErrInvalidPolicy)
	_, err = retry.NewBudget(retry.BudgetConfig{Reserve: retry.MaxBudgetReserve + 1})
	assert.ErrorIs(t, err, retry.ErrInvalidPolicy)
	b, err := retry.NewBudget(retry.BudgetConfig{Ratio: 0.1, Reserve: -1})
	require.NoError(t, err)
	for range 10 {
		b.Request("d")
	}
	assert.True(t, b.AllowRetry("d"))
	assert.False(t, b.AllowRetry("d"), "2/12 > 10%")
}

func TestBudgetWindowRolls(t *testing.T) {
	clock := retrytest.NewClock()
	b, err := retry.NewBudget(retry.BudgetConfig{Clock: clock, Reserve: -1})
	require.NoError(t, err)
	for range 40 {
		b.Request("d")
	}
	for range 10 {
		require.True(t, b.AllowRetry("d"))
	}
	require.False(t, b.AllowRetry("d"))
	clock.Advance(policy.BudgetWindow / 2)
	require.False(t, b.AllowRetry("d"), "still in the window")
	clock.Advance(policy.BudgetWindow / 2)
	assert.Zero(t, b.Utilization("d"))
	assert.False(t, b.AllowRetry("d"), "a new window starts cold")
}

func TestDoCancellationEndsTheWaitAtOnce(t *testing.T) {
	clock := retrytest.NewClock() // manual: timers fire only on Advance
	p := retry.Policy{Dependency: "dep", Budget: warmBudget(t, "dep", 100), Clock: clock, Rand: retrytest.MaxRand,
		Logger: slog.New(slog.DiscardHandler)}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		done <- retry.Do(ctx, p, func(context.Context) error { return retry.Retryable(errTransient) })
	}()
	clock.BlockUntilWaiting(1)
	cancel()
	err := <-done // returns without the clock moving
	assert.ErrorIs(t, err, context.Canceled)
	assert.Same(t, errTransient, lastErr(t, err, retry.ReasonCanceled))
	assert.Equal(t, "retry: canceled (context canceled) after 1 attempt: transient", err.Error())
	assert.Equal(t, secs(1), clock.Waits())
}

func TestDoStopsWhenTheCallerDeadlineIsShorter(t *testing.T) {
	p, _ := testPolicy(t)
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(time.Hour))
	defer cancel()
	// Deadlines are real times: shift the fake clock to the real time.
	clock := retrytest.NewAutoClock()
	p.Clock = &offsetClock{Clock: clock, offset: -time.Until(clock.Now())}
	p.Context = policy.AsyncEvent
	p.MaxRetries = 10
	p.DeadLetter = func(context.Context, retry.DeadLetterMessage) error { return nil }
	op, calls := failing(100, retry.Retryable(errTransient))
	require.Error(t, retry.Do(ctx, p, op))
	assert.Equal(t, 11, *calls, "an hour fits every wait")

	ctx2, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(10*time.Second))
	defer cancel2()
	clock = retrytest.NewAutoClock()
	p.Clock = &offsetClock{Clock: clock, offset: -time.Until(clock.Now())}
	op, calls = failing(100, retry.Retryable(errTransient))
	require.Error(t, retry.Do(ctx2, p, op))
	assert.Equal(t, 4, *calls, "1+2+4 fit in 10s, 8 more does not")
}

// offsetClock shifts a fake clock to around the real time.
type offsetClock struct {
	*retrytest.Clock
	offset time.Duration
}

func (c *offsetClock) Now() time.Time { return c.Clock.Now().Add(c.offset) }

func TestDoAttemptTimeout(t *testing.T) {
	p, _ := testPolicy(t)
	p.AttemptTimeout = 20 * time.Millisecond
	calls := 0
	err := retry.Do(context.Background(), p, func(ctx context.Context) error {
		calls++
		if calls == 1 {
			<-ctx.Done() // a hung attempt, ended by its own timeout
			return ctx.Err()
		}
		dl, ok := ctx.Deadline()
		assert.True(t, ok)
		assert.WithinDuration(t, time.Now().Add(20*time.Millisecond), dl, 20*time.Millisecond)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, 2, calls)
}

func TestDoValue(t *testing.T) {
	p, _ := testPolicy(t)
	calls := 0
	v, err := retry.DoValue(context.Background(), p, func(context.Context) (string, error) {
		calls++
		if calls < 3 {
			return "", &retry.StatusError{StatusCode: 502}
		}
		return "hello", nil
	})
	require.NoError(t, err)
	assert.Equal(t, "hello", v)

	_, err = retry.DoValue(context.Background(), retry.Policy{MaxRetries: 9}, func(context.Context) (int, error) {
		t.Fatal("called with an invalid policy")
		return 0, nil
	})
	assert.ErrorIs(t, err, retry.ErrInvalidPolicy)
}

func TestDoCustomClassifier(t *testing.T) {
	p, _ := testPolicy(t)
	errBusy := errors.New("busy")
	p.Classify = func(err error) (policy.Class, string) {
		if errors.Is(err, errBusy) {
			return policy.Retryable, "busy"
		}
		return policy.Unclassified, ""
	}
	op, calls := failing(2, errBusy)
	require.NoError(t, retry.Do(context.Background(), p, op))
	assert.Equal(t, 3, *calls)

	// It cannot make a certificate error retryable.
	p.Classify = func(error) (policy.Class, string) { return policy.Retryable, "" }
	op, calls = failing(2, x509.CertificateInvalidError{Reason: x509.Expired})
	require.Error(t, retry.Do(context.Background(), p, op))
	assert.Equal(t, 1, *calls)
}

func TestDoDeadLetter(t *testing.T) {
	for _, c := range []policy.Context{policy.AsyncEvent, policy.Webhook} {
		t.Run(c.String(), func(t *testing.T) {
			p, clock := testPolicy(t)
			p.Context = c
			p.Service = "orders"
			p.Dependency = "dep"
			m := &recMetrics{}
			p.Metrics = m
			var got []retry.DeadLetterMessage
			p.DeadLetter = func(_ context.Context, msg retry.DeadLetterMessage) error {
				got = append(got, msg)
				return nil
			}
			ctx := retry.WithCorrelationID(context.Background(), "corr-1")
			ctx = retry.WithIdempotencyKey(ctx, "event-42")
			op, _ := failing(100, retry.Retryable(errTransient))
			assert.Same(t, errTransient, lastErr(t, retry.Do(ctx, p, op), retry.ReasonExhausted))
			require.Len(t, got, 1)
			msg := got[0]
			n := policy.For(c).DefaultRetries + 1
			assert.Equal(t, c, msg.Context)
			assert.Equal(t, n, msg.Attempts)
			assert.Equal(t, n, msg.MaxAttempts)
			assert.Equal(t, retry.ReasonExhausted, msg.Reason)
			assert.Same(t, errTransient, msg.Err)
			assert.Equal(t, "marked_retryable", msg.ErrorType)
			assert.Equal(t, "corr-1", msg.CorrelationID)
			assert.Equal(t, "event-42", msg.IdempotencyKey)
			assert.Equal(t, "dep", msg.Queue)
			assert.Equal(t, retrytest.Start, msg.FirstAttempt)
			assert.True(t, msg.LastAttempt.After(msg.FirstAttempt))
			assert.Equal(t, map[string]int{"dep": 1}, m.dlq)
			assert.Len(t, clock.Waits(), n-1)

			// A permanent failure is not dropped either.
			got = nil
			op, _ = failing(100, &retry.StatusError{StatusCode: 400})
			require.Error(t, retry.Do(ctx, p, op))
			require.Len(t, got, 1)
			assert.Equal(t, retry.ReasonNotRetryable, got[0].Reason)
			assert.Equal(t, 1, got[0].Attempts)

			// A failing hook surfaces with the original error.
			errDLQ := errors.New("dlq down")
			p.DeadLetter = func(context.Context, retry.DeadLetterMessage) error { return errDLQ }
			err := retry.Do(ctx, p, op)
			assert.ErrorIs(t, err, errDLQ)
			var se *retry.StatusError
			assert.ErrorAs(t, err, &se)
		})
	}
	// Sync calls never dead-letter.
	p, _ := testPolicy(t)
	p.DeadLetter = func(context.Context, retry.DeadLetterMessage) error {
		t.Fatal("dead-lettered a sync call")
		return nil
	}
	op, _ := failing(100, retry.Retryable(errTransient))
	require.Error(t, retry.Do(context.Background(), p, op))
}

func TestDoLogsEveryRetryWithoutSecrets(t *testing.T) {
	p, _ := testPolicy(t)
	var logs logBuffer
	p.Logger = logs.logger()
	ctx := retry.WithCorrelationID(context.Background(), "corr-7")
	secret := errors.New("GET https://api.example.com/x?access_token=s3cr3t: connection reset")
	op, _ := failing(100, retry.Retryable(secret))
	require.Error(t, retry.Do(ctx, p, op))

	recs := logs.records(t)
	require.Len(t, recs, 4, "three retries and the end")
	for i, rec := range recs[:3] {
		for _, f := range policy.LogFields {
			assert.Contains(t, rec, f, "R-10 field %s", f)
		}
		assert.Equal(t, "corr-7", rec["correlation_id"])
		assert.Equal(t, "dep", rec["dependency"])
		assert.EqualValues(t, i+2, rec["attempt"])
		assert.EqualValues(t, 4, rec["max_attempts"])
		assert.EqualValues(t, 1000<<i, rec["backoff_ms"])
		assert.Equal(t, "marked_retryable", rec["error_type"])
		assert.Equal(t, "WARN", rec["level"])
	}
	assert.Equal(t, retry.ReasonExhausted, recs[3]["reason"])
	assert.NotContains(t, logs.String(), "s3cr3t", "R-9: no error messages in logs")

	// Without a correlation ID one is made up per operation.
	logs = logBuffer{}
	p.Logger = logs.logger()
	op, _ = failing(2, retry.Retryable(errTransient))
	require.NoError(t, retry.Do(context.Background(), p, op))
	recs = logs.records(t)
	require.Len(t, recs, 2)
	assert.NotEmpty(t, recs[0]["correlation_id"])
	assert.Equal(t, recs[0]["correlation_id"], recs[1]["correlation_id"])
}

func TestDoMetrics(t *testing.T) {
	p, _ := testPolicy(t)
	p.Service = "checkout"
	m := &recMetrics{}
	p.Metrics = m
	op, _ := failing(100, retry.Retryable(errTransient))
	require.Error(t, retry.Do(context.Background(), p, op))
	assert.Equal(t, []int{2, 3, 4}, m.attempts)
	assert.Equal(t, secs(1, 2, 4), m.backoffs)
	assert.Equal(t, 1, m.exhausted)
	assert.Equal(t, retry.Labels{Service: "checkout", Dependency: "dep"}, m.labels)
	require.Len(t, m.utilization, 3)
	assert.Greater(t, m.utilization[2], m.utilization[0])

	// A non-retryable failure is not an exhaustion.
	m2 := &recMetrics{}
	p.Metrics = m2
	op, _ = failing(100, &retry.StatusError{StatusCode: 404})
	require.Error(t, retry.Do(context.Background(), p, op))
	assert.Zero(t, m2.exhausted)
	assert.Empty(t, m2.attempts)
}

func TestDoSuccessPathAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	b := warmBudget(t, "dep", 0)
	p := retry.Policy{Dependency: "dep", Budget: b}
	ctx := context.Background()
	n := 0
	op := func(context.Context) error { n++; return nil }
	allocs := testing.AllocsPerRun(1000, func() {
		if err := retry.Do(ctx, p, op); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
	allocs = testing.AllocsPerRun(1000, func() {
		if _, err := retry.DoValue(ctx, p, func(context.Context) (int, error) { return n, nil }); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
}

func TestDoRealTimerRetries(t *testing.T) {
	// The real clock, with a tiny base so the test does not wait.
	p := retry.Policy{Dependency: "dep", Budget: warmBudget(t, "dep", 100), BaseDelay: time.Microsecond, MaxDelay: time.Millisecond,
		Logger: slog.New(slog.DiscardHandler)}
	op, calls := failing(3, retry.Retryable(errTransient))
	require.NoError(t, retry.Do(context.Background(), p, op))
	assert.Equal(t, 4, *calls)
}
