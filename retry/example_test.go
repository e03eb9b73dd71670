package retry_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"time"

	"github.com/retrylint/retrylint/policy"
	"github.com/retrylint/retrylint/retry"
)

// flaky serves 503 the first n times, then 200 "ok".
func flaky(n int32) *httptest.Server {
	var calls atomic.Int32
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if calls.Add(1) <= n {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "ok")
	}))
}

// quiet keeps the examples' output to what they print; in production the
// retries are logged through slog.Default.
var quiet = slog.New(slog.DiscardHandler)

// A budget with some traffic behind it: R-7 lets at most 20% of a
// dependency's requests be retries, so a dependency that has seen no
// requests yet cannot retry. In a service the budget fills with traffic.
func budgetWithTraffic(dependency string) *retry.Budget {
	b, err := retry.NewBudget(retry.BudgetConfig{})
	if err != nil {
		log.Fatal(err)
	}
	for range 20 {
		b.Request(dependency)
	}
	return b
}

func ExampleDo() {
	srv := flaky(2)
	defer srv.Close()

	p := retry.Policy{
		Dependency: "inventory",
		Budget:     budgetWithTraffic("inventory"),
		BaseDelay:  10 * time.Millisecond, // the standard's default is 1s
		Logger:     quiet,
	}
	attempts := 0
	err := retry.Do(context.Background(), p, func(ctx context.Context) error {
		attempts++
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err // network errors are classified (R-4)
		}
		defer resp.Body.Close()
		return retry.CheckResponse(resp) // so are statuses, with Retry-After (R-5)
	})
	fmt.Println(attempts, err)
	// Output: 3 <nil>
}

func ExampleDo_permanent() {
	errRevoked := errors.New("token revoked")
	attempts := 0
	err := retry.Do(context.Background(), retry.Policy{Logger: quiet}, func(context.Context) error {
		attempts++
		return retry.Permanent(errRevoked) // never retried
	})
	fmt.Println(attempts, errors.Is(err, errRevoked), errors.Is(err, retry.ErrNotRetryable))
	fmt.Println(err)
	// Output:
	// 1 true true
	// retry: not_retryable after 1 attempt: token revoked
}

func ExampleRetryable() {
	// Unlike cenkalti/backoff and retry-go, retry does not retry an error
	// it cannot classify (R-4): mark a transient one of your own.
	p := retry.Policy{
		Dependency: "ledger",
		Budget:     budgetWithTraffic("ledger"),
		BaseDelay:  time.Millisecond,
		Logger:     quiet,
	}
	errBusy := errors.New("ledger busy")
	attempts := 0
	err := retry.Do(context.Background(), p, func(context.Context) error {
		attempts++
		return errBusy // unclassified: not retried
	})
	fmt.Println(attempts, errors.Is(err, retry.ErrNotRetryable), err)

	attempts = 0
	err = retry.Do(context.Background(), p, func(context.Context) error {
		attempts++
		if attempts < 3 {
			return retry.Retryable(errBusy)
		}
		return nil
	})
	fmt.Println(attempts, err)
	// Output:
	// 1 true retry: not_retryable after 1 attempt: ledger busy
	// 3 <nil>
}

func ExampleError() {
	// A budget with no reserve and no traffic yet: R-7 allows no retry.
	budget, err := retry.NewBudget(retry.BudgetConfig{Reserve: -1})
	if err != nil {
		log.Fatal(err)
	}
	p := retry.Policy{Dependency: "pricing", Budget: budget, Logger: quiet}
	err = retry.Do(context.Background(), p, func(context.Context) error {
		return &retry.StatusError{StatusCode: http.StatusServiceUnavailable}
	})
	// Why retrying stopped...
	fmt.Println(errors.Is(err, retry.ErrBudgetExhausted))
	var re *retry.Error
	if errors.As(err, &re) {
		fmt.Println(re.Reason, re.Attempts)
	}
	// ...and the last attempt's error, as the operation returned it.
	var se *retry.StatusError
	fmt.Println(errors.As(err, &se), se.StatusCode)
	fmt.Println(err)
	// Output:
	// true
	// budget_exhausted 1
	// true 503
	// retry: budget_exhausted after 1 attempt: retry: HTTP 503 Service Unavailable
}

