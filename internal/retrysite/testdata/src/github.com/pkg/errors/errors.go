// Package errors is a stub of github.com/pkg/errors for the tests.
package errors

import "fmt"

func New(msg string) error { return fmt.Errorf("%s", msg) }

func Wrap(err error, msg string) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", msg, err)
}
