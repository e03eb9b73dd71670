package retry_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/retrylint/retrylint/policy"
	"github.com/retrylint/retrylint/retry"
	"github.com/retrylint/retrylint/retry/retrytest"
)

// hit is one request as the server saw it.
type hit struct {
	method string
	key    string
	body   string
}

// server answers request n (from 0) with script(n, w, r), or 200 "ok"
// beyond the script, and records every request.
type server struct {
	*httptest.Server
	mu   sync.Mutex
	hits []hit
}

func newServer(t *testing.T, script func(n int, w http.ResponseWriter, r *http.Request) bool) *server {
	s := &server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		n := len(s.hits)
		s.hits = append(s.hits, hit{r.Method, r.Header.Get(policy.IdempotencyKeyHeader), string(body)})
		s.mu.Unlock()
		if script != nil && script(n, w, r) {
			return
		}
		io.WriteString(w, "ok")
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *server) Hits() []hit {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]hit(nil), s.hits...)
}

// statuses fails the first requests with the given statuses.
func statuses(codes ...int) func(int, http.ResponseWriter, *http.Request) bool {
	return func(n int, w http.ResponseWriter, _ *http.Request) bool {
		if n < len(codes) {
			w.WriteHeader(codes[n])
			return true
		}
		return false
	}
}

// client returns a client whose transport retries per p over its own
// connection pool, closed at the end of the test.
func client(t *testing.T, p retry.Policy) *http.Client {
	base := &http.Transport{}
	t.Cleanup(base.CloseIdleConnections)
	return &http.Client{Transport: retry.NewTransport(base, p)}
}

// transportPolicy is testPolicy with a budget warmed for the server's host.
func transportPolicy(t *testing.T, s *server) (retry.Policy, *retrytest.Clock) {
	p, clock := testPolicy(t)
	p.Dependency = ""
	p.Budget = warmBudget(t, strings.TrimPrefix(s.URL, "http://"), 1000)
	return p, clock
}

func get(t *testing.T, c *http.Client, url string) (*http.Response, string) {
	t.Helper()
	resp, err := c.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(b)
}

func TestTransport503Then200(t *testing.T) {
	s := newServer(t, statuses(503))
	p, clock := transportPolicy(t, s)
	resp, body := get(t, client(t, p), s.URL)
	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "ok", body)
	assert.Len(t, s.Hits(), 2)
	assert.Equal(t, secs(1), clock.Waits())
}

func TestTransportGivesUpWithTheLastResponse(t *testing.T) {
	s := newServer(t, func(_ int, w http.ResponseWriter, _ *http.Request) bool {
		w.WriteHeader(502)
		io.WriteString(w, "bad gateway")
		return true
	})
	p, clock := transportPolicy(t, s)
	resp, body := get(t, client(t, p), s.URL)
	assert.Equal(t, 502, resp.StatusCode)
	assert.Equal(t, "bad gateway", body, "the final body is intact")
	assert.Len(t, s.Hits(), 4)
	assert.Equal(t, secs(1, 2, 4), clock.Waits())
}

func TestTransportRetryAfter(t *testing.T) {
	t.Run("seconds", func(t *testing.T) {
		s := newServer(t, func(n int, w http.ResponseWriter, _ *http.Request) bool {
			if n == 0 {
				w.Header().Set("Retry-After", "3")
				w.WriteHeader(429)
				return true
			}
			return false
		})
		p, clock := transportPolicy(t, s)
		resp, _ := get(t, client(t, p), s.URL)
		assert.Equal(t, 200, resp.StatusCode)
		assert.Equal(t, secs(3), clock.Waits(), "Retry-After over a 1s backoff")
	})
	t.Run("HTTP date", func(t *testing.T) {
		clock := retrytest.NewAutoClock()
		s := newServer(t, func(n int, w http.ResponseWriter, _ *http.Request) bool {
			if n == 0 {
				w.Header().Set("Retry-After", clock.Now().Add(8*time.Second).Format(http.TimeFormat))
				w.WriteHeader(429)
				return true
			}
			return false
		})
		p, _ := transportPolicy(t, s)
		p.Clock = clock
		resp, _ := get(t, client(t, p), s.URL)
		assert.Equal(t, 200, resp.StatusCode)
		assert.Equal(t, secs(8), clock.Waits())
	})
	t.Run("longer than the budget", func(t *testing.T) {
		s := newServer(t, func(_ int, w http.ResponseWriter, _ *http.Request) bool {
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(503)
			return true
		})
		p, clock := transportPolicy(t, s)
		resp, _ := get(t, client(t, p), s.URL)
		assert.Equal(t, 503, resp.StatusCode, "fails at once with the original response")
		assert.Len(t, s.Hits(), 1)
		assert.Empty(t, clock.Waits())
	})
}

