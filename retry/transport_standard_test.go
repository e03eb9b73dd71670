package retry_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/retrylint/retrylint/policy"
	"github.com/retrylint/retrylint/retry"
)

// R-7 with a reserve: a client made as the package doc says retries the
// first failing call of a cold process.
func TestTransportZeroPolicyRetriesAOneOffFailure(t *testing.T) {
	// A new server is a new host:port, so a dependency the process-wide
	// default budget has never seen.
	s := newServer(t, statuses(503, 503))
	resp, body := get(t, client(t, hooks()), s.URL)
	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "ok", body)
	assert.Len(t, s.Hits(), 3)
}

// R-7 under load, through the transport: 200 calls to an always-503
// dependency make at most 20% of the requests plus the reserve in retries.
func TestTransportBudgetCapsAnAlwaysFailingDependency(t *testing.T) {
	s := newServer(t, func(_ int, w http.ResponseWriter, _ *http.Request) bool {
		w.WriteHeader(503)
		return true
	})
	b, err := retry.NewBudget(retry.BudgetConfig{})
	require.NoError(t, err)
	p := hooks()
	p.Budget = b
	c := client(t, p)
	for range 200 {
		resp, body := get(t, c, s.URL)
		require.Equal(t, 503, resp.StatusCode)
		require.Empty(t, body)
	}
	total := len(s.Hits())
	retries := total - 200
	t.Logf("%d requests, %d retries", total, retries)
	assert.LessOrEqual(t, float64(retries), policy.BudgetRatio*float64(total)+retry.DefaultBudgetReserve)
	assert.Greater(t, float64(retries+1), policy.BudgetRatio*float64(total+1)+retry.DefaultBudgetReserve)
}

// in the async and webhook contexts the transport dead-letters every
// failed operation, as Do does, a final non-retryable response included.
func TestTransportDeadLettersEveryFailure(t *testing.T) {
	for _, c := range []policy.Context{policy.AsyncEvent, policy.Webhook} {
		t.Run(c.String(), func(t *testing.T) {
			s := newServer(t, func(n int, w http.ResponseWriter, _ *http.Request) bool {
				if n < 2 {
					w.WriteHeader(503)
					return true
				}
				w.WriteHeader(400)
				io.WriteString(w, `{"error":"amount must be positive"}`)
				return true
			})
			p, _ := transportPolicy(t, s)
			p.Context = c
			m := &recMetrics{}
			p.Metrics = m
			var dead []retry.DeadLetterMessage
			p.DeadLetter = func(_ context.Context, msg retry.DeadLetterMessage) error {
				dead = append(dead, msg)
				return nil
			}
			req, err := http.NewRequest(http.MethodPost, s.URL+"/payments", bytes.NewBufferString(`{"amount":-1}`))
			require.NoError(t, err)
			resp, err := client(t, p).Do(req)
			require.NoError(t, err)
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			assert.Equal(t, 400, resp.StatusCode, "the caller gets the final response")
			assert.Equal(t, `{"error":"amount must be positive"}`, string(body), "body intact")

			require.Len(t, dead, 1)
			msg := dead[0]
			assert.Equal(t, 3, msg.Attempts)
			assert.Equal(t, 400, msg.StatusCode)
			assert.Equal(t, retry.ReasonNotRetryable, msg.Reason)
			assert.Equal(t, "http_400", msg.ErrorType)
			assert.Equal(t, &retry.StatusError{StatusCode: 400}, msg.Err, "the status, not the body")
			require.NotNil(t, msg.Request)
			assert.Equal(t, http.MethodPost, msg.Request.Method)
			assert.Equal(t, s.URL+"/payments", msg.Request.URL.String())
			hits := s.Hits()
			require.Len(t, hits, 3)
			assert.NotEmpty(t, msg.IdempotencyKey)
			assert.Equal(t, hits[0].key, msg.IdempotencyKey)
			assert.Equal(t, map[string]int{strings.TrimPrefix(s.URL, "http://"): 1}, m.dlq)

			// A first-attempt failure that is not retried is not dropped
			// either.
			dead = nil
			resp, err = client(t, p).Get(s.URL + "/missing")
			require.NoError(t, err)
			resp.Body.Close()
			require.Len(t, dead, 1)
			assert.Equal(t, 1, dead[0].Attempts)
			assert.Equal(t, 400, dead[0].StatusCode)
			assert.Equal(t, http.MethodGet, dead[0].Request.Method)

			// A success is not a dead letter.
			dead = nil
			ok := newServer(t, nil)
			p.Budget = warmBudget(t, strings.TrimPrefix(ok.URL, "http://"), 10)
			resp, body2 := get(t, client(t, p), ok.URL)
			assert.Equal(t, 200, resp.StatusCode)
			assert.Equal(t, "ok", body2)
			assert.Empty(t, dead)
		})
	}
}

