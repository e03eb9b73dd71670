package polls

import (
	"context"
	"errors"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

type client struct{ ready bool }

func (c *client) Get(ctx context.Context) (int, error) { return 0, nil }
func (c *client) Rotate() error                        { return nil }
func (c *client) Ready() bool                          { return c.ready }

// A failing Get is turned into "not yet": a retry every 10s, no count.
func informer(ctx context.Context, c *client) error {
	var lastErr error
	return wait.PollUntilContextCancel(ctx, 10*time.Second, true, func(ctx context.Context) (bool, error) { // want `library k8s wait poll ctx=sync unbounded` `R-2: wait.Poll.* no maximum retry count` `R-1: wait.Poll.* waits a fixed`
		_, lastErr = c.Get(ctx)
		if lastErr != nil {
			return false, nil
		}
		return true, nil
	})
}

type manager struct{ c *client }

func (m *manager) rotate() (bool, error) {
	if err := m.c.Rotate(); err != nil {
		return false, nil
	}
	return true, nil
}

// The condition is a method of the package.
func (m *manager) run(ctx context.Context) {
	_ = wait.PollInfiniteWithContext(ctx, 32*time.Second, func(context.Context) (bool, error) { return m.rotate() }) // not resolved through a literal's call: silent
	_ = wait.PollInfinite(32*time.Second, m.rotate)                                                                  // want `library k8s wait poll ctx=sync unbounded` `R-2: wait.Poll.* no maximum retry count` `R-1: wait.Poll.* waits a fixed`
}

func immediate(c *client) {
	_ = wait.PollImmediateInfinite(time.Second, func() (bool, error) { // want `library k8s wait poll ctx=sync unbounded` `R-2: wait.Poll.* no maximum retry count` `R-1: wait.Poll.* waits a fixed`
		err := c.Rotate()
		if err != nil {
			return false, nil
		}
		return true, nil
	})
}

// State polls: false means "not ready yet", not a failure. Not retries.
func waitReady(ctx context.Context, c *client) {
	_ = wait.PollInfinite(time.Second, func() (bool, error) {
		return c.Ready(), nil
	})
	_ = wait.PollUntilContextCancel(ctx, time.Second, false, func(ctx context.Context) (bool, error) {
		n, err := c.Get(ctx)
		if err != nil {
			return false, err // an error stops the poll
		}
		return n > 3, nil // a state
	})
	// Tolerates Get failures but waits for a state: a readiness wait.
	_ = wait.PollUntilContextCancel(ctx, time.Second, false, func(ctx context.Context) (bool, error) {
		n, err := c.Get(ctx)
		if err != nil {
			return false, nil
		}
		if n < 3 {
			return false, nil
		}
		return true, nil
	})
	// A false under a check of an error that is no call's result.
	var errNotYet = errors.New("not yet")
	_ = wait.PollInfinite(time.Second, func() (bool, error) {
		if errNotYet != nil {
			return false, nil
		}
		return true, nil
	})
	// A condition the model cannot see.
	var cond wait.ConditionFunc
	_ = wait.PollInfinite(time.Second, cond)
}
