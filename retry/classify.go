package retry

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/retrylint/retrylint/policy"
)

// marked is an error that the caller has classified with Permanent or
// Retryable.
type marked struct {
	err   error
	class policy.Class
}

func (m *marked) Error() string { return m.err.Error() }
func (m *marked) Unwrap() error { return m.err }

// Permanent marks err as not retryable: Do returns it at once,
// unwrapped. Use it for errors the built-in classification cannot see, such
// as a token that was permanently revoked. Permanent(nil) is nil.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &marked{err, policy.NonRetryable}
}

// Retryable marks err as retryable, for transient failures of the
// caller's own making that the built-in classification does not know.
// Errors that are neither classified nor marked are not retried.
// Retryable(nil) is nil.
//
// A mark cannot override a class the standard forbids retrying: a
// *StatusError of 400, 401, 403, 404, 409 or 422, a TLS certificate error
// a serialization or configuration error stay not retryable,
// wrapped or not, so that Retryable(err) around whatever an operation
// returned cannot retry them by accident. Code that must retry such an
// error decides so in Policy.Classify, deliberately and in one place.
func Retryable(err error) error {
	if err == nil {
		return nil
	}
	return &marked{err, policy.Retryable}
}

// A StatusError is an HTTP response status seen as an error, so that Do can
// classify it and honour its Retry-After. CheckResponse makes
// one from a response.
type StatusError struct {
	StatusCode int
	// RetryAfter is the raw Retry-After header value, "" when absent.
	RetryAfter string
}

func (e *StatusError) Error() string {
	return "retry: HTTP " + strconv.Itoa(e.StatusCode) + " " + http.StatusText(e.StatusCode)
}

// CheckResponse returns a *StatusError for a response whose status is 4xx or
// 5xx, and nil otherwise. It neither reads nor closes the body.
func CheckResponse(resp *http.Response) error {
	if resp.StatusCode < 400 {
		return nil
	}
	return &StatusError{StatusCode: resp.StatusCode, RetryAfter: resp.Header.Get(policy.RetryAfterHeader)}
}

// Classify tells how the standard classes err: marks made with
// Permanent and Retryable, *StatusError by HTTP status, then network
// errors (connection refused and reset, timeouts, DNS, TLS handshake
// timeouts are retryable), TLS certificate, serialization and
// configuration errors (not retryable). Other errors, context cancellation
// among them, are policy.Unclassified, which retry does not retry.
func Classify(err error) policy.Class {
	return classifyError(err, false, time.Time{}).class
}

// outcome is what retry learnt from one failed attempt.
type outcome struct {
	class         policy.Class
	errClass      policy.ErrorClass
	errType       string // a constant, low-cardinality name for logs
	retryAfter    time.Duration
	hasRetryAfter bool
	status        int
}

