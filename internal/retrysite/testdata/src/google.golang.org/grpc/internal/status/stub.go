// Package status is a stub of google.golang.org/grpc/internal/status for analysistest (GOPATH mode).
// Signatures are copied from google.golang.org/grpc@v1.85.0; only the API around retries is
// kept, and bodies return zero values.
package status

import (
	"google.golang.org/grpc/codes"
)

type Status struct {
}

func (s *Status) Code() codes.Code { return 0 }

func (s *Status) Message() string { return "" }

func (s *Status) Err() error { return nil }

func (s *Status) Details() []any { return nil }

func (s *Status) String() string { return "" }

func Err(c codes.Code, msg string) error { return nil }

func New(c codes.Code, msg string) *Status { return nil }
