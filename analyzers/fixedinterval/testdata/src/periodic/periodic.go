package periodic

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"
)

// The failure path of a loop that repeats on success too is a retry when
// it waits a wait of its own before the same operation again.

func get(ctx context.Context, u string) (string, string, error) {
	resp, err := http.Get(u)
	if err != nil {
		return "", "", err
	}
	defer resp.Body.Close()
	return "v", resp.Header.Get("ETag"), nil
}

// A long poll: the cursor moves on success, a failure sleeps a fixed 5s
// and asks again with the same cursor.
func subscribe(ctx context.Context, u string, fn func(string) error) error {
	etag := ""
	for {
		v, next, err := get(ctx, u+"?last_etag="+etag)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return err
			}
			time.Sleep(5 * time.Second) // want `R-1.*fixed 5s`
			continue
		}
		etag = next
		if err := fn(v); err != nil {
			return err
		}
	}
}

// A periodic renewal that waits a fixed second after a failure instead
// of its period.
func renewPeriodic(ctx context.Context, u string, ttl time.Duration) error {
	wait := ttl / 2
	last := time.Now()
	for {
		if time.Since(last) > ttl {
			return errors.New("expired")
		}
		select {
		case <-time.After(wait): // want `R-1.*fixed interval`
			_, _, err := get(ctx, u)
			if err != nil {
				wait = time.Second
				continue
			}
			wait = ttl / 2
			last = time.Now()
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// A pagination whose failed page is fetched again after a backoff with
// full jitter: compliant.
func listAll(ctx context.Context, u string, jitter func(time.Duration) time.Duration) ([]string, error) {
	var all []string
	cursor := ""
	for {
		v, next, err := get(ctx, u+"?cursor="+cursor)
		if err != nil {
			time.Sleep(jitter(time.Second))
			continue
		}
		all = append(all, v)
		if next == "" {
			return all, nil
		}
		cursor = next
	}
}

type rateLimited struct{ after time.Duration }

func (e *rateLimited) Error() string { return "rate limited" }

// A wait the failure carries (the server's Retry-After, in a field of
// the error) is not a fixed interval.
func pagesAfterRateLimit(ctx context.Context, u string) ([]string, error) {
	var all []string
	cursor := ""
	for {
		v, next, err := get(ctx, u+"?cursor="+cursor)
		if err != nil {
			var rl *rateLimited
			if !errors.As(err, &rl) {
				return nil, err
			}
			time.Sleep(rl.after)
			continue
		}
		all = append(all, v)
		if next == "" {
			return all, nil
		}
		cursor = next
	}
}

// Not retries: a pagination with a fixed pause and no failure path, a
// state poll whose error path waits its normal interval, a periodic task
// that logs errors and waits its period.

func paginate(ctx context.Context, u string) ([]string, error) {
	var all []string
	cursor := ""
	for {
		v, next, err := get(ctx, u+"?cursor="+cursor)
		if err != nil {
			return nil, err
		}
		all = append(all, v)
		if next == "" {
			return all, nil
		}
		cursor = next
		time.Sleep(time.Second)
	}
}

func waitReady(ctx context.Context, u string) error {
	for {
		v, _, err := get(ctx, u)
		if err != nil {
			time.Sleep(2 * time.Second)
			continue
		}
		if v == "ready" {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
}

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

func syncTicker(ctx context.Context, u string) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for range t.C {
		if _, _, err := get(ctx, u); err != nil {
			log.Print(err)
			continue
		}
	}
}

var errFenced = errors.New("fenced")

func heartbeat(ctx context.Context, u string) (time.Duration, error) {
	resp, err := http.Get(u)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return 3 * time.Second, nil
}

// A heartbeat loop: on success it waits the interval the server gives; a
// fenced member re-joins at once (a protocol step, not the retry); other
// failures wait a fixed 2s (the retry, R-1). The immediate re-join is not
// reported as a retry at once.
func manage(ctx context.Context, u string) {
	for {
		next, err := heartbeat(ctx, u)
		if err == nil {
			select {
			case <-ctx.Done():
				return
			case <-time.After(next):
			}
			continue
		}
		if errors.Is(err, errFenced) {
			u += "?epoch=0"
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(2 * time.Second): // want `R-1.*fixed 2s`
		}
	}
}
