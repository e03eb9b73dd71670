// Package status is a stub of google.golang.org/grpc/status for analysistest (GOPATH mode).
// Signatures are copied from google.golang.org/grpc@v1.85.0; only the API around retries is
// kept, and bodies return zero values.
package status

import (
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/internal/status"
)

// Status is an alias, as in grpc: its methods belong to
// google.golang.org/grpc/internal/status.Status.
type Status = status.Status

func Code(err error) codes.Code { return 0 }

func Convert(err error) *Status { return nil }

func Error(c codes.Code, msg string) error { return nil }

func Errorf(c codes.Code, format string, a ...any) error { return nil }

func FromContextError(err error) *Status { return nil }

func FromError(err error) (s *Status, ok bool) { return }

func New(c codes.Code, msg string) *Status { return nil }

func Newf(c codes.Code, format string, a ...any) *Status { return nil }
