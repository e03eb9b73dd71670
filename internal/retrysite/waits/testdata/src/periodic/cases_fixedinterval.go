package periodic

// Cases first written for the fixedinterval analyzer over loops that
// repeat on success too; a variant of a case of periodic.go or fields.go
// bears its name with the suffix R1. TestPeriodic runs the model and the
// rules over them together.

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"
)

func writeBatchR1(ctx context.Context, batch []string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ { // want `loop ctx=sync retries=3`
		if attempt != 0 {
			time.Sleep(500 * time.Millisecond) // want `R-1.*fixed 500ms`
		}
		var res *produceResponse
		res, err = produce(ctx, batch)
		if res != nil {
			err = res.Error
		}
		if err == nil {
			break
		}
	}
	return err
}

// A long poll: the cursor moves on success, a failure sleeps a fixed 5s
// and asks again with the same cursor.
func subscribeR1(ctx context.Context, u string, fn func(string) error) error {
	etag := ""
	for { // want `loop ctx=sync unbounded` `R-2: retry of get \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
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
func renewPeriodicR1(ctx context.Context, u string, ttl time.Duration) error {
	wait := ttl / 2
	last := time.Now()
	for { // want `loop ctx=sync unbounded` `R-2: retry of get \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		if time.Since(last) > ttl {
			return errors.New("expired")
		}
		select {
		case <-time.After(wait): // want `R-1.*fixed 1s`
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
func listAllR1(ctx context.Context, u string, jitter func(time.Duration) time.Duration) ([]string, error) {
	var all []string
	cursor := ""
	for { // want `loop ctx=sync unbounded` `R-2: retry of get \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
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

// A wait the failure carries (the server's Retry-After, in a field of
// the error) is not a fixed interval.
func pagesAfterRateLimit(ctx context.Context, u string) ([]string, error) {
	var all []string
	cursor := ""
	for { // want `loop ctx=sync unbounded` `R-2: retry of get \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
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

func syncLoopR1(ctx context.Context, u string, period time.Duration) {
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

func heartbeatR1(ctx context.Context, u string) (time.Duration, error) {
	resp, err := http.Get(u)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return 3 * time.Second, nil
}

// A heartbeatR1 loop: on success it waits the interval the server gives; a
// fenced member re-joins at once (a protocol step, not the retry); other
// failures wait a fixed 2s (the retry, R-1). The immediate re-join is not
// reported as a retry at once.
func manage(ctx context.Context, u string) {
	for { // want `loop ctx=sync unbounded` `R-2: retry of heartbeatR1 \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		next, err := heartbeatR1(ctx, u)
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
