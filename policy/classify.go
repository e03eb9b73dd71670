package policy

import (
	"fmt"
	"slices"
	"strings"
)

// A Class says whether the standard lets an outcome be retried.
type Class int

const (
	// Unclassified outcomes are named by neither list of R-4 (1xx, 2xx,
	// 3xx, 501, 505 and above; gRPC OK, CANCELLED, UNKNOWN, ...). The
	// analyzers do not report retrying them; the retry package does not
	// retry them.
	Unclassified Class = iota
	// Retryable outcomes MUST be retried with backoff.
	Retryable
	// NonRetryable outcomes MUST NOT be retried.
	NonRetryable
)

func (c Class) String() string {
	switch c {
	case Retryable:
		return "retryable"
	case NonRetryable:
		return "non-retryable"
	}
	return "unclassified"
}

// RetryableHTTPStatuses are the HTTP statuses R-4 says must be retried.
var RetryableHTTPStatuses = []int{408, 429, 500, 502, 503, 504}

// NamedNonRetryableHTTPStatuses are the client errors R-4 names; every
// other 4xx but 408 and 429 is non-retryable too.
var NamedNonRetryableHTTPStatuses = []int{400, 401, 403, 404, 409, 422}

// ClassifyHTTPStatus classifies an HTTP status code: 408, 429, 500,
// 502, 503 and 504 are retryable; every other 4xx is not, but 425 Too
// Early, which R-4 does not name and which asks the client to send the
// request again once its TLS handshake is complete (RFC 8470 section
// 5.2): it is neither.
func ClassifyHTTPStatus(code int) Class {
	switch {
	case code == 408 || code == 429:
		return Retryable
	case code == 425:
		return Unclassified
	case code >= 400 && code <= 499:
		return NonRetryable
	case code == 500 || code == 502 || code == 503 || code == 504:
		return Retryable
	}
	return Unclassified
}

// A GRPCCode is a gRPC status code number (google.golang.org/grpc/codes).
type GRPCCode uint32

// The gRPC codes, numbered as in google.golang.org/grpc/codes.
const (
	OK                 GRPCCode = 0
	Canceled           GRPCCode = 1
	Unknown            GRPCCode = 2
	InvalidArgument    GRPCCode = 3
	DeadlineExceeded   GRPCCode = 4
	NotFound           GRPCCode = 5
	AlreadyExists      GRPCCode = 6
	PermissionDenied   GRPCCode = 7
	ResourceExhausted  GRPCCode = 8
	FailedPrecondition GRPCCode = 9
	Aborted            GRPCCode = 10
	OutOfRange         GRPCCode = 11
	Unimplemented      GRPCCode = 12
	Internal           GRPCCode = 13
	Unavailable        GRPCCode = 14
	DataLoss           GRPCCode = 15
	Unauthenticated    GRPCCode = 16
)

var grpcCodeNames = [...]string{
	"OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED",
	"NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED",
	"FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED",
	"INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
}

// String returns the code's canonical name, as in gRPC service configs
// ("UNAVAILABLE").
func (c GRPCCode) String() string {
	if int(c) < len(grpcCodeNames) {
		return grpcCodeNames[c]
	}
	return fmt.Sprintf("CODE(%d)", uint32(c))
}

// ParseGRPCCode parses a gRPC code name as gRPC service configs spell it,
// case-insensitively ("UNAVAILABLE", "Unavailable"; "CANCELED" too).
func ParseGRPCCode(s string) (GRPCCode, bool) {
	u := strings.ToUpper(strings.TrimSpace(s))
	if u == "CANCELED" {
		return Canceled, true
	}
	for i, n := range grpcCodeNames {
		if n == u {
			return GRPCCode(i), true
		}
	}
	return 0, false
}

// RetryableGRPCCodes are the gRPC codes R-4 says must be retried.
var RetryableGRPCCodes = []GRPCCode{Unavailable, DeadlineExceeded, ResourceExhausted, Aborted}

// NonRetryableGRPCCodes are the gRPC codes R-4 says must not be retried.
var NonRetryableGRPCCodes = []GRPCCode{InvalidArgument, NotFound, PermissionDenied, Unauthenticated, Unimplemented}

// ClassifyGRPCCode classifies a gRPC code.
func ClassifyGRPCCode(c GRPCCode) Class {
	for _, r := range RetryableGRPCCodes {
		if c == r {
			return Retryable
		}
	}
	for _, r := range NonRetryableGRPCCodes {
		if c == r {
			return NonRetryable
		}
	}
	return Unclassified
}

// An ErrorClass is a class of transport or client error that
// name.
type ErrorClass int

const (
	ErrOther ErrorClass = iota
	// Retryable network errors.
	ErrConnectionRefused
	ErrConnectionReset
	ErrSocketTimeout
	ErrDNS // at most MaxDNSAttempts attempts
	ErrTLSHandshakeTimeout
	// Non-retryable errors.
	ErrTLSCertificate
	ErrSerialization
	ErrInvalidConfiguration
	ErrTokenRevoked
)

var errorClassNames = [...]string{
	ErrOther:                "other error",
	ErrConnectionRefused:    "connection refused",
	ErrConnectionReset:      "connection reset",
	ErrSocketTimeout:        "socket timeout",
	ErrDNS:                  "DNS failure",
	ErrTLSHandshakeTimeout:  "TLS handshake timeout",
	ErrTLSCertificate:       "TLS certificate error",
	ErrSerialization:        "serialization error",
	ErrInvalidConfiguration: "invalid configuration",
	ErrTokenRevoked:         "token permanently revoked",
}

func (e ErrorClass) String() string {
	if e < 0 || int(e) >= len(errorClassNames) {
		return fmt.Sprintf("ErrorClass(%d)", int(e))
	}
	return errorClassNames[e]
}

// Class classifies an error class. ErrOther is unclassified.
func (e ErrorClass) Class() Class {
	switch e {
	case ErrConnectionRefused, ErrConnectionReset, ErrSocketTimeout, ErrDNS, ErrTLSHandshakeTimeout:
		return Retryable
	case ErrTLSCertificate, ErrSerialization, ErrInvalidConfiguration, ErrTokenRevoked:
		return NonRetryable
	}
	return Unclassified
}

// MaxDNSAttempts is the most attempts R-4 allows after a DNS failure.
const MaxDNSAttempts = 2

// DescribeHTTPStatuses renders a set of HTTP statuses for a message,
// folding the 4xx codes that R-4 does not name into "other 4xx" when
// there are more than two of them (a range: "400, 401, 403, 404, 409,
// 422 and other 4xx"); one or two are named ("405", "400 and 418").
func DescribeHTTPStatuses(codes []int) string {
	cs := slices.Compact(slices.Sorted(slices.Values(codes)))
	named := map[int]bool{}
	for _, n := range NamedNonRetryableHTTPStatuses {
		named[n] = true
	}
	unnamed := func(c int) bool { return c >= 400 && c <= 499 && !named[c] && ClassifyHTTPStatus(c) == NonRetryable }
	fold := len(slices.DeleteFunc(slices.Clone(cs), func(c int) bool { return !unnamed(c) })) > 2
	var parts []string
	other := false
	for _, c := range cs {
		if fold && unnamed(c) {
			other = true
			continue
		}
		parts = append(parts, fmt.Sprint(c))
	}
	if other {
		if len(parts) == 0 {
			return "4xx client errors"
		}
		return strings.Join(parts, ", ") + " and other 4xx"
	}
	return strings.Join(parts, ", ")
}