func TestTransportConnectionReset(t *testing.T) {
	s := newServer(t, func(n int, w http.ResponseWriter, _ *http.Request) bool {
		if n == 0 {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.(*net.TCPConn).SetLinger(0) // close with a RST
				conn.Close()
			}
			return true
		}
		return false
	})
	p, clock := transportPolicy(t, s)
	var logs logBuffer
	p.Logger = logs.logger()
	resp, body := get(t, client(t, p), s.URL)
	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "ok", body)
	assert.Len(t, s.Hits(), 2)
	assert.Len(t, clock.Waits(), 1)
	recs := logs.records(t)
	require.Len(t, recs, 1)
	assert.Equal(t, "connection_reset", recs[0]["error_type"])
}

func TestTransportConnectionRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	p, clock := testPolicy(t)
	p.Dependency = ""
	p.Budget = warmBudget(t, addr, 1000)
	var attempts atomic.Int32
	base := &http.Transport{}
	defer base.CloseIdleConnections()
	c := &http.Client{Transport: retry.NewTransport(countingRT{base, &attempts}, p)}
	_, err = c.Get("http://" + addr)
	require.Error(t, err)
	assert.Equal(t, int32(4), attempts.Load())
	assert.Equal(t, secs(1, 2, 4), clock.Waits())
	assert.Equal(t, policy.Retryable, retry.Classify(err))
}

type countingRT struct {
	next http.RoundTripper
	n    *atomic.Int32
}

func (c countingRT) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return c.next.RoundTrip(r)
}

func TestTransportDoesNotRetryClientErrors(t *testing.T) {
	for _, code := range []int{400, 401, 403, 404, 409, 422, 418} {
		s := newServer(t, statuses(code, code, code))
		p, clock := transportPolicy(t, s)
		resp, _ := get(t, client(t, p), s.URL)
		assert.Equal(t, code, resp.StatusCode)
		assert.Len(t, s.Hits(), 1, "status %d", code)
		assert.Empty(t, clock.Waits())
	}
}

func TestTransportRetriesPOSTWithAStableKeyAndBody(t *testing.T) {
	s := newServer(t, statuses(503, 500))
	p, _ := transportPolicy(t, s)
	req, err := http.NewRequest(http.MethodPost, s.URL, strings.NewReader(`{"amount":100}`))
	require.NoError(t, err)
	resp, err := client(t, p).Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)

	hits := s.Hits()
	require.Len(t, hits, 3)
	key := hits[0].key
	u, err := uuid.Parse(key)
	require.NoError(t, err)
	assert.Equal(t, uuid.Version(4), u.Version())
	for _, h := range hits {
		assert.Equal(t, key, h.key, "the same key on every attempt")
		assert.Equal(t, `{"amount":100}`, h.body, "the body replayed")
	}
	assert.Empty(t, req.Header.Get(policy.IdempotencyKeyHeader), "the caller's request is left alone")

	// A second logical operation gets a new key.
	req, _ = http.NewRequest(http.MethodPatch, s.URL, strings.NewReader(`{}`))
	resp, err = client(t, p).Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.NotEqual(t, key, s.Hits()[3].key)
	assert.NotEmpty(t, s.Hits()[3].key)
}

func TestTransportKeepsTheCallersKey(t *testing.T) {
	s := newServer(t, statuses(503))
	p, _ := transportPolicy(t, s)
	req, _ := http.NewRequest(http.MethodPost, s.URL, strings.NewReader("x"))
	req.Header.Set(policy.IdempotencyKeyHeader, "order-1234")
	resp, err := client(t, p).Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	for _, h := range s.Hits() {
		assert.Equal(t, "order-1234", h.key)
	}

	// Or the one in the context.
	ctx := retry.WithIdempotencyKey(context.Background(), "order-5678")
	req, _ = http.NewRequestWithContext(ctx, http.MethodPost, s.URL, strings.NewReader("x"))
	resp, err = client(t, p).Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, "order-5678", s.Hits()[2].key)
}

