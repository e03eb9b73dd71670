package waitstate

import (
	"context"
	"math/rand/v2"
	"net/http"
	"time"

	"example.com/sleeputil"
)

// A sleep helper of another package, named so and given one duration
// (sleeputil.CancellableSleep(ctx, d)), waits that duration.

func otherSleepFixed(ctx context.Context, c *http.Client) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("https://api.example.com/")
		if err == nil {
			resp.Body.Close()
			return
		}
		sleeputil.CancellableSleep(ctx, 2*time.Second) // want `R-1: retry of c\.Get \(GET\) waits a fixed 2s between attempts`
	}
}

// Must not flag: the duration it is given draws full jitter.
func otherSleepJittered(ctx context.Context, c *http.Client) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("https://api.example.com/")
		if err == nil {
			resp.Body.Close()
			return
		}
		sleeputil.CancellableSleep(ctx, time.Duration(rand.Int64N(int64(time.Second<<i))))
	}
}
