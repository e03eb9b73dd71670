package a

import (
	"context"
	"log"
	"time"
)

const maxRetryFor = 24 * time.Hour

// The loop's own elapsed-time check caps it at a day; the time.Since in
// the log lines only reports how long it has run, which ends nothing.
func untilADay(ctx context.Context, f func(context.Context) error) error {
	start := time.Now()
	var err error
	for time.Since(start) < maxRetryFor { // want `R-3: retry of f is capped at 24h by the elapsed-time check, above the 30s cap`
		if err = f(ctx); err == nil {
			return nil
		}
		log.Printf("attempt failed after %v: %v", fmtDur(time.Since(start)), err)
		time.Sleep(time.Second)
	}
	return err
}

func fmtDur(d time.Duration) string { return d.String() }

// Must not flag: the check compares the measure a helper returns; the
// model cannot tell its limit, so it says nothing.
func untilBudget(ctx context.Context, f func(context.Context) error, over func(time.Duration) bool) error {
	start := time.Now()
	for {
		if err := f(ctx); err == nil {
			return nil
		}
		if over(time.Since(start)) {
			return context.DeadlineExceeded
		}
		time.Sleep(time.Second)
	}
}
