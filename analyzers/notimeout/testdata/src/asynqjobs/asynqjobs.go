// Package asynqjobs runs asynq servers. A server retries the tasks its
// handlers fail with no total cap of its own: a task's Timeout and
// Deadline are per task, and DefaultRetryDelayFunc's waits over asynq's
// default 25 retries add up to about three weeks, above an async event's
// 24h.
package asynqjobs

import (
	"context"
	"math/rand"
	"time"

	"github.com/hibiken/asynq"
)

func handle(ctx context.Context, t *asynq.Task) error { return nil }

// The default schedule, with no cap.
func run(addr string) error {
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: addr}, asynq.Config{Concurrency: 10}) // want `R-3: asynq retry policy has no total duration cap: DefaultRetryDelayFunc's waits add up to ~3 weeks over 25 retries`
	return srv.Run(asynq.HandlerFunc(handle))
}

// A delay function of the package's: no cap either.
func runJitter(addr string) error {
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: addr}, asynq.Config{ // want `R-3: asynq retry policy has no total duration cap \(24h for async event processing\): asynq's server has none`
		RetryDelayFunc: func(n int, e error, t *asynq.Task) time.Duration {
			return time.Duration(rand.Int63n(int64(min(30*time.Second, time.Second<<n))))
		},
	})
	return srv.Run(asynq.HandlerFunc(handle))
}

// Must not flag: a Config the model cannot see (the caller's).
func runWith(addr string, cfg asynq.Config) error {
	return asynq.NewServer(asynq.RedisClientOpt{Addr: addr}, cfg).Run(asynq.HandlerFunc(handle))
}

// Must not flag: an Enqueue's total time is its server's, and its
// context only bounds the enqueue itself.
func enqueue(ctx context.Context, c *asynq.Client, payload []byte) error {
	if _, err := c.Enqueue(asynq.NewTask("email", payload)); err != nil {
		return err
	}
	_, err := c.EnqueueContext(ctx, asynq.NewTask("email", payload), asynq.MaxRetry(5))
	return err
}
