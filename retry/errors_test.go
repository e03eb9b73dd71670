package retry_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/retrylint/retrylint/policy"
	"github.com/retrylint/retrylint/retry"
)

// Back-to-back failing calls against one budget stop for different
// reasons; the caller can tell which, and the error says what the log
// says.
func TestDoBudgetExhaustedIsTestable(t *testing.T) {
	b := warmBudget(t, "dep", 15, func(c *retry.BudgetConfig) { c.Reserve = -1 })
	p, _ := testPolicy(t)
	p.Budget = b
	var logs logBuffer
	p.Logger = logs.logger()
	op, _ := failing(100, &retry.StatusError{StatusCode: 503})

	// 16 requests make room for the 3 retries of the first call
	// (3/19 <= 20%)...
	err := retry.Do(context.Background(), p, op)
	assert.ErrorIs(t, err, retry.ErrRetriesExhausted)
	assert.NotErrorIs(t, err, retry.ErrBudgetExhausted)
	var e *retry.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 4, e.Attempts)

	// ...and for one of the second (4/21), not two (5/22).
	err = retry.Do(context.Background(), p, op)
	assert.ErrorIs(t, err, retry.ErrBudgetExhausted)
	assert.NotErrorIs(t, err, retry.ErrRetriesExhausted)
	require.ErrorAs(t, err, &e)
	assert.Equal(t, retry.ReasonBudget, e.Reason)
	assert.Equal(t, 2, e.Attempts)
	var se *retry.StatusError
	require.ErrorAs(t, err, &se, "the last attempt's error is reachable")
	assert.Equal(t, 503, se.StatusCode)
	assert.Equal(t, "retry: budget_exhausted after 2 attempts: retry: HTTP 503 Service Unavailable", err.Error())

	recs := logs.records(t)
	last := recs[len(recs)-1]
	assert.Equal(t, "retry: giving up", last["msg"])
	assert.Equal(t, e.Reason, last["reason"], "the log and the error use the same word")
}

func TestErrorMatchesTheSentinelOfItsReason(t *testing.T) {
	sentinels := []error{retry.ErrNotRetryable, retry.ErrRetriesExhausted, retry.ErrDurationExceeded,
		retry.ErrBudgetExhausted, retry.ErrNotIdempotent, retry.ErrInvalidPolicy}
	for reason, want := range reasonSentinels {
		t.Run(reason, func(t *testing.T) {
			err := error(&retry.Error{Reason: reason, Attempts: 3, Err: errTransient})
			for _, s := range sentinels {
				assert.Equal(t, s == want, errors.Is(err, s), "errors.Is(%v, %v)", err, s)
			}
			assert.ErrorIs(t, err, errTransient)
			assert.Same(t, errTransient, errors.Unwrap(err))
			assert.Equal(t, "retry: "+reason+" after 3 attempts: transient", err.Error())
		})
	}
	// A reason with no sentinel matches none.
	err := &retry.Error{Reason: retry.ReasonCanceled, Attempts: 1, Err: errTransient}
	for _, s := range sentinels {
		assert.NotErrorIs(t, err, s)
	}
	assert.Equal(t, "retry: canceled after 1 attempt: transient", err.Error())
}

func TestDoCanceledIsTestable(t *testing.T) {
	// During a wait: see TestDoCancellationEndsTheWaitAtOnce. During an
	// attempt whose error does not say so itself:
	p, clock := testPolicy(t)
	ctx, cancel := context.WithCancel(context.Background())
	err := retry.Do(ctx, p, func(context.Context) error {
		cancel()
		return retry.Retryable(errTransient)
	})
	assert.Same(t, errTransient, lastErr(t, err, retry.ReasonCanceled))
	assert.ErrorIs(t, err, context.Canceled)
	assert.NotErrorIs(t, err, retry.ErrRetriesExhausted)
	assert.Equal(t, "retry: canceled (context canceled) after 1 attempt: transient", err.Error())
	assert.Empty(t, clock.Waits())
}

func TestDoDeadLetterFailureKeepsTheReason(t *testing.T) {
	p, _ := testPolicy(t)
	p.Context = policy.AsyncEvent
	errDLQ := errors.New("dlq down")
	p.DeadLetter = func(context.Context, retry.DeadLetterMessage) error { return errDLQ }
	op, _ := failing(100, retry.Retryable(errTransient))
	err := retry.Do(context.Background(), p, op)
	assert.ErrorIs(t, err, errDLQ)
	assert.ErrorIs(t, err, retry.ErrRetriesExhausted)
	assert.ErrorIs(t, err, errTransient)
}

// errRT fails every round trip with err.
type errRT struct{ err error }

func (e errRT) RoundTrip(*http.Request) (*http.Response, error) { return nil, e.err }

// What a caller of http.Client gets when the budget stops the transport's
// retries: on an error, an error it can test; on a response, the response.
func TestTransportBudgetExhausted(t *testing.T) {
	cold := func(c *retry.BudgetConfig) { c.Reserve = -1 }

	refused := &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	p, _ := testPolicy(t)
	p.Dependency = ""
	p.Budget = warmBudget(t, "example.invalid", 0, cold)
	c := &http.Client{Transport: retry.NewTransport(errRT{refused}, p)}
	_, err := c.Get("http://example.invalid/")
	var ue *url.Error
	require.ErrorAs(t, err, &ue)
	assert.ErrorIs(t, err, retry.ErrBudgetExhausted)
	assert.ErrorIs(t, err, syscall.ECONNREFUSED)
	var e *retry.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 1, e.Attempts)
	assert.Same(t, refused, e.Err)
	assert.False(t, ue.Timeout())

	// (*url.Error).Timeout asks the error it wraps directly.
	timeout := &net.OpError{Op: "read", Net: "tcp", Err: os.ErrDeadlineExceeded}
	c = &http.Client{Transport: retry.NewTransport(errRT{timeout}, p)}
	_, err = c.Get("http://example.invalid/")
	require.ErrorAs(t, err, &ue)
	assert.ErrorIs(t, err, retry.ErrBudgetExhausted)
	assert.True(t, ue.Timeout(), "a timeout is still a timeout through *retry.Error")

	// A RoundTripper returns a response without an error: the caller
	// gets the 503 itself.
	s := newServer(t, statuses(503, 503))
	p, _ = transportPolicy(t, s)
	p.Budget = warmBudget(t, s.Listener.Addr().String(), 0, cold)
	resp, body := get(t, client(t, p), s.URL)
	assert.Equal(t, 503, resp.StatusCode)
	assert.Empty(t, body)
	assert.Len(t, s.Hits(), 1)
}
