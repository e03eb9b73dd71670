// Package retryprom reports the metrics of the Retry Policy standard
// to Prometheus:
//
//	m, err := retryprom.New(prometheus.DefaultRegisterer)
//	p := retry.Policy{Service: "checkout", Metrics: m}
//
// The collectors are named as policy names them:
//
//	retry_attempts_total{service, dependency, attempt_number}  counter
//	retry_exhausted_total{service, dependency}                 counter
//	retry_backoff_duration_seconds{service, dependency}        histogram
//	retry_budget_utilization_ratio{service, dependency}        gauge
//	dlq_messages_total{queue}                                  counter
//
// Alert on dlq_messages_total increasing: R-8 wants every dead-lettered
// message to raise an alert.
package retryprom

import (
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/retrylint/retrylint/policy"
	"github.com/retrylint/retrylint/retry"
)

// BackoffBuckets are the histogram buckets of retry_backoff_duration_seconds,
// in seconds: from 10ms to the 4h of the webhook schedule.
var BackoffBuckets = []float64{0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 30, 60, 300, 900, 3600, 14400}

// Metrics is a retry.Metrics backed by Prometheus collectors.
type Metrics struct {
	attempts    *prometheus.CounterVec
	exhausted   *prometheus.CounterVec
	backoff     *prometheus.HistogramVec
	utilization *prometheus.GaugeVec
	dlq         *prometheus.CounterVec
}

var _ retry.Metrics = (*Metrics)(nil)

// New creates the collectors and registers them with reg
// (prometheus.DefaultRegisterer when nil).
func New(reg prometheus.Registerer) (*Metrics, error) {
	if reg == nil {
		reg = prometheus.DefaultRegisterer
	}
	m := &Metrics{
		attempts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: policy.MetricRetryAttempts,
			Help: "Retry attempts, by attempt number (2 is the first retry).",
		}, []string{"service", "dependency", "attempt_number"}),
		exhausted: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: policy.MetricRetryExhausted,
			Help: "Operations that failed with a retryable error and were not retried again.",
		}, []string{"service", "dependency"}),
		backoff: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    policy.MetricBackoffDuration,
			Help:    "Waits before retries, in seconds.",
			Buckets: BackoffBuckets,
		}, []string{"service", "dependency"}),
		utilization: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: policy.MetricBudgetUtilization,
			Help: "Share of the retry budget in use over its window; 1 or more when spent.",
		}, []string{"service", "dependency"}),
		dlq: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: policy.MetricDeadLetterMessages,
			Help: "Messages routed to a dead-letter queue after their final attempt.",
		}, []string{"queue"}),
	}
	for _, c := range []prometheus.Collector{m.attempts, m.exhausted, m.backoff, m.utilization, m.dlq} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// RetryAttempt implements retry.Metrics.
func (m *Metrics) RetryAttempt(l retry.Labels, attempt int) {
	m.attempts.WithLabelValues(l.Service, l.Dependency, strconv.Itoa(attempt)).Inc()
}

// RetryExhausted implements retry.Metrics.
func (m *Metrics) RetryExhausted(l retry.Labels) {
	m.exhausted.WithLabelValues(l.Service, l.Dependency).Inc()
}

// RetryBackoff implements retry.Metrics.
func (m *Metrics) RetryBackoff(l retry.Labels, d time.Duration) {
	m.backoff.WithLabelValues(l.Service, l.Dependency).Observe(d.Seconds())
}

// BudgetUtilization implements retry.Metrics.
func (m *Metrics) BudgetUtilization(l retry.Labels, ratio float64) {
	m.utilization.WithLabelValues(l.Service, l.Dependency).Set(ratio)
}

// DeadLetter implements retry.Metrics.
func (m *Metrics) DeadLetter(queue string) {
	m.dlq.WithLabelValues(queue).Inc()
}
