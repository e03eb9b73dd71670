// Package model holds the module's error type: its constructor does no I/O.
package model

import "fmt"

type SDKError struct {
	Code int
	Err  error
}

func (e *SDKError) Error() string { return fmt.Sprintf("code %d: %v", e.Code, e.Err) }

func NewSDKError(code int, err error) error { return &SDKError{Code: code, Err: err} }
