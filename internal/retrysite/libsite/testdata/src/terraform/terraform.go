// Package terraform holds terraform-plugin-sdk retries (knowledge
// terraform.go): RetryContext, and a StateChangeConf whose Refresh turns
// an operation's failure into a pending state; and state polls, which
// are no retries.
package terraform

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
)

var errThrottled = errors.New("throttled")

type API struct{ hc *http.Client }

func (a *API) create(ctx context.Context, name string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://api.example.com/"+name, nil)
	if err != nil {
		return nil, err
	}
	return a.hc.Do(req)
}

func (a *API) status(ctx context.Context, name string) (string, error) {
	res, err := a.create(ctx, name)
	if err != nil {
		return "", err
	}
	return res.Status, nil
}

// createWithRetry is the provider's usual retry: RetryContext waits
// 500ms doubling to 10s, with no jitter.
func createWithRetry(ctx context.Context, a *API, timeout time.Duration) error {
	return retry.RetryContext(ctx, timeout, func() *retry.RetryError { // want `R-1: retry.RetryContext of a.create \(PUT\): its wait doubles from 500ms up to 10s without jitter` `R-2: retry.RetryContext of a.create \(PUT\) has no maximum retry count: a StateChangeConf counts no refreshes` `library terraform\-plugin\-sdk retry ctx=sync unbounded`
		_, err := a.create(ctx, "x")
		if errors.Is(err, errThrottled) {
			return retry.RetryableError(err)
		}
		if err != nil {
			return retry.NonRetryableError(err)
		}
		return nil
	})
}

// waitActive uses RetryContext as a poll: the call succeeds and the
// function marks an error of its own until the status is "active". A
// state poll, not a retry (libsite/libpoll.go): silent.
func waitActive(ctx context.Context, a *API, timeout time.Duration) error {
	return retry.RetryContext(ctx, timeout, func() *retry.RetryError {
		st, err := a.status(ctx, "x")
		if err != nil {
			return retry.NonRetryableError(err)
		}
		if st != "active" {
			return retry.RetryableError(errors.New("not active yet"))
		}
		return nil
	})
}

// createWrapped marks the call's own error, wrapped: a retry.
func createWrapped(ctx context.Context, a *API, timeout time.Duration) error {
	return retry.RetryContext(ctx, timeout, func() *retry.RetryError { // want `R-1: retry.RetryContext of a.create \(PUT\)` `R-2: retry.RetryContext of a.create \(PUT\)` `library terraform\-plugin\-sdk retry ctx=sync unbounded`
		if _, err := a.create(ctx, "x"); err != nil {
			return retry.RetryableError(fmt.Errorf("creating: %w", err))
		}
		return nil
	})
}

// createStatus marks an error of its own made from a failed status: a
// retry of the 5xx.
func createStatus(ctx context.Context, a *API, timeout time.Duration) error {
	return retry.RetryContext(ctx, timeout, func() *retry.RetryError { // want `R-1: retry.RetryContext of a.create \(PUT\)` `R-2: retry.RetryContext of a.create \(PUT\)` `library terraform\-plugin\-sdk retry ctx=sync unbounded`
		res, err := a.create(ctx, "x")
		if err != nil {
			return retry.NonRetryableError(err)
		}
		if res.StatusCode >= 500 {
			return retry.RetryableError(fmt.Errorf("status %d", res.StatusCode))
		}
		return nil
	})
}

// confRetry drives a StateChangeConf whose Refresh maps a failed create
// to the pending state: a retry, doubling from MinTimeout.
func confRetry(ctx context.Context, a *API) error {
	conf := &retry.StateChangeConf{ // want `R-1: conf.WaitForStateContext of a.create \(PUT\): its wait doubles from 1s up to 10s without jitter`
		Pending:    []string{"retrying"},
		Target:     []string{"created"},
		Timeout:    time.Minute,
		MinTimeout: time.Second,
		Refresh: func() (interface{}, string, error) {
			res, err := a.create(ctx, "x")
			if err == nil {
				return res, "created", nil
			}
			return 42, "retrying", nil
		},
	}
	_, err := conf.WaitForStateContext(ctx) // want `R-2: conf.WaitForStateContext of a.create \(PUT\) has no maximum retry count` `library terraform\-plugin\-sdk retry ctx=sync unbounded`
	return err
}

// polled sets PollInterval: a fixed wait.
func polled(ctx context.Context, a *API) error {
	_, err := (&retry.StateChangeConf{ // want `R-2: terraform-plugin-sdk retry of a.create \(PUT\) has no maximum retry count` `library terraform\-plugin\-sdk retry ctx=sync unbounded`
		Pending:      []string{"retrying"},
		Target:       []string{"created"},
		Timeout:      time.Minute,
		PollInterval: 5 * time.Second, // want `R-1: terraform-plugin-sdk retry of a.create \(PUT\) waits a fixed 5s \(PollInterval\) between attempts`
		Refresh: func() (interface{}, string, error) {
			res, err := a.create(ctx, "x")
			if err != nil {
				return 42, "retrying", nil
			}
			return res, "created", nil
		},
	}).WaitForStateContext(ctx)
	return err
}

// waitReady waits for the resource's status to become "ready": a state
// poll, not a retry (the state is read, an error stops it).
func waitReady(ctx context.Context, a *API) error {
	conf := &retry.StateChangeConf{
		Pending: []string{"creating"},
		Target:  []string{"ready"},
		Timeout: time.Minute,
		Refresh: func() (interface{}, string, error) {
			st, err := a.status(ctx, "x")
			if err != nil {
				return nil, "", err
			}
			return st, st, nil
		},
	}
	_, err := conf.WaitForStateContext(ctx)
	return err
}

// notYet returns the pending state when the call succeeds but the thing
// is not there yet: a state poll.
func notYet(ctx context.Context, a *API) error {
	conf := &retry.StateChangeConf{
		Pending: []string{"pending"},
		Target:  []string{"done"},
		Timeout: time.Minute,
		Refresh: func() (interface{}, string, error) {
			res, err := a.create(ctx, "x")
			if err != nil {
				return nil, "", err
			}
			if res.StatusCode == http.StatusAccepted {
				return res, "pending", nil
			}
			return res, "done", nil
		},
	}
	_, err := conf.WaitForStateContext(ctx)
	return err
}

// notFound gives a nil result on failure: NotFoundChecks (20) counts
// those, so the count is not the table's; silent.
func notFound(ctx context.Context, a *API) error {
	conf := &retry.StateChangeConf{
		Pending: []string{"pending"},
		Target:  []string{"done"},
		Timeout: time.Minute,
		Refresh: func() (interface{}, string, error) {
			res, err := a.create(ctx, "x")
			if err != nil {
				return nil, "pending", nil
			}
			return res, "done", nil
		},
	}
	_, err := conf.WaitForStateContext(ctx)
	return err
}

// given waits with a StateChangeConf it is handed: nothing known.
func given(ctx context.Context, conf *retry.StateChangeConf) error {
	_, err := conf.WaitForStateContext(ctx)
	return err
}

// rewritten changes the receiver's Pending after building it: unknown.
func rewritten(ctx context.Context, a *API, pending []string) error {
	conf := &retry.StateChangeConf{
		Pending: []string{"retrying"},
		Target:  []string{"created"},
		Refresh: func() (interface{}, string, error) {
			res, err := a.create(ctx, "x")
			if err != nil {
				return 42, "retrying", nil
			}
			return res, "created", nil
		},
	}
	conf.Pending = pending
	_, err := conf.WaitForStateContext(ctx)
	return err
}