// classifyError classifies err. network says err came from a
// RoundTripper, where a bare EOF means the server dropped the connection.
func classifyError(err error, network bool, now time.Time) outcome {
	var o outcome
	var mark *marked
	cert := false
	walk(err, func(e error) bool {
		switch e := e.(type) {
		case *marked:
			if mark == nil {
				mark = e
			}
			return false
		case *StatusError:
			o.status = e.StatusCode
			o.class = policy.ClassifyHTTPStatus(e.StatusCode)
			o.errType = statusType(e.StatusCode)
			if e.RetryAfter != "" {
				o.retryAfter, o.hasRetryAfter = ParseRetryAfter(e.RetryAfter, now)
			}
			return true
		case x509.UnknownAuthorityError, x509.HostnameError, x509.CertificateInvalidError,
			x509.SystemRootsError, x509.ConstraintViolationError, x509.UnhandledCriticalExtension,
			x509.InsecureAlgorithmError, *tls.CertificateVerificationError,
			*x509.UnknownAuthorityError, *x509.HostnameError, *x509.CertificateInvalidError:
			cert = true
			return true
		case tls.AlertError:
			if isCertAlert(uint8(e)) {
				cert = true
				return true
			}
		case *net.OpError:
			// A certificate alert from the peer arrives as an unexported
			// tls type under Op "remote error".
			if e.Op == "remote error" && e.Err != nil && strings.Contains(e.Err.Error(), "certificate") {
				cert = true
				return true
			}
			network = true
		case *url.Error:
			network = true
		case tls.RecordHeaderError:
			o.set(policy.ErrInvalidConfiguration)
			return true
		case *net.DNSError:
			o.set(policy.ErrDNS)
			return true
		case *json.SyntaxError, *json.UnmarshalTypeError, *json.InvalidUnmarshalError,
			*json.UnsupportedTypeError, *json.UnsupportedValueError, *json.MarshalerError,
			*xml.SyntaxError, *xml.UnsupportedTypeError, xml.UnmarshalError, base64.CorruptInputError:
			o.set(policy.ErrSerialization)
			return true
		case *net.AddrError, *net.ParseError, net.UnknownNetworkError, net.InvalidAddrError:
			o.set(policy.ErrInvalidConfiguration)
			return true
		case syscall.Errno:
			switch e {
			case syscall.ECONNREFUSED:
				o.set(policy.ErrConnectionRefused)
				return true
			case syscall.ECONNRESET, syscall.ECONNABORTED, syscall.EPIPE:
				o.set(policy.ErrConnectionReset)
				return true
			case syscall.ETIMEDOUT:
				o.set(policy.ErrSocketTimeout)
				return true
			}
		}
		if e == ErrInvalidPolicy {
			o.set(policy.ErrInvalidConfiguration)
			return true
		}
		return false
	})
	if cert {
		// never retried, whatever a mark or a status said.
		o = outcome{class: policy.NonRetryable, errClass: policy.ErrTLSCertificate, errType: "tls_certificate"}
		return o
	}
	if o.errType == "" && o.class == policy.Unclassified {
		switch {
		case errors.Is(err, context.Canceled):
			o.errType = "canceled"
		case isTLSHandshakeTimeout(err):
			o.set(policy.ErrTLSHandshakeTimeout)
		case isTimeout(err):
			o.set(policy.ErrSocketTimeout)
		case network && (errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)):
			o.set(policy.ErrConnectionReset)
		default:
			o.errType = "other"
		}
	}
	if mark != nil && !(mark.class == policy.Retryable && o.class == policy.NonRetryable) {
		o.class = mark.class
		if o.errType == "other" {
			if mark.class == policy.Retryable {
				o.errType = "marked_retryable"
			} else {
				o.errType = "marked_permanent"
			}
		}
	}
	return o
}

func (o *outcome) set(c policy.ErrorClass) {
	o.errClass = c
	o.class = c.Class()
	o.errType = errClassTypes[c]
}

var errClassTypes = [...]string{
	policy.ErrOther:                "other",
	policy.ErrConnectionRefused:    "connection_refused",
	policy.ErrConnectionReset:      "connection_reset",
	policy.ErrSocketTimeout:        "socket_timeout",
	policy.ErrDNS:                  "dns_failure",
	policy.ErrTLSHandshakeTimeout:  "tls_handshake_timeout",
	policy.ErrTLSCertificate:       "tls_certificate",
	policy.ErrSerialization:        "serialization",
	policy.ErrInvalidConfiguration: "invalid_configuration",
	policy.ErrTokenRevoked:         "token_revoked",
}

// statusType names an HTTP status for logs without allocating for the
// statuses R-4 names.
func statusType(code int) string {
	switch code {
	case 400:
		return "http_400"
	case 401:
		return "http_401"
	case 403:
		return "http_403"
	case 404:
		return "http_404"
	case 408:
		return "http_408"
	case 409:
		return "http_409"
	case 422:
		return "http_422"
	case 429:
		return "http_429"
	case 500:
		return "http_500"
	case 502:
		return "http_502"
	case 503:
		return "http_503"
	case 504:
		return "http_504"
	}
	return "http_" + strconv.Itoa(code)
}

// isCertAlert reports whether a TLS alert is about certificates:
// bad_certificate, unsupported_certificate, certificate_revoked,
// certificate_expired, certificate_unknown, unknown_ca,
// certificate_required.
func isCertAlert(a uint8) bool {
	switch a {
	case 42, 43, 44, 45, 46, 48, 116:
		return true
	}
	return false
}

func isTLSHandshakeTimeout(err error) bool {
	found := false
	walk(err, func(e error) bool {
		// net/http's tlsHandshakeTimeoutError is unexported.
		if t, ok := e.(interface{ Timeout() bool }); ok && t.Timeout() && e.Error() == "net/http: TLS handshake timeout" {
			found = true
		}
		return found
	})
	return found
}

func isTimeout(err error) bool {
	found := false
	walk(err, func(e error) bool {
		if t, ok := e.(interface{ Timeout() bool }); ok && t.Timeout() {
			found = true
		}
		return found
	})
	return found
}

// walk calls f on err and everything it wraps, depth first, until f
// returns true. Unlike errors.As it allocates nothing.
func walk(err error, f func(error) bool) bool {
	for err != nil {
		if f(err) {
			return true
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				if walk(e, f) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}
