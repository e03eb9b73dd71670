// Package sleeputil is another package's sleep helper, as services keep
// them: a sleep a context cuts short.
package sleeputil

import (
	"context"
	"time"
)

// CancellableSleep sleeps d, or less when ctx ends.
func CancellableSleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
