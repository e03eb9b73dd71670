package waitstate

import (
	"context"
	"net/http"
	"time"
)

type refresher struct {
	hc  *http.Client
	ttl time.Duration
}

func (r *refresher) login() error {
	resp, err := r.hc.Post("https://auth.example.com/login", "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// autoRefresh logs in again on its timer: after a success in ttl, after
// a failure in a fixed 5s. The failure path is a retry with a wait of
// its own.
func (r *refresher) autoRefresh(ctx context.Context) {
	timer := time.NewTimer(5 * time.Second)
	defer timer.Stop()
	for {
		select {
		case <-timer.C: // want `R-1: retry of r\.login \(POST\) waits a fixed 5s`
			if err := r.login(); err != nil {
				timer.Reset(5 * time.Second)
			} else {
				timer.Reset(r.ttl)
			}
		case <-ctx.Done():
			return
		}
	}
}

// periodic resets its timer to its period whatever the outcome: a
// periodic task, no retry.
func (r *refresher) periodic(ctx context.Context, period time.Duration) {
	timer := time.NewTimer(period)
	defer timer.Stop()
	for {
		select {
		case <-timer.C:
			if err := r.login(); err != nil {
				timer.Reset(period)
			} else {
				timer.Reset(period)
			}
		case <-ctx.Done():
			return
		}
	}
}