func ExampleDo_invalidPolicy() {
	// R-2: synchronous calls allow 1 to 5 retries; 8 is a configuration
	// error, not silently clamped.
	err := retry.Do(context.Background(), retry.Policy{MaxRetries: 8}, func(context.Context) error {
		return nil
	})
	fmt.Println(errors.Is(err, retry.ErrInvalidPolicy))
	fmt.Println(err)
	// Output:
	// true
	// retry: invalid policy: MaxRetries 8 is outside the synchronous API call range 1-5 (R-2)
}

func ExampleDo_deadLetter() {
	// Async event processing: after the final attempt the message goes to
	// the dead-letter hook (R-8) with the retry metadata.
	p := retry.Policy{
		Context:    policy.AsyncEvent,
		MaxRetries: 2,
		Dependency: "ledger",
		Budget:     budgetWithTraffic("ledger"),
		BaseDelay:  time.Millisecond,
		MaxDelay:   10 * time.Millisecond,
		Logger:     quiet,
		DeadLetter: func(_ context.Context, m retry.DeadLetterMessage) error {
			fmt.Println("dead letter:", m.Dependency, m.Attempts, m.Reason, m.Err)
			return nil // store the event with m in the DLQ here
		},
	}
	ctx := retry.WithIdempotencyKey(context.Background(), "event-1") // the event ID
	err := retry.Do(ctx, p, func(context.Context) error {
		return retry.Retryable(errors.New("ledger busy"))
	})
	fmt.Println(err)
	// Output:
	// dead letter: ledger 3 retries_exhausted ledger busy
	// retry: retries_exhausted after 3 attempts: ledger busy
}

func ExampleDoValue() {
	calls := 0
	n, err := retry.DoValue(context.Background(), retry.Policy{
		Dependency: "counter",
		Budget:     budgetWithTraffic("counter"),
		BaseDelay:  time.Millisecond,
		Logger:     quiet,
	}, func(context.Context) (int, error) {
		calls++
		if calls == 1 {
			return 0, &retry.StatusError{StatusCode: http.StatusTooManyRequests, RetryAfter: "0"}
		}
		return 42, nil
	})
	fmt.Println(n, err)
	// Output: 42 <nil>
}

func ExampleNewTransport() {
	srv := flaky(1)
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")

	client := &http.Client{Transport: retry.NewTransport(nil, retry.Policy{
		Budget:    budgetWithTraffic(host), // the transport budgets per host
		BaseDelay: 10 * time.Millisecond,
		Logger:    quiet,
	})}
	// A POST is retried because the transport gives it an Idempotency-Key,
	// the same on every attempt, and replays its body (R-6).
	resp, err := client.Post(srv.URL, "application/json", strings.NewReader(`{"amount":100}`))
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, string(body))
	// Output: 200 ok
}

func ExampleBudget() {
	var exhausted []string
	b, err := retry.NewBudget(retry.BudgetConfig{
		OnExhausted: func(dep string) { exhausted = append(exhausted, dep) }, // open a breaker here
	})
	if err != nil {
		log.Fatal(err)
	}
	// A cold dependency may retry from the reserve (3 by default)...
	fmt.Println(b.AllowRetry("search"), b.AllowRetry("search"), b.AllowRetry("search"), b.AllowRetry("search"))
	fmt.Printf("%.2f %v\n", b.Utilization("search"), exhausted)
	// ...and beyond it, retries may be at most 20% of the requests in
	// the window, plus the reserve: 20 more first attempts make room for
	// 5 more retries.
	for range 20 {
		b.Request("search")
	}
	n := 0
	for b.AllowRetry("search") {
		n++
	}
	fmt.Println(n)
	fmt.Printf("%.2f %v\n", b.Utilization("search"), exhausted)
	// Output:
	// true true true false
	// 0.83 [search]
	// 5
	// 0.93 [search search]
}