// giveUp is what a retry loop reported when it ended: its log records
// (message, attempt, reason) and the exhaustions counted.
type giveUp struct {
	records   []string
	exhausted int
}

func summarize(t *testing.T, logs *logBuffer, m *recMetrics) giveUp {
	t.Helper()
	var g giveUp
	for _, rec := range logs.records(t) {
		if rec["msg"] == "retry: retrying" {
			for _, f := range policy.LogFields {
				assert.Contains(t, rec, f, "R-10 field %s", f)
			}
		}
		g.records = append(g.records, strings.Join([]string{rec["msg"].(string), toString(rec["attempt"]), toString(rec["reason"]), toString(rec["error_type"])}, " "))
	}
	g.exhausted = m.exhausted
	return g
}

func toString(v any) string {
	if v == nil {
		return "-"
	}
	return fmt.Sprint(v)
}

// when the transport gives up (a non-retryable status after
// retries, the budget, a Retry-After beyond the cap), it logs and counts
// exactly as Do does, and every retry record carries the R-10 fields.
func TestTransportGivesUpAsDoDoes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status []int
		after  string
		budget func(t *testing.T, dep string) *retry.Budget
		want   giveUp
	}{{
		name:   "non-retryable after retries",
		status: []int{503, 503, 400},
		want: giveUp{records: []string{
			"retry: retrying 2 - http_503",
			"retry: retrying 3 - http_503",
			"retry: giving up 3 not_retryable http_400",
		}},
	}, {
		name:   "budget",
		status: []int{503, 503, 503, 503},
		budget: func(t *testing.T, dep string) *retry.Budget {
			b, err := retry.NewBudget(retry.BudgetConfig{Reserve: -1})
			require.NoError(t, err)
			for range 5 {
				b.Request(dep) // room for one retry
			}
			return b
		},
		want: giveUp{records: []string{
			"retry: retrying 2 - http_503",
			"retry: giving up 2 budget_exhausted http_503",
		}, exhausted: 1},
	}, {
		name:   "retry-after beyond the cap",
		status: []int{429},
		after:  "31",
		want: giveUp{records: []string{
			"retry: giving up 1 retry_after http_429",
		}, exhausted: 1},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			run := func(viaTransport bool) giveUp {
				s := newServer(t, func(n int, w http.ResponseWriter, _ *http.Request) bool {
					if n < len(tc.status) {
						if tc.after != "" {
							w.Header().Set("Retry-After", tc.after)
						}
						w.WriteHeader(tc.status[n])
						return true
					}
					return false
				})
				dep := strings.TrimPrefix(s.URL, "http://")
				p, _ := transportPolicy(t, s)
				p.Dependency = dep
				if tc.budget != nil {
					p.Budget = tc.budget(t, dep)
				}
				var logs logBuffer
				p.Logger = logs.logger()
				m := &recMetrics{}
				p.Metrics = m
				if viaTransport {
					resp, err := client(t, p).Get(s.URL)
					require.NoError(t, err)
					resp.Body.Close()
				} else {
					c := &http.Client{}
					t.Cleanup(c.CloseIdleConnections)
					require.Error(t, retry.Do(context.Background(), p, func(ctx context.Context) error {
						req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL, nil)
						resp, err := c.Do(req)
						if err != nil {
							return err
						}
						defer resp.Body.Close()
						return retry.CheckResponse(resp)
					}))
				}
				return summarize(t, &logs, m)
			}
			assert.Equal(t, tc.want, run(false), "Do")
			assert.Equal(t, tc.want, run(true), "transport")
		})
	}
}

// the transport refuses a key over 64 characters from the context
// too.
func TestTransportRefusesOverlongContextKeys(t *testing.T) {
	s := newServer(t, nil)
	p, _ := transportPolicy(t, s)
	ctx := retry.WithIdempotencyKey(context.Background(), strings.Repeat("k", policy.MaxIdempotencyKeyLength+1))
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		req, _ := http.NewRequestWithContext(ctx, m, s.URL, strings.NewReader("x"))
		_, err := client(t, p).Do(req)
		assert.ErrorIs(t, err, retry.ErrInvalidPolicy, m)
	}
	assert.Empty(t, s.Hits())
}
