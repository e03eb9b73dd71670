package retry_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/retrylint/retrylint/retry"
	"github.com/retrylint/retrylint/retry/retrytest"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// warmBudget returns a fresh budget in which dep has seen n first
// attempts, so that n/4 retries fit in its 20%.
func warmBudget(t testing.TB, dep string, n int, opts ...func(*retry.BudgetConfig)) *retry.Budget {
	t.Helper()
	var c retry.BudgetConfig
	for _, o := range opts {
		o(&c)
	}
	b, err := retry.NewBudget(c)
	require.NoError(t, err)
	for range n {
		b.Request(dep)
	}
	return b
}

// testPolicy is a sync policy on an auto clock with waits at their
// ceilings and a roomy budget for dependency "dep".
func testPolicy(t testing.TB) (retry.Policy, *retrytest.Clock) {
	clock := retrytest.NewAutoClock()
	return retry.Policy{
		Dependency: "dep",
		Budget:     warmBudget(t, "dep", 1000),
		Clock:      clock,
		Rand:       retrytest.MaxRand,
		Logger:     slog.New(slog.DiscardHandler),
	}, clock
}

func secs(ss ...float64) []time.Duration {
	var ds []time.Duration
	for _, s := range ss {
		ds = append(ds, time.Duration(s*float64(time.Second)))
	}
	return ds
}

// recMetrics records what retry reports.
type recMetrics struct {
	mu          sync.Mutex
	attempts    []int
	exhausted   int
	backoffs    []time.Duration
	utilization []float64
	dlq         map[string]int
	labels      retry.Labels
}

func (m *recMetrics) RetryAttempt(l retry.Labels, attempt int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.labels = l
	m.attempts = append(m.attempts, attempt)
}

func (m *recMetrics) RetryExhausted(l retry.Labels) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.exhausted++
}

func (m *recMetrics) RetryBackoff(l retry.Labels, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.backoffs = append(m.backoffs, d)
}

func (m *recMetrics) BudgetUtilization(l retry.Labels, r float64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.utilization = append(m.utilization, r)
}

func (m *recMetrics) DeadLetter(queue string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.dlq == nil {
		m.dlq = map[string]int{}
	}
	m.dlq[queue]++
}

// logBuffer collects JSON log records.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) logger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(b, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

func (b *logBuffer) records(t testing.TB) []map[string]any {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []map[string]any
	dec := json.NewDecoder(bytes.NewReader(b.buf.Bytes()))
	for dec.More() {
		var m map[string]any
		require.NoError(t, dec.Decode(&m))
		out = append(out, m)
	}
	return out
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// lastErr checks that err is the *retry.Error of a loop that stopped for
// reason, matching the reason's sentinel, and returns the last attempt's
// error it wraps.
func lastErr(t testing.TB, err error, reason string) error {
	t.Helper()
	var e *retry.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, reason, e.Reason, "%v", err)
	if s := reasonSentinels[reason]; s != nil {
		require.ErrorIs(t, err, s)
	}
	return e.Err
}

var reasonSentinels = map[string]error{
	retry.ReasonNotRetryable:  retry.ErrNotRetryable,
	retry.ReasonExhausted:     retry.ErrRetriesExhausted,
	retry.ReasonDNS:           retry.ErrRetriesExhausted,
	retry.ReasonDuration:      retry.ErrDurationExceeded,
	retry.ReasonRetryAfter:    retry.ErrDurationExceeded,
	retry.ReasonBudget:        retry.ErrBudgetExhausted,
	retry.ReasonNotIdempotent: retry.ErrNotIdempotent,
}
