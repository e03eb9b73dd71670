// Package caller calls a retry helper of another package of its module
// (example.com/xmod/internal/retryx): the call is the retry site.
package caller

import (
	"context"
	"net/http"
	"time"

	"example.com/xmod/internal/retryx"
)

func get(url string) (*http.Response, error) { return http.Get(url) }

func forever(url string) (*http.Response, error) {
	op := func() (*http.Response, error) { return get(url) }
	return retryx.Retry(context.Background(), op, func(error) time.Duration { return time.Second }) // want `R-2: retry helper retryx.Retry of op \(GET\) has no maximum retry count: the loop has no attempt count`
}

// A count in the caller's literal may end the loop: unknown, silent.
func gaveUp(url string) error {
	n := 0
	_, err := retryx.Retry(context.Background(), func() (int, error) {
		if n == 3 {
			return 0, nil
		}
		n++
		_, err := get(url)
		return 0, err
	}, func(error) time.Duration { return time.Second })
	return err
}

// Run once: no retry.
func once(url string) error {
	return retryx.Once(func() error { _, err := get(url); return err })
}

// The helper's count is the caller's constant: 10 attempts are too many,
// 3 are fine.
func tooMany(url string) error {
	return retryx.Do(10, func() error { // want `R-2: retry helper retryx.Do of op \(GET\) makes 10 attempts = 9 retries, outside 1-5`
		_, err := get(url)
		return err
	})
}

func fine(url string) error {
	return retryx.Do(3, func() error {
		_, err := get(url)
		return err
	})
}

// A count in the caller's literal that is only logged ends nothing: the
// helper's loop is still unbounded.
func loggedOnly(url string) error {
	n := 0
	_, err := retryx.Retry(context.Background(), func() (int, error) { // want `R-2: retry helper retryx.Retry of op \(GET\) has no maximum retry count`
		n++
		println("attempt", n)
		_, err := get(url)
		return 0, err
	}, func(error) time.Duration { return time.Second })
	return err
}

// A captured variable the literal resets under a condition that returns
// nothing (try the assigned URL once) ends nothing: still unbounded.
func firstURLOnce(url, assigned string) error {
	_, err := retryx.Retry(context.Background(), func() (int, error) { // want `R-2: retry helper retryx.Retry of op \(GET\) has no maximum retry count`
		target := url
		if assigned != "" {
			target = assigned
			assigned = ""
		}
		_, err := get(target)
		return 0, err
	}, func(error) time.Duration { return time.Second })
	return err
}
