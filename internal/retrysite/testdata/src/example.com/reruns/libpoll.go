package reruns

import (
	"context"
	"errors"
	"fmt"

	backoff "github.com/cenkalti/backoff/v4"
)

// A retry library used as a poll: the operation turns a successful
// lookup that found nothing into an error of its own, to go around until
// the thing appears.

var errNotFound = errors.New("not found")

type summary struct{ id string }

type finder interface {
	Find(ctx context.Context, name string) (*summary, error)
	List(ctx context.Context) ([]summary, error)
	Status(ctx context.Context) (int, error)
}

func lookupCreated(ctx context.Context, f finder, name string) (*summary, error) {
	return backoff.RetryWithData(func() (*summary, error) {
		c, err := f.Find(ctx, name)
		if err != nil {
			return nil, err
		}
		if c == nil {
			return nil, fmt.Errorf("container %s: %w", name, errNotFound)
		}
		return c, nil
	}, backoff.NewExponentialBackOff())
}

func firstListed(ctx context.Context, f finder) (summary, error) {
	return backoff.RetryWithData(func() (summary, error) {
		items, err := f.List(ctx)
		if err != nil {
			return summary{}, err
		}
		if len(items) == 0 {
			return summary{}, errNotFound
		}
		return items[0], nil
	}, backoff.NewExponentialBackOff())
}

// An error made from a status, or from the call's own error, retries a
// failure.
func checkStatus(ctx context.Context, f finder) (int, error) {
	return backoff.RetryWithData(func() (int, error) { // want `library cenkalti/backoff/v4 ctx=sync unbounded`
		code, err := f.Status(ctx)
		if err != nil {
			return 0, fmt.Errorf("status: %w", err)
		}
		if code >= 500 {
			return 0, fmt.Errorf("server error %d", code)
		}
		return code, nil
	}, backoff.NewExponentialBackOff())
}

func findWrapped(ctx context.Context, f finder, name string) (*summary, error) {
	return backoff.RetryWithData(func() (*summary, error) { // want `library cenkalti/backoff/v4 ctx=sync unbounded`
		c, err := f.Find(ctx, name)
		if c == nil {
			return nil, fmt.Errorf("find %s: %w", name, err)
		}
		return c, nil
	}, backoff.NewExponentialBackOff())
}
