// Package codes is a stub of google.golang.org/grpc/codes for analysistest (GOPATH mode).
// Signatures are copied from google.golang.org/grpc@v1.85.0; only the API around retries is
// kept, and bodies return zero values.
package codes

const Aborted Code = 10
const AlreadyExists Code = 6
const Canceled Code = 1
const DataLoss Code = 15
const DeadlineExceeded Code = 4
const FailedPrecondition Code = 9
const Internal Code = 13
const InvalidArgument Code = 3
const NotFound Code = 5
const OK Code = 0
const OutOfRange Code = 11
const PermissionDenied Code = 7
const ResourceExhausted Code = 8
const Unauthenticated Code = 16
const Unavailable Code = 14
const Unimplemented Code = 12
const Unknown Code = 2

type Code uint32

func (c Code) String() string { return "" }

func (c *Code) UnmarshalJSON(b []byte) error { return nil }