func TestTransportRefusesOverlongKeys(t *testing.T) {
	s := newServer(t, nil)
	p, _ := transportPolicy(t, s)
	req, _ := http.NewRequest(http.MethodPost, s.URL, strings.NewReader("x"))
	req.Header.Set(policy.IdempotencyKeyHeader, strings.Repeat("k", policy.MaxIdempotencyKeyLength+1))
	_, err := client(t, p).Do(req)
	assert.ErrorIs(t, err, retry.ErrInvalidPolicy)
	assert.Empty(t, s.Hits())
}

func TestTransportDoesNotRetryUnreplayableBodies(t *testing.T) {
	s := newServer(t, statuses(503))
	p, clock := transportPolicy(t, s)
	// A reader http.NewRequest does not know: no GetBody.
	req, _ := http.NewRequest(http.MethodPut, s.URL, io.MultiReader(strings.NewReader("x")))
	require.Nil(t, req.GetBody)
	resp, err := client(t, p).Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 503, resp.StatusCode)
	assert.Len(t, s.Hits(), 1)
	assert.Empty(t, clock.Waits())
}

func TestTransportDoesNotRetryOtherMethods(t *testing.T) {
	s := newServer(t, statuses(503))
	p, _ := transportPolicy(t, s)
	req, _ := http.NewRequest("PURGE", s.URL, nil)
	resp, err := client(t, p).Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 503, resp.StatusCode)
	assert.Len(t, s.Hits(), 1)
}

func TestTransportNeverRetriesCertificateErrors(t *testing.T) {
	var conns atomic.Int32
	s := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {}))
	s.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			conns.Add(1)
		}
	}
	s.Config.ErrorLog = log.New(io.Discard, "", 0)
	s.StartTLS()
	defer s.Close()
	p, clock := testPolicy(t)
	p.Dependency = ""
	p.Budget = warmBudget(t, strings.TrimPrefix(s.URL, "https://"), 1000)
	// The default transport does not trust the test server's certificate.
	_, err := client(t, p).Get(s.URL)
	require.Error(t, err)
	assert.Equal(t, int32(1), conns.Load())
	assert.Empty(t, clock.Waits())
	assert.Equal(t, policy.NonRetryable, retry.Classify(err))
}

func TestTransportBudgetUnderLoad(t *testing.T) {
	s := newServer(t, func(_ int, w http.ResponseWriter, _ *http.Request) bool {
		w.WriteHeader(503)
		return true
	})
	var exhaustions atomic.Int32
	b, err := retry.NewBudget(retry.BudgetConfig{OnExhausted: func(string) { exhaustions.Add(1) }})
	require.NoError(t, err)
	p := retry.Policy{Budget: b, Rand: retrytest.MinRand, Clock: retrytest.NewAutoClock(),
		Logger: slog.New(slog.DiscardHandler)}
	c := client(t, p)
	const workers, each = 16, 25
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range each {
				resp, err := c.Get(s.URL)
				if assert.NoError(t, err) {
					assert.Equal(t, 503, resp.StatusCode, "the original response")
					resp.Body.Close()
				}
			}
		})
	}
	wg.Wait()
	total := len(s.Hits())
	retries := total - workers*each
	t.Logf("%d requests, %d retries (%.1f%%)", total, retries, 100*float64(retries)/float64(total))
	assert.Positive(t, retries)
	// at most 20% of requests plus the reserve are retries;
	// concurrent checks may overshoot by one per worker.
	assert.LessOrEqual(t, float64(retries), policy.BudgetRatio*float64(total)+retry.DefaultBudgetReserve+workers)
	assert.Positive(t, exhaustions.Load())
	assert.GreaterOrEqual(t, b.Utilization(strings.TrimPrefix(s.URL, "http://")), 0.9)
}

