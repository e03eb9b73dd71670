// Package asynqjobs runs asynq servers: the server retries the tasks its
// handlers fail, waiting Config.RetryDelayFunc, or DefaultRetryDelayFunc
// (n^4+15s plus rand(30)×(n+1)s) when the Config leaves it nil.
package asynqjobs

import (
	"context"
	"math/rand"
	"time"

	"github.com/hibiken/asynq"
)

func handle(ctx context.Context, t *asynq.Task) error { return nil }

// No RetryDelayFunc: DefaultRetryDelayFunc's polynomial floor with a
// random part added above it.
func defaultDelay(addr string) error {
	srv := asynq.NewServer( // want `R-1: asynq retry policy uses DefaultRetryDelayFunc: polynomial n\^4\+15s plus a random rand\(30\)×\(n\+1\)s above that floor`
		asynq.RedisClientOpt{Addr: addr},
		asynq.Config{Concurrency: 10, ShutdownTimeout: 10 * time.Second},
	)
	return srv.Run(asynq.HandlerFunc(handle))
}

// The default given by name is the same schedule.
func namedDefault(addr string) *asynq.Server {
	cfg := asynq.Config{RetryDelayFunc: asynq.DefaultRetryDelayFunc} // want `R-1: asynq retry policy uses DefaultRetryDelayFunc: polynomial`
	return asynq.NewServer(asynq.RedisClientOpt{Addr: addr}, cfg)
}

// Must not flag: full jitter, each wait drawn from [0, min(30s, 1s×2^n)).
func fullJitter(addr string) *asynq.Server {
	return asynq.NewServer(asynq.RedisClientOpt{Addr: addr}, asynq.Config{
		RetryDelayFunc: func(n int, e error, t *asynq.Task) time.Duration {
			return time.Duration(rand.Int63n(int64(min(30*time.Second, time.Second<<n))))
		},
	})
}

// jitterDelay is the package's own full-jitter delay function.
func jitterDelay(n int, e error, t *asynq.Task) time.Duration {
	ceil := time.Second << min(n, 5)
	return time.Duration(rand.Int63n(int64(min(ceil, 30*time.Second))))
}

// Must not flag: the package's full-jitter function by name.
func namedJitter(addr string) *asynq.Server {
	return asynq.NewServer(asynq.RedisClientOpt{Addr: addr}, asynq.Config{RetryDelayFunc: jitterDelay})
}

// A fixed delay function of the package: R-1.
func fixedDelay(addr string) *asynq.Server {
	return asynq.NewServer(asynq.RedisClientOpt{Addr: addr}, asynq.Config{
		RetryDelayFunc: func(n int, e error, t *asynq.Task) time.Duration { // want `R-1: asynq retry policy waits a fixed 10s between attempts`
			return 10 * time.Second
		},
	})
}

// Must not flag: a Config the model cannot see (the caller's).
func fromCaller(addr string, cfg asynq.Config) *asynq.Server {
	return asynq.NewServer(asynq.RedisClientOpt{Addr: addr}, cfg)
}

// Must not flag: an Enqueue has no waits of its own (its server's).
func enqueue(c *asynq.Client) error {
	_, err := c.Enqueue(asynq.NewTask("email", nil), asynq.MaxRetry(5))
	return err
}
