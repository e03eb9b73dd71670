// Package timeout runs an operation under a timeout: Run hands on to
// the generic RunV, which derives the operation's context with the
// duration it is given.
package timeout

import (
	"context"
	"fmt"
	"time"
)

// Run runs op with a timeout of d.
func Run(ctx context.Context, d time.Duration, name string, op func(context.Context) error) error {
	_, err := RunV(ctx, d, name, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, op(ctx)
	})
	return err
}

// RunV runs op with a timeout of d and returns its value.
func RunV[T any](ctx context.Context, d time.Duration, name string, op func(context.Context) (T, error)) (T, error) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	v, err := op(ctx)
	if err != nil {
		return v, fmt.Errorf("%s: %w", name, err)
	}
	return v, nil
}

// Logged runs op under ctx as it is, and only logs d: it sets no
// timeout.
func Logged(ctx context.Context, d time.Duration, name string, op func(context.Context) error) error {
	fmt.Println(name, "expected to take", d)
	return op(ctx)
}
