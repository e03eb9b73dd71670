package caller

import (
	"context"
	"errors"
	"net/http"
	"time"

	"example.com/xmod/internal/retryx"
	"example.com/xother/retryo"
)

func get(url string) (*http.Response, error) { return http.Get(url) }

func forever(url string) (*http.Response, error) {
	op := func() (*http.Response, error) { return get(url) }
	return retryx.Retry(context.Background(), op, func(error) time.Duration { return time.Second }) // want `helper call ctx=sync unbounded; 1 waits`
}

func withCtx(ctx context.Context, url string) (*http.Response, error) {
	return retryx.Retry(ctx, func() (*http.Response, error) { return get(url) }, func(error) time.Duration { return time.Second }) // want `helper call ctx=sync unbounded; 1 waits`
}

// counted: the helper's count is its parameter, bound to the caller's
// constant.
func counted(url string) error {
	return retryx.Do(3, func() error { // want `helper call ctx=sync retries=2; 1 waits`
		_, err := get(url)
		return err
	})
}

// gaveUp: the literal stops the loop after three failures (a nil error
// ends it), so the helper's loop is bounded by the caller's counter,
// which the model does not run: the bound is unknown, not unbounded.
func gaveUp(url string) error {
	n := 0
	_, err := retryx.Retry(context.Background(), func() (int, error) { // want `helper call ctx=sync bound=\?; 1 waits`
		if n == 3 {
			return 0, nil
		}
		n++
		_, err := get(url)
		return 0, err
	}, func(error) time.Duration { return time.Second })
	return err
}

// Not retries: a helper that runs its func once, a helper that runs it
// per item, a func that crosses no integration boundary, a helper of
// another module.
func once(url string) error {
	return retryx.Once(func() error { _, err := get(url); return err })
}

func each(urls []string) error {
	return retryx.Each(urls, func(u string) error { _, err := get(u); return err })
}

// countedBy: a count the caller computes is unknown.
func countedBy(n int, url string) error {
	return retryx.Do(n, func() error { // want `helper call ctx=sync bound=\?; 1 waits`
		_, err := get(url)
		return err
	})
}

func local() error {
	return retryx.Do(3, func() error { return errors.New("x") })
}

// A helper of a module the caller depends on: followed from its source.
func otherModule(ctx context.Context, url string) error {
	return retryo.Retry(ctx, func() error { _, err := get(url); return err }) // want `helper call ctx=sync unbounded; no wait`
}
