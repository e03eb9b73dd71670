// Package pollcfg holds k8s polls whose condition classifies the error
// it turns into "not yet" (polls_config.go).
package pollcfg

import (
	"context"
	"errors"
	"log"
	"time"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/wait"
)

type cache struct{}

func (c *cache) GetInformer(ctx context.Context, kind string) (int, error) { return 0, nil }

// The scheme error is logged and retried with every other: R-4.
func start(ctx context.Context, c *cache, kind string) error {
	var lastErr error
	return wait.PollUntilContextCancel(ctx, 10*time.Second, true, func(ctx context.Context) (bool, error) { // want `library k8s wait poll ctx=sync unbounded` `R-4: .*retries an invalid configuration error it tests for`
		_, lastErr = c.GetInformer(ctx, kind)
		if lastErr != nil {
			switch {
			case runtime.IsNotRegisteredError(lastErr):
				log.Printf("kind must be registered to the scheme: %v", lastErr)
			default:
				log.Printf("failed to get informer: %v", lastErr)
			}
			return false, nil
		}
		return true, nil
	})
}

// The same test in an if, falling through to the retry: R-4.
func startIf(ctx context.Context, c *cache, kind string) error {
	return wait.PollUntilContextCancel(ctx, 10*time.Second, true, func(ctx context.Context) (bool, error) { // want `library k8s wait poll ctx=sync unbounded` `R-4: .*retries a serialization error it tests for`
		_, err := c.GetInformer(ctx, kind)
		if err != nil {
			if runtime.IsMissingKind(err) {
				log.Printf("no kind: %v", err)
			}
			return false, nil
		}
		return true, nil
	})
}

// The scheme error stops the poll: only the other errors are retried.
func startStops(ctx context.Context, c *cache, kind string) error {
	return wait.PollUntilContextCancel(ctx, 10*time.Second, true, func(ctx context.Context) (bool, error) { // want `library k8s wait poll ctx=sync unbounded`
		_, err := c.GetInformer(ctx, kind)
		if err != nil {
			if runtime.IsNotRegisteredError(err) {
				return false, err
			}
			return false, nil
		}
		return true, nil
	})
}

var errGone = errors.New("gone")

// A classifier the model does not know (an error of the package): the
// class may pass, nothing to say.
func startOther(ctx context.Context, c *cache, kind string) error {
	return wait.PollUntilContextCancel(ctx, 10*time.Second, true, func(ctx context.Context) (bool, error) { // want `library k8s wait poll ctx=sync unbounded`
		_, err := c.GetInformer(ctx, kind)
		if err != nil {
			if errors.Is(err, errGone) {
				log.Printf("gone: %v", err)
			}
			return false, nil
		}
		return true, nil
	})
}

// The classified branch goes on to something else than the retry: every
// error stops the poll, no site.
func startElse(ctx context.Context, c *cache, kind string) error {
	return wait.PollUntilContextCancel(ctx, 10*time.Second, true, func(ctx context.Context) (bool, error) {
		_, err := c.GetInformer(ctx, kind)
		if err != nil {
			if runtime.IsNotRegisteredError(err) {
				log.Printf("not registered: %v", err)
			}
			return false, err
		}
		return true, nil
	})
}
