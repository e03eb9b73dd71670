package retry_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/retrylint/retrylint/policy"
	"github.com/retrylint/retrylint/retry"
)

func TestClassify(t *testing.T) {
	opErr := func(err error) error {
		return &url.Error{Op: "Get", URL: "http://x", Err: &net.OpError{Op: "dial", Net: "tcp", Err: err}}
	}
	var xmlErr error = &xml.SyntaxError{Msg: "bad", Line: 1}
	for _, tc := range []struct {
		name string
		err  error
		want policy.Class
	}{
		{"refused", opErr(os.NewSyscallError("connect", syscall.ECONNREFUSED)), policy.Retryable},
		{"reset", opErr(os.NewSyscallError("read", syscall.ECONNRESET)), policy.Retryable},
		{"broken pipe", opErr(os.NewSyscallError("write", syscall.EPIPE)), policy.Retryable},
		{"timeout", opErr(os.ErrDeadlineExceeded), policy.Retryable},
		{"etimedout", opErr(syscall.ETIMEDOUT), policy.Retryable},
		{"dns", opErr(&net.DNSError{Err: "no such host", Name: "x"}), policy.Retryable},
		{"eof in a url.Error", &url.Error{Op: "Get", URL: "http://x", Err: io.EOF}, policy.Retryable},
		{"bare eof", io.EOF, policy.Unclassified},
		{"tls handshake timeout", &url.Error{Op: "Get", URL: "https://x", Err: handshakeTimeout{}}, policy.Retryable},
		{"unknown authority", &tls.CertificateVerificationError{Err: x509.UnknownAuthorityError{}}, policy.NonRetryable},
		{"hostname", x509.HostnameError{Host: "x"}, policy.NonRetryable},
		{"expired", x509.CertificateInvalidError{Reason: x509.Expired}, policy.NonRetryable},
		{"cert alert", tls.AlertError(42), policy.NonRetryable},
		{"remote cert alert", &net.OpError{Op: "remote error", Err: errors.New("tls: bad certificate")}, policy.NonRetryable},
		{"other alert", tls.AlertError(80), policy.Unclassified},
		{"json syntax", json.Unmarshal([]byte("{"), new(any)), policy.NonRetryable},
		{"json type", json.Unmarshal([]byte(`"x"`), new(int)), policy.NonRetryable},
		{"xml", xmlErr, policy.NonRetryable},
		{"config", retry.Policy{MaxRetries: 99}.Validate(), policy.NonRetryable},
		{"addr", &net.AddrError{Err: "bad", Addr: "x"}, policy.NonRetryable},
		{"http 503", &retry.StatusError{StatusCode: 503}, policy.Retryable},
		{"http 418", &retry.StatusError{StatusCode: 418}, policy.NonRetryable},
		{"http 501", &retry.StatusError{StatusCode: 501}, policy.Unclassified},
		{"canceled", context.Canceled, policy.Unclassified},
		{"deadline", context.DeadlineExceeded, policy.Retryable},
		{"plain", errors.New("x"), policy.Unclassified},
		{"permanent 503", retry.Permanent(&retry.StatusError{StatusCode: 503}), policy.NonRetryable},
		{"retryable 400", retry.Retryable(&retry.StatusError{StatusCode: 400}), policy.NonRetryable},
		{"retryable 503", retry.Retryable(&retry.StatusError{StatusCode: 503}), policy.Retryable},
		{"retryable 501", retry.Retryable(&retry.StatusError{StatusCode: 501}), policy.Retryable},
		{"retryable plain", retry.Retryable(errors.New("x")), policy.Retryable},
		{"joined", errors.Join(errors.New("a"), os.NewSyscallError("read", syscall.ECONNRESET)), policy.Retryable},
		{"nil", nil, policy.Unclassified},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, retry.Classify(tc.err), "%v", tc.err)
		})
	}
	assert.Nil(t, retry.Permanent(nil))
	assert.Nil(t, retry.Retryable(nil))
}

type handshakeTimeout struct{}

func (handshakeTimeout) Error() string   { return "net/http: TLS handshake timeout" }
func (handshakeTimeout) Timeout() bool   { return true }
func (handshakeTimeout) Temporary() bool { return true }

func TestCheckResponse(t *testing.T) {
	resp := &http.Response{StatusCode: 429, Header: http.Header{"Retry-After": {"12"}}}
	err := retry.CheckResponse(resp)
	var se *retry.StatusError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 429, se.StatusCode)
	assert.Equal(t, "12", se.RetryAfter)
	assert.Equal(t, "retry: HTTP 429 Too Many Requests", err.Error())
	assert.NoError(t, retry.CheckResponse(&http.Response{StatusCode: 204}))
	assert.NoError(t, retry.CheckResponse(&http.Response{StatusCode: 304}))
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 28, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"0", 0, true},
		{"120", 2 * time.Minute, true},
		{" 7 ", 7 * time.Second, true},
		{"Sat, 28 Mar 2026 12:00:30 GMT", 30 * time.Second, true},       // IMF-fixdate
		{"Saturday, 28-Mar-26 12:01:00 GMT", time.Minute, true},         // RFC 850
		{"Sat Mar 28 12:00:05 2026", 5 * time.Second, true},             // asctime
		{"Sat, 28 Mar 2026 11:00:00 GMT", 0, true},                      // in the past
		{"99999999999999999999999", time.Duration(math.MaxInt64), true}, // saturates
		{"", 0, false},
		{"-1", 0, false},
		{"1.5", 0, false},
		{"+3", 0, false},
		{"soon", 0, false},
		{"12s", 0, false},
	} {
		got, ok := retry.ParseRetryAfter(tc.in, now)
		assert.Equal(t, tc.ok, ok, "%q", tc.in)
		assert.Equal(t, tc.want, got, "%q", tc.in)
	}
}

func FuzzParseRetryAfter(f *testing.F) {
	now := time.Date(2026, 3, 28, 12, 0, 0, 0, time.UTC)
	for _, s := range []string{"0", "120", "Sat, 28 Mar 2026 12:00:30 GMT", "Saturday, 28-Mar-26 12:01:00 GMT",
		"Sat Mar 28 12:00:05 2026", "-1", "1e3", "99999999999999999999", " 5", "\t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, ok := retry.ParseRetryAfter(s, now)
		if !ok {
			if d != 0 {
				t.Fatalf("%q: %v with ok=false", s, d)
			}
			return
		}
		if d < 0 {
			t.Fatalf("%q: negative %v", s, d)
		}
		// Whole seconds round-trip.
		if n, err := strconv.ParseUint(s, 10, 32); err == nil && s == strconv.FormatUint(n, 10) {
			if d != time.Duration(n)*time.Second {
				t.Fatalf("%q: %v, want %ds", s, d, n)
			}
		}
		// A date is measured from now, to the second.
		if tm, err := http.ParseTime(s); err == nil {
			want := max(tm.Sub(now), 0)
			if d != want {
				t.Fatalf("%q: %v, want %v", s, d, want)
			}
		}
		// Formatting the result as seconds parses back to the same wait.
		if d < time.Duration(math.MaxInt64) && d%time.Second == 0 {
			back, ok := retry.ParseRetryAfter(fmt.Sprint(int64(d/time.Second)), now)
			if !ok || back != d {
				t.Fatalf("%q: %v does not round-trip (%v)", s, d, back)
			}
		}
	})
}
