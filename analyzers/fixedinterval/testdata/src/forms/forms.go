package forms

import (
	"context"
	"net/http"
	"time"
)

// Loop forms real code writes (issue 14, miss 4).

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

func noCondition() error {
	for retry := 0; ; retry++ {
		err := do()
		if err == nil {
			break
		}
		if retry >= 4 {
			return err
		}
		time.Sleep(time.Second) // want `R-1.*fixed 1s`
	}
	return nil
}

func gotoRetry() error {
	attempt := 0
retry:
	err := do()
	if err != nil && attempt < 3 {
		attempt++
		time.Sleep(500 * time.Millisecond) // want `R-1.*fixed 500ms`
		goto retry
	}
	return err
}

// The ticker's period is the wait: a fixed interval.
func rangeTicker() error {
	t := time.NewTicker(2 * time.Second)
	defer t.Stop()
	for range t.C { // want `R-1.*fixed 2s`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

func rangeTickerPeriod(period time.Duration) error {
	t := time.NewTicker(period)
	defer t.Stop()
	for range t.C { // want `R-1.*fixed interval \(period\)`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

func rangeTick() error {
	for range time.Tick(3 * time.Second) { // want `R-1.*fixed 3s`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

func receiveTicker() error {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	var err error
	for i := 0; i < 5; i++ {
		if err = do(); err == nil {
			return nil
		}
		<-ticker.C // want `R-1.*fixed 1s`
	}
	return err
}

func selectTicker(ctx context.Context) error {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for {
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C: // want `R-1.*fixed 1s`
		}
	}
}

func selectAfter(ctx context.Context) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * time.Second): // want `R-1.*linearly`
		}
	}
	return err
}

// A state poll paced by a ticker is no retry: success leads back.
func pollState(ctx context.Context, get func(context.Context) (string, error)) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C {
		st, err := get(ctx)
		if err != nil {
			return err
		}
		if st == "done" {
			return nil
		}
	}
	return nil
}

// The operation runs once before the loop that retries it.
func primed(ctx context.Context, wait time.Duration, attempts int) error {
	err := do()
	if err != nil {
		for r := 0; err != nil && r < attempts; r++ {
			select {
			case <-ctx.Done():
			case <-time.After(wait): // want `R-1.*fixed interval \(wait\)`
			}
			err = do()
		}
	}
	return err
}

// A recursive retry that waits at its entry: the wait is between attempts.
func waitFirst(ctx context.Context, retries int) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(2 * time.Second): // want `R-1.*fixed 2s`
	}
	if err := do(); err != nil {
		if retries <= 0 {
			return err
		}
		return waitFirst(ctx, retries-1)
	}
	return nil
}
