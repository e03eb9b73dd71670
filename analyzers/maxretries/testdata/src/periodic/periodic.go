package periodic

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"
)

// The failure path of a loop that repeats on success too is a retry; its
// bound counts consecutive failures.

func get(ctx context.Context, u string) (string, string, error) {
	resp, err := http.Get(u)
	if err != nil {
		return "", "", err
	}
	defer resp.Body.Close()
	return "v", resp.Header.Get("ETag"), nil
}

// A long poll whose failures are retried every 5s until the context ends.
func subscribe(ctx context.Context, u string, fn func(string) error) error {
	etag := ""
	for { // want `R-2.*no maximum`
		v, next, err := get(ctx, u+"?last_etag="+etag)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return err
			}
			time.Sleep(5 * time.Second)
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
func listAll(ctx context.Context, u string) ([]string, error) {
	var all []string
	cursor := ""
	failures := 0
	for {
		v, next, err := get(ctx, u+"?cursor="+cursor)
		if err != nil {
			failures++
			if failures > 3 {
				return nil, err
			}
			time.Sleep(time.Duration(failures) * time.Second)
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
	for { // want `R-2.*12 retries`
		v, next, err := get(ctx, u+"?cursor="+cursor)
		if err != nil {
			failures++
			if failures > 12 {
				return nil, err
			}
			time.Sleep(time.Duration(failures) * time.Second)
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

// Not retries: a periodic task that logs errors and waits its period; a
// consumer that waits after a failed message before the next one.

func syncLoop(ctx context.Context, u string, period time.Duration) {
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

func consume(ctx context.Context, urls <-chan string) {
	for u := range urls {
		if _, _, err := get(ctx, u); err != nil {
			time.Sleep(time.Second)
			continue
		}
	}
}

// Must not flag: a heartbeat. Each beat waits for the next tick or a
// notification; a failed beat backs off and then waits for its next tick
// as a successful one does: the schedule slows down, the beat is not
// retried on a path of its own.
func heartbeat(ctx context.Context, notify <-chan struct{}, stop <-chan struct{}, u string) {
	failures := 0
	for {
		select {
		case <-notify:
		case <-time.After(time.Second):
		case <-stop:
			return
		}
		if _, _, err := get(ctx, u); err != nil {
			failures++
			select {
			case <-time.After(time.Duration(failures) * 10 * time.Millisecond):
			case <-stop:
				return
			}
			continue
		}
		failures = 0
	}
}
