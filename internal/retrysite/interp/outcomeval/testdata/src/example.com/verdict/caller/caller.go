// Package caller retries a notification of another package of the
// module through the verdict's accessor, read from its file parsed alone
// (outcomeval/carried.go).
package caller

import (
	"context"
	"time"

	"example.com/verdict/notify"
)

func Send(ctx context.Context, s *notify.Sender) error {
	for { // want `loop ctx=sync unbounded`
		v := s.Notify(ctx)
		if err := v.Err(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `R-1: retry of s.Notify waits a fixed 1s between attempts`
	}
}
