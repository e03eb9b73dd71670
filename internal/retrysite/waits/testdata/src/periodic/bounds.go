package periodic

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Exits that count no attempts: a stop signal received from a channel, a
// time limit read from the clock, a view of the error (errors.As, a type
// assertion), the context's own errors. A loop whose other exits are
// outcomes has no attempt count.

type statusErr struct{ code int }

func (e *statusErr) Error() string { return "status" }

func connect(ctx context.Context) error {
	resp, err := http.Get("https://api.example.com/connect")
	if err != nil {
		return err
	}
	resp.Body.Close()
	return nil
}

func connectUntilKilled(ctx context.Context, kill <-chan bool, wait time.Duration) error {
	for { // want `loop ctx=sync unbounded` `R-2: retry of connect \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds` `R-3: retry of connect \(GET\) has no total duration cap: no attempt count`
		err := connect(ctx)
		if err == nil {
			return nil
		}
		var se *statusErr
		if errors.As(err, &se) && se.code == http.StatusNotFound {
			return err
		}
		select {
		case <-time.After(wait): // want `R-1: retry of connect \(GET\) waits a fixed interval \(wait\) between attempts; use exponential backoff with full jitter`
		case intentional := <-kill:
			if intentional {
				return errors.New("killed")
			}
		}
	}
}

func connectForAWhile(ctx context.Context, limit time.Duration) error {
	start := time.Now()
	for { // want `loop ctx=sync unbounded` `R-2: retry of connect \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		err := connect(ctx)
		if err == nil || errors.Is(err, context.Canceled) {
			return err
		}
		if se, ok := err.(*statusErr); ok && se.code == 401 {
			return err
		}
		if time.Since(start) > limit {
			return err
		}
		time.Sleep(time.Second) // want `R-1: retry of connect \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
}

// A retry object the package builds decides: it may count out of sight.

type retryer struct{ n int }

func newRetryer() *retryer { return &retryer{} }

func (r *retryer) retry(err error) (time.Duration, bool) {
	r.n++
	return time.Second, r.n < 5
}

func connectWithRetryer(ctx context.Context) error {
	r := newRetryer()
	for { // want `loop ctx=sync bound=\?`
		err := connect(ctx)
		if d, ok := r.retry(err); ok && err != nil {
			time.Sleep(d)
			continue
		}
		return err
	}
}

// An accumulated wait compared with a limit is a count of sorts: unknown.
func connectWithBudget(ctx context.Context, budget time.Duration) error {
	var waited time.Duration
	for { // want `loop ctx=sync bound=\?`
		err := connect(ctx)
		if err == nil {
			return nil
		}
		if waited > budget {
			return err
		}
		time.Sleep(time.Second) // want `R-1: retry of connect \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
		waited += time.Second
	}
}
