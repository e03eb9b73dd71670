package a

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"net/http"
	"time"
)

// The operation crosses an integration boundary.
func do() error {
	_, err := http.Get("http://example.com")
	return err
}

func get() (*http.Response, error) { return http.Get("http://example.com") }

// Reported.

func fixed() error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second) // want `R-1: retry loop waits a fixed 2s between attempts; R-1 requires exponential backoff with full jitter, sleep = random\(0, min\(cap, base\*2\^attempt\)\) with base 1s and cap 30s \(decorrelated jitter is allowed\): compute the wait as time.Duration\(rand.Int64N\(int64\(min\(30\*time.Second, time.Second<<min\(attempt, 5\)\)\)\)\), or use github.com/retrylint/retrylint/retry \(retry.Do\(ctx, retry.Policy\{\}, op\)\)`
	}
	return errors.New("gave up")
}

func fixedBeforeLoop(ctx context.Context) error {
	delay := 500 * time.Millisecond
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay): // want `retry loop waits a fixed 500ms between attempts`
		}
	}
	return errors.New("gave up")
}

func fixedParam(interval time.Duration) error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(interval) // want `retry loop waits a fixed interval \(interval\) between attempts`
	}
	return errors.New("gave up")
}

func timer(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C: // want `retry loop waits a fixed 1s between attempts`
		}
	}
	return errors.New("gave up")
}

func ticker() error {
	tick := time.NewTicker(3 * time.Second)
	defer tick.Stop()
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		<-tick.C // want `retry loop waits a fixed 3s between attempts`
	}
	return errors.New("gave up")
}

func atOnce() error {
	var err error
	for i := 0; i < 3; i++ { // want `R-1: retry loop retries at once, with no wait between attempts`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

func linear() error {
	for attempt := 1; attempt <= 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * 500 * time.Millisecond) // want `retry loop's wait grows linearly by 500ms per attempt, without jitter`
	}
	return errors.New("gave up")
}

func polynomial() error {
	for attempt := 1; attempt <= 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt*attempt) * 100 * time.Millisecond) // want `retry loop's wait grows polynomially with the attempt`
	}
	return errors.New("gave up")
}

func exponential() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(250 * time.Millisecond << attempt) // want `retry loop's wait doubles from 250ms without jitter`
	}
	return errors.New("gave up")
}

func doubling(maxDelay time.Duration) error {
	delay := time.Second
	for i := 0; i < 5; i++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(delay) // want `retry loop's wait doubles from 1s without jitter`
		delay *= 2
		if delay > maxDelay {
			delay = maxDelay
		}
	}
	return errors.New("gave up")
}

func pow() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(math.Pow(2, float64(attempt))) * time.Second) // want `retry loop's wait doubles from 1s without jitter`
	}
	return errors.New("gave up")
}

func equal() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		b := time.Second << attempt
		time.Sleep(b/2 + rand.N(b/2)) // want `retry loop uses equal jitter: waits at least half of the backoff, which doubles from 1s; R-1 forbids equal jitter`
	}
	return errors.New("gave up")
}

func partial() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		b := float64(time.Second << attempt)
		time.Sleep(time.Duration(b * (0.8 + 0.4*rand.Float64()))) // want `retry loop uses partial jitter: every wait is at least 67% of the backoff, which doubles from 1s; partial jitter still breaks R-1`
	}
	return errors.New("gave up")
}

func floorPlusJitter() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(time.Second + rand.N(100*time.Millisecond)) // want `retry loop waits a fixed 1s to 1.1s \(jittered within that range, but it never grows\) between attempts`
	}
	return errors.New("gave up")
}

func pause() { time.Sleep(time.Second) }

func helper() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		pause() // want `retry loop waits a fixed 1s between attempts`
	}
	return errors.New("gave up")
}

func mixed() (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retry loop retries at once after some failures`
		resp, err := get()
		if err != nil {
			continue
		}
		if resp.StatusCode == 503 {
			time.Sleep(rand.N(time.Second << i))
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

func recursive(attempt int) error {
	if err := do(); err != nil && attempt < 3 {
		time.Sleep(time.Second) // want `recursive retry waits a fixed 1s between attempts`
		return recursive(attempt + 1)
	}
	return nil
}

// Accepted.

func fullJitter() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(rand.N(min(30*time.Second, time.Second<<attempt)))
	}
	return errors.New("gave up")
}

func fullJitterHelper(attempt int) time.Duration {
	d := time.Second << attempt
	if d > 30*time.Second {
		d = 30 * time.Second
	}
	return time.Duration(rand.Int64N(int64(d)))
}

func withHelper(ctx context.Context) error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(fullJitterHelper(attempt)):
		}
	}
	return errors.New("gave up")
}

func decorrelated() error {
	const base, maxD = time.Second, 30 * time.Second
	sleep := base
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		sleep = min(maxD, base+rand.N(sleep*3-base))
		time.Sleep(sleep)
	}
	return errors.New("gave up")
}

// A wait the model cannot see: silent.

type backOff interface{ NextBackOff() time.Duration }

func opaque(b backOff) error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff())
	}
	return errors.New("gave up")
}

// Not retries: polling, pacing, periodic work, per-item loops.

var status func(id string) (string, error)

func polling(id string) error {
	for {
		st, err := status(id)
		if err != nil {
			return err
		}
		if st == "done" {
			return nil
		}
		time.Sleep(time.Second)
	}
}

var process func(string) error

func pacing(items []string) {
	for _, it := range items {
		_ = process(it)
		time.Sleep(100 * time.Millisecond)
	}
}

func periodic(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	for {
		if err := do(); err != nil {
			println(err.Error())
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func perItem(items []string) {
	for _, it := range items {
		if err := process(it); err != nil {
			time.Sleep(time.Second)
			continue
		}
	}
}
