// Package errdetail retries failures singled out by their status and by
// what the error body says about them.
package errdetail

import (
	"context"
	"errors"
	"time"
)

// Error is the API's error: its HTTP status and what the body says.
type Error struct {
	StatusCode int
	Code       string
	Message    string
}

func (e *Error) Error() string { return e.Message }

type Events interface {
	New(ctx context.Context, id string) error
}

// A 400 with one code and message is retried: a retry of a 400.
func sendToolResult(ctx context.Context, ev Events, id string) error {
	delays := [...]time.Duration{100 * time.Millisecond, 300 * time.Millisecond, 600 * time.Millisecond}
	for attempt := 0; ; attempt++ { // want `R-4: retry of ev\.New retries 400`
		err := ev.New(ctx, id)
		if err == nil {
			return nil
		}
		var apiErr *Error
		if attempt == len(delays) || !errors.As(err, &apiErr) || apiErr.StatusCode != 400 || apiErr.Code != "invalid_request_error" || apiErr.Message != "Unknown pending call: "+id {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delays[attempt]):
		}
	}
}

// The same with the test written the other way round.
func conflictWithCode(ctx context.Context, ev Events, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `R-4: retry of ev\.New retries 409`
		err = ev.New(ctx, id)
		var apiErr *Error
		if errors.As(err, &apiErr) && apiErr.StatusCode == 409 && apiErr.Code == "lock_held" {
			time.Sleep(time.Second << attempt)
			continue
		}
		return err
	}
	return err
}

// The code alone decides: the model cannot tell which statuses carry
// it. Must not flag.
func codeOnly(ctx context.Context, ev Events, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = ev.New(ctx, id)
		var apiErr *Error
		if errors.As(err, &apiErr) && apiErr.Code == "rate_limited" {
			time.Sleep(time.Second << attempt)
			continue
		}
		return err
	}
	return err
}

// Server errors with a detail: retryable statuses. Must not flag.
func serverWithDetail(ctx context.Context, ev Events, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = ev.New(ctx, id)
		var apiErr *Error
		if errors.As(err, &apiErr) && apiErr.StatusCode >= 500 && apiErr.Message != "permanent" {
			time.Sleep(time.Second << attempt)
			continue
		}
		return err
	}
	return err
}

// Only server errors go back, the test written with a negation. Must not
// flag.
func serverOnly(ctx context.Context, ev Events, id string) error {
	for attempt := 0; ; attempt++ {
		err := ev.New(ctx, id)
		if err == nil {
			return nil
		}
		var apiErr *Error
		if attempt == 3 || !errors.As(err, &apiErr) || apiErr.StatusCode < 500 {
			return err
		}
		time.Sleep(time.Second << attempt)
	}
}

// The status is read from another error than the one errors.As matched.
// Must not flag.
func otherView(ctx context.Context, ev Events, id string, last *Error) error {
	for attempt := 0; ; attempt++ {
		err := ev.New(ctx, id)
		if err == nil {
			return nil
		}
		var apiErr *Error
		if attempt == 3 || !errors.As(err, &apiErr) || last.StatusCode != 400 {
			return err
		}
		time.Sleep(time.Second << attempt)
	}
}
