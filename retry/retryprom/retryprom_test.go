package retryprom_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/retrylint/retrylint/policy"
	"github.com/retrylint/retrylint/retry"
	"github.com/retrylint/retrylint/retry/retryprom"
	"github.com/retrylint/retrylint/retry/retrytest"
)

func TestMetricsThroughDo(t *testing.T) {
	reg := prometheus.NewRegistry()
	m, err := retryprom.New(reg)
	require.NoError(t, err)
	b, err := retry.NewBudget(retry.BudgetConfig{})
	require.NoError(t, err)
	for range 100 {
		b.Request("payments")
	}
	p := retry.Policy{
		Context: policy.AsyncEvent, Service: "orders", Dependency: "payments", DeadLetterQueue: "orders-dlq",
		Budget: b, Metrics: m, Clock: retrytest.NewAutoClock(), Rand: retrytest.MaxRand,
		Logger:     slog.New(slog.DiscardHandler),
		DeadLetter: func(context.Context, retry.DeadLetterMessage) error { return nil },
	}
	err = retry.Do(context.Background(), p, func(context.Context) error { return retry.Retryable(errors.New("x")) })
	require.Error(t, err)

	want := `
# HELP dlq_messages_total Messages routed to a dead-letter queue after their final attempt.
# TYPE dlq_messages_total counter
dlq_messages_total{queue="orders-dlq"} 1
# HELP retry_attempts_total Retry attempts, by attempt number (2 is the first retry).
# TYPE retry_attempts_total counter
retry_attempts_total{attempt_number="2",dependency="payments",service="orders"} 1
retry_attempts_total{attempt_number="3",dependency="payments",service="orders"} 1
retry_attempts_total{attempt_number="4",dependency="payments",service="orders"} 1
retry_attempts_total{attempt_number="5",dependency="payments",service="orders"} 1
retry_attempts_total{attempt_number="6",dependency="payments",service="orders"} 1
# HELP retry_exhausted_total Operations that failed with a retryable error and were not retried again.
# TYPE retry_exhausted_total counter
retry_exhausted_total{dependency="payments",service="orders"} 1
`
	assert.NoError(t, testutil.GatherAndCompare(reg, strings.NewReader(want),
		policy.MetricDeadLetterMessages, policy.MetricRetryAttempts, policy.MetricRetryExhausted))
	n, err := testutil.GatherAndCount(reg, policy.MetricBackoffDuration)
	require.NoError(t, err)
	assert.Equal(t, 1, n, "one histogram series")
	mfs, err := reg.Gather()
	require.NoError(t, err)
	for _, mf := range mfs {
		switch mf.GetName() {
		case policy.MetricBudgetUtilization:
			// 5 retries over 106 requests, against a 20% budget
			// and the default reserve.
			assert.InDelta(t, 5/(0.2*106+retry.DefaultBudgetReserve), mf.GetMetric()[0].GetGauge().GetValue(), 1e-9)
		case policy.MetricBackoffDuration:
			h := mf.GetMetric()[0].GetHistogram()
			assert.Equal(t, uint64(5), h.GetSampleCount())
			assert.InDelta(t, 1+2+4+8+16, h.GetSampleSum(), 1e-9)
		}
	}

	// Registering twice fails rather than double counting.
	_, err = retryprom.New(reg)
	assert.Error(t, err)

	problems, err := testutil.GatherAndLint(reg)
	require.NoError(t, err)
	assert.Empty(t, problems)
}

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
