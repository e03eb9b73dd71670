// Package retryo is a retry helper of another module: its callers are not
// followed into it.
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
