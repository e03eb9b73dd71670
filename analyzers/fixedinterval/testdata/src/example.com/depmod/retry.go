// Package depmod is a module other modules depend on: its Retry is a
// retry helper that waits a fixed second between attempts.
package depmod

import (
	"context"
	"time"
)

// Retry runs op up to attempts times, a second apart.
func Retry(ctx context.Context, attempts int, op func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(1 * time.Second)
	}
	return err
}

// Each runs fn for every item once: no retry.
func Each(items []string, fn func(string) error) error {
	for _, it := range items {
		if err := fn(it); err != nil {
			return err
		}
	}
	return nil
}
