package a

import (
	"context"
	"net/http"
	"time"

	"example.com/budget"
)

func poll(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://example.com", nil)
	if err != nil {
		return err
	}
	c := &http.Client{Timeout: time.Second}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Not reported: the loop ends when a retry policy of another package,
// handed each failure, refuses another attempt; it may keep a time
// budget, which the model cannot see.
func untilPolicyStops() error {
	bo := budget.New(20 * time.Second)
	for {
		err := poll(context.Background())
		if err == nil {
			return nil
		}
		err = bo.Backoff(err)
		if err != nil {
			return err
		}
	}
}

// Reported: the policy is only told of the failure and never stops the
// loop.
func policyNeverStops() error {
	bo := budget.New(20 * time.Second)
	for { // want `R-3: retry of poll \(GET\) has no total duration cap`
		err := poll(context.Background())
		if err == nil {
			return nil
		}
		bo.Note(err)
		time.Sleep(time.Second)
	}
}
