package libs

import (
	"context"
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// Hand-written loops paced by a k8s wait.BackoffManager (issue 15): the
// wait is the manager's, read from its constructor.

func managerExponential(ctx context.Context, req *http.Request) error {
	mgr := wait.NewExponentialBackoffManager(800*time.Millisecond, 30*time.Second, 2*time.Minute, 2.0, 1.0, nil)
	for i := 0; i < 3; i++ {
		resp, err := http.DefaultClient.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-mgr.Backoff().C(): // want `R-1: retry of http\.DefaultClient\.Do uses partial jitter: Jitter 1 only adds up to 100% on top of a backoff that doubles from 800ms up to 30s`
		}
	}
	return nil
}

func managerJittered(ctx context.Context, req *http.Request) error {
	mgr := wait.NewJitteredBackoffManager(time.Second, 0.1, nil)
	for i := 0; i < 3; i++ {
		resp, err := http.DefaultClient.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		t := mgr.Backoff() // want `R-1: retry of http\.DefaultClient\.Do waits a fixed 1s plus up to 10% more \(Jitter 0\.1\) between attempts`
		<-t.C()
	}
	return nil
}

// Must not flag.

// BackoffUntil and JitterUntil run f every wait whatever happens in it:
// periodic tasks, not retries.
func managerPeriodic(stop <-chan struct{}, u string) {
	mgr := wait.NewExponentialBackoffManager(time.Second, time.Minute, 2*time.Minute, 2.0, 0, nil)
	wait.BackoffUntil(func() {
		if resp, err := http.Get(u); err == nil {
			resp.Body.Close()
		}
	}, mgr, true, stop)
	wait.JitterUntil(func() {
		if resp, err := http.Get(u); err == nil {
			resp.Body.Close()
		}
	}, time.Second, 0, true, stop)
}

// A manager whose settings come from the caller: the wait is unknown.
func managerOpaque(ctx context.Context, req *http.Request, initial time.Duration) error {
	mgr := wait.NewJitteredBackoffManager(initial, 0.1, nil)
	for i := 0; i < 3; i++ {
		resp, err := http.DefaultClient.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		<-mgr.Backoff().C()
	}
	return nil
}
