package a

import (
	"context"
	"time"
)

func deadlineOf(ctx context.Context) bool {
	_, ok := ctx.Deadline()
	return ok
}

// A count that one path sets out of reach: under a deadline, retries is
// -1 and never comes down to 0. The loop keeps a count, but no count is
// sure to end it.
func countOffUnderDeadline(ctx context.Context, retryReads bool) error {
	var retries int
	if retryReads {
		retries = 1
	}
	if deadlineOf(ctx) {
		retries = -1
	}
	var err error
	for { // want `R-2: retry of do has no maximum retry count: no attempt count is sure to end the loop: it retries until the operation succeeds`
		err = do()
		if err == nil || retries == 0 {
			break
		}
		retries--
		time.Sleep(time.Second)
	}
	return err
}

// The same loop without the deadline path: at most 2 attempts.
func countAlwaysEnds(retryReads bool) error {
	var retries int
	if retryReads {
		retries = 1
	}
	var err error
	for {
		err = do()
		if err == nil || retries == 0 {
			break
		}
		retries--
		time.Sleep(time.Second)
	}
	return err
}
