package periodic

// Cases first written for the maxretries analyzer over loops that
// repeat on success too; a variant of a case of periodic.go or fields.go
// bears its name with the suffix R2. TestPeriodic runs the model and the
// rules over them together.

import (
	"context"
	"errors"
	"log"
	"time"
)

// A long poll whose failures are retried every 5s until the context ends.
func subscribeR2(ctx context.Context, u string, fn func(string) error) error {
	etag := ""
	for { // want `R-2.*no maximum` `loop ctx=sync unbounded`
		v, next, err := get(ctx, u+"?last_etag="+etag)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return err
			}
			time.Sleep(5 * time.Second) // want `R-1: retry of get \(GET\) waits a fixed 5s between attempts; use exponential backoff with full jitter`
			continue
		}
		etag = next
		if err := fn(v); err != nil {
			return err
		}
	}
}

// A pagination that gives up after three failures in a row: compliant,
// however many pages it reads.
func listAllR2(ctx context.Context, u string) ([]string, error) {
	var all []string
	cursor := ""
	failures := 0
	for { // want `loop ctx=sync retries=3`
		v, next, err := get(ctx, u+"?cursor="+cursor)
		if err != nil {
			failures++
			if failures > 3 {
				return nil, err
			}
			time.Sleep(time.Duration(failures) * time.Second) // want `R-1: retry of get \(GET\): its wait grows linearly by 1s per attempt, without jitter; use full jitter`
			continue
		}
		failures = 0
		all = append(all, v)
		if next == "" {
			return all, nil
		}
		cursor = next
	}
}

// The same with twelve failures in a row: outside the range.
func listAllPatient(ctx context.Context, u string) ([]string, error) {
	var all []string
	cursor := ""
	failures := 0
	for { // want `R-2.*12 retries` `loop ctx=sync retries=12` `R-3: retry of get \(GET\) relies on ctx's deadline, which it never sets, and can take waits 1s\+2s\+3s.*\+12s = 1m18s > the 30s cap`
		v, next, err := get(ctx, u+"?cursor="+cursor)
		if err != nil {
			failures++
			if failures > 12 {
				return nil, err
			}
			time.Sleep(time.Duration(failures) * time.Second) // want `R-1: retry of get \(GET\): its wait grows linearly by 1s per attempt, without jitter; use full jitter`
			continue
		}
		failures = 0
		all = append(all, v)
		if next == "" {
			return all, nil
		}
		cursor = next
	}
}

func syncLoopR2(ctx context.Context, u string, period time.Duration) {
	for {
		if _, _, err := get(ctx, u); err != nil {
			log.Print(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(period):
		}
	}
}

func consumeR2(ctx context.Context, urls <-chan string) {
	for u := range urls {
		if _, _, err := get(ctx, u); err != nil {
			time.Sleep(time.Second)
			continue
		}
	}
}
