// Package dskitasync processes events: 1-10 retries are allowed, so the
// flag default of a caller's dskit Config (9 retries) complies while its
// zero value (forever) does not; the count is the caller's choice and
// the rule stays silent.
//
//retrylint:context async
package dskitasync

import (
	"context"
	"errors"

	"github.com/grafana/dskit/backoff"
)

func handle(ctx context.Context) error { return errors.New("x") }

// Handle retries with the caller's Config.
func Handle(ctx context.Context, cfg backoff.Config) error {
	b := backoff.New(ctx, cfg)
	for b.Ongoing() {
		if err := handle(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}
