// Package retry is a stub of terraform-plugin-sdk/v2's helper/retry
// (v2.40.1): the API the tests call, with RetryContext's real body.
package retry

import (
	"context"
	"time"
)

type RetryError struct {
	Err       error
	Retryable bool
}

type RetryFunc func() *RetryError

func RetryableError(err error) *RetryError    { return &RetryError{Err: err, Retryable: true} }
func NonRetryableError(err error) *RetryError { return &RetryError{Err: err, Retryable: false} }

type StateRefreshFunc func() (result interface{}, state string, err error)

type StateChangeConf struct {
	Delay          time.Duration
	Pending        []string
	Refresh        StateRefreshFunc
	Target         []string
	Timeout        time.Duration
	MinTimeout     time.Duration
	PollInterval   time.Duration
	NotFoundChecks int
}

func (conf *StateChangeConf) WaitForStateContext(ctx context.Context) (interface{}, error) {
	return nil, nil
}

func (conf *StateChangeConf) WaitForState() (interface{}, error) {
	return conf.WaitForStateContext(context.Background())
}

func RetryContext(ctx context.Context, timeout time.Duration, f RetryFunc) error { return nil }

func Retry(timeout time.Duration, f RetryFunc) error {
	return RetryContext(context.Background(), timeout, f)
}
