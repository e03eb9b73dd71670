package forms

import (
	"net/http"
	"time"
)

// Loop forms real code writes (issue 14).

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

// A range over a ticker never ends by itself: unbounded.
func rangeTicker() error {
	t := time.NewTicker(2 * time.Second)
	defer t.Stop()
	for range t.C { // want `R-2.*no maximum`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

// A loop with no condition, its bound checked in the body.
func noCondition() error {
	for retry := 0; ; retry++ { // want `R-2.*8 retries`
		err := do()
		if err == nil {
			break
		}
		if retry >= 8 {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

// A goto loop with a counter.
func gotoRetry() error {
	attempt := 0
retry: // want `R-2.*9 retries`
	err := do()
	if err != nil && attempt < 9 {
		attempt++
		time.Sleep(time.Second)
		goto retry
	}
	return err
}