func TestTransportDeadLettersWebhooks(t *testing.T) {
	s := newServer(t, func(_ int, w http.ResponseWriter, _ *http.Request) bool {
		w.WriteHeader(503)
		return true
	})
	p, clock := transportPolicy(t, s)
	p.Context = policy.Webhook
	p.WebhookSchedule = true
	p.MaxRetries = 3
	var dead []retry.DeadLetterMessage
	p.DeadLetter = func(_ context.Context, m retry.DeadLetterMessage) error {
		dead = append(dead, m)
		return nil
	}
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/hook", bytes.NewBufferString(`{"event":"paid"}`))
	req.Header.Set("Authorization", "Bearer secret-token")
	resp, err := client(t, p).Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 503, resp.StatusCode)
	assert.Equal(t, secs(1, 5, 30), clock.Waits())

	require.Len(t, dead, 1)
	m := dead[0]
	assert.Equal(t, 4, m.Attempts)
	assert.Equal(t, 503, m.StatusCode)
	assert.Equal(t, retry.ReasonExhausted, m.Reason)
	var se *retry.StatusError
	require.ErrorAs(t, m.Err, &se)
	assert.Equal(t, 503, se.StatusCode)
	// The original payload and headers are kept.
	require.NotNil(t, m.Request)
	assert.Equal(t, "Bearer secret-token", m.Request.Header.Get("Authorization"))
	assert.Equal(t, m.IdempotencyKey, m.Request.Header.Get(policy.IdempotencyKeyHeader))
	body, err := m.Request.GetBody()
	require.NoError(t, err)
	b, _ := io.ReadAll(body)
	assert.Equal(t, `{"event":"paid"}`, string(b))
}

func TestTransportLogsNoHeaderValues(t *testing.T) {
	s := newServer(t, statuses(503, 503))
	p, _ := transportPolicy(t, s)
	var logs logBuffer
	p.Logger = logs.logger()
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/pay?token=q-secret", strings.NewReader("card=4111111111111111"))
	req.Header.Set("Authorization", "Bearer h-secret")
	resp, err := client(t, p).Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	recs := logs.records(t)
	require.Len(t, recs, 2)
	assert.Equal(t, s.Hits()[0].key, recs[0]["idempotency_key"])
	assert.Equal(t, "http_503", recs[0]["error_type"])
	assert.Equal(t, strings.TrimPrefix(s.URL, "http://"), recs[0]["dependency"])
	out := logs.String()
	for _, secret := range []string{"h-secret", "q-secret", "4111111111111111", "/pay"} {
		assert.NotContains(t, out, secret)
	}
}

func TestTransportCancellationEndsTheWait(t *testing.T) {
	s := newServer(t, statuses(503, 503, 503))
	p, _ := transportPolicy(t, s)
	clock := retrytest.NewClock()
	p.Clock = clock
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL, nil)
	done := make(chan error)
	c := client(t, p)
	go func() {
		resp, err := c.Do(req)
		if resp != nil {
			resp.Body.Close()
		}
		done <- err
	}()
	clock.BlockUntilWaiting(1)
	cancel()
	err := <-done
	assert.ErrorIs(t, err, context.Canceled)
	var se *retry.StatusError
	require.ErrorAs(t, lastErr(t, err, retry.ReasonCanceled), &se, "the last response's status")
	assert.Equal(t, 503, se.StatusCode)
	assert.Len(t, s.Hits(), 1)
}

func TestTransportAttemptTimeout(t *testing.T) {
	release := make(chan struct{})
	s := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) bool {
		if n == 0 {
			select { // hang until the client gives up on this attempt
			case <-r.Context().Done():
			case <-release:
			}
			return true
		}
		return false
	})
	defer close(release)
	p, _ := transportPolicy(t, s)
	p.AttemptTimeout = 50 * time.Millisecond
	resp, body := get(t, client(t, p), s.URL)
	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "ok", body, "the body is readable after RoundTrip returns")
	assert.Len(t, s.Hits(), 2)
}

func TestTransportInvalidPolicy(t *testing.T) {
	s := newServer(t, nil)
	_, err := client(t, retry.Policy{MaxRetries: 6}).Get(s.URL)
	assert.ErrorIs(t, err, retry.ErrInvalidPolicy)
	assert.Empty(t, s.Hits())
	assert.False(t, errors.Is(err, context.Canceled))
}
