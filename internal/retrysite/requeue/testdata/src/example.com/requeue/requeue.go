// Package requeue holds controllers that hand a failed item back to a
// rate-limited work queue (requeue.go): a retry of the work for it, with
// no loop in the code.
package requeue

import (
	"context"
	"errors"
	"net/http"
	"time"

	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/controller/priorityqueue"
)

type Controller struct {
	client *http.Client
	q      workqueue.TypedRateLimitingInterface[string]
	slow   workqueue.TypedRateLimitingInterface[string]
	user   workqueue.TypedRateLimitingInterface[string]
}

func New(c *http.Client, limiter workqueue.TypedRateLimiter[string]) *Controller {
	return &Controller{
		client: c,
		q: workqueue.NewTypedRateLimitingQueueWithConfig(
			workqueue.DefaultTypedControllerRateLimiter[string](), // want `R-1: workqueue retry of c.sync \(GET\): its wait doubles from 5ms up to 16m40s without jitter`
			workqueue.TypedRateLimitingQueueConfig[string]{Name: "things"}),
		slow: workqueue.NewTypedRateLimitingQueue(workqueue.NewTypedMaxOfRateLimiter(
			workqueue.NewTypedItemFastSlowRateLimiter[string](100*time.Millisecond, 10*time.Second, 3), // want `R-1: workqueue retry of c.sync \(GET\) waits the fixed delays of NewTypedItemFastSlowRateLimiter, with no jitter`
			&workqueue.TypedBucketRateLimiter[string]{},
		)),
		user: workqueue.NewTypedRateLimitingQueue(limiter),
	}
}

func (c *Controller) sync(ctx context.Context, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://api/"+key, nil)
	if err != nil {
		return err
	}
	resp, err := c.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// processNext: a failed sync hands the key back rate-limited, forever.
func (c *Controller) processNext(ctx context.Context) bool {
	key, quit := c.q.Get()
	if quit {
		return false
	}
	defer c.q.Done(key)
	if err := c.sync(ctx, key); err != nil {
		c.q.AddRateLimited(key) // want `library workqueue ctx=sync unbounded` `R-2: workqueue retry of c.sync \(GET\) has no maximum retry count: each failure hands key back to the queue rate-limited; nothing asks NumRequeues`
		return true
	}
	c.q.Forget(key)
	return true
}

// processSlow: the same on a queue whose limiter waits fixed delays.
func (c *Controller) processSlow(ctx context.Context) bool {
	key, quit := c.slow.Get()
	if quit {
		return false
	}
	defer c.slow.Done(key)
	err := c.sync(ctx, key)
	if err == nil {
		c.slow.Forget(key)
		return true
	}
	c.slow.AddRateLimited(key) // want `library workqueue ctx=sync unbounded` `R-2: workqueue retry of c.sync \(GET\) has no maximum retry count`
	return true
}

// processUser: the limiter is the caller's, so the waits are unknown; the
// count is still none.
func (c *Controller) processUser(ctx context.Context) bool {
	key, quit := c.user.Get()
	if quit {
		return false
	}
	defer c.user.Done(key)
	if err := c.sync(ctx, key); err != nil {
		c.user.AddRateLimited(key) // want `library workqueue ctx=sync unbounded` `R-2: workqueue retry of c.sync \(GET\) has no maximum retry count`
	}
	return true
}

// Must not flag: a resync hands every key back, success or not.
func (c *Controller) resync(ctx context.Context) bool {
	key, quit := c.q.Get()
	if quit {
		return false
	}
	defer c.q.Done(key)
	_ = c.sync(ctx, key)
	c.q.AddRateLimited(key)
	return true
}

// Must not flag: the item handed back is not the one the work was for.
func (c *Controller) parent(ctx context.Context, key, owner string) {
	if err := c.sync(ctx, key); err != nil {
		c.q.AddRateLimited(owner)
	}
}

// Must not flag: the key handed back is another one each time.
func (c *Controller) next(ctx context.Context, key string) {
	if err := c.sync(ctx, key); err != nil {
		key = key + "/next"
		c.q.AddRateLimited(key)
	}
}

// Reconciler runs a reconcile through a priority queue, as
// controller-runtime's controller does.
type Reconciler interface {
	Reconcile(ctx context.Context, key string) (time.Duration, error)
}

type PQController struct {
	Do    Reconciler
	Queue priorityqueue.PriorityQueue[string]
}

var errTerminal = errors.New("terminal")

// handle: a failed reconcile goes back rate-limited; a reconcile that asks
// for a requeue after success goes back after its delay (no retry).
func (c *PQController) handle(ctx context.Context, key string) {
	after, err := c.Do.Reconcile(ctx, key)
	switch {
	case err != nil:
		if !errors.Is(err, errTerminal) {
			c.Queue.AddWithOpts(priorityqueue.AddOpts{RateLimited: true}, key) // want `library workqueue ctx=sync unbounded` `R-2: workqueue retry of c.Do.Reconcile has no maximum retry count`
		}
	case after > 0:
		c.Queue.AddWithOpts(priorityqueue.AddOpts{After: after}, key)
	}
}

// Must not flag: the options ask for a fixed delay, not the limiter's.
func (c *PQController) handleAfter(ctx context.Context, key string) {
	if _, err := c.Do.Reconcile(ctx, key); err != nil {
		c.Queue.AddWithOpts(priorityqueue.AddOpts{After: time.Second}, key)
	}
}

// Must not flag: a reconcile that succeeded but asks for more is
// requeued rate-limited (controller-runtime's Requeue: true): the success
// goes back too.
func (c *PQController) handleRequeue(ctx context.Context, key string, requeue bool) {
	_, err := c.Do.Reconcile(ctx, key)
	if err != nil || requeue {
		c.Queue.AddWithOpts(priorityqueue.AddOpts{RateLimited: true}, key)
	}
}
