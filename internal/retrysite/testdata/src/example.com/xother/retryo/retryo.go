// Package retryo is a retry helper of another module, one the caller's
// module depends on: its callers are followed into it, from its source.
package retryo

import "context"

func Retry(ctx context.Context, op func() error) error {
	for {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
	}
}
