// Package condretry wraps the copied wait library: its helpers hold no
// loop of their own.
package condretry

import "example.com/xmod/internal/third_party/wait"

// Retry hands f to the library through an adapter whose (false, nil) is
// a failure the predicate accepts: the library retries f.
func Retry(f func() error, p func(error) bool, b wait.Backoff) (err error) {
	condition := func() (bool, error) {
		err = f()
		if p(err) {
			return false, nil
		}
		return true, err
	}
	wait.ExponentialBackoff(b, condition)
	return
}

// Until polls a state: the condition's (false, nil) is "not ready yet",
// an error of check stops.
func Until(check func() (bool, error), b wait.Backoff) error {
	return wait.ExponentialBackoff(b, func() (bool, error) {
		ready, err := check()
		if err != nil {
			return false, err
		}
		return ready, nil
	})
}

// Each runs f once per item through the library's callback: no retry.
func Each(items []string, f func(string) error) error {
	for _, it := range items {
		if err := f(it); err != nil {
			return err
		}
	}
	return nil
}
