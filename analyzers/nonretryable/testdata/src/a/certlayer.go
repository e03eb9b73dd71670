package a

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// An HTTP client's certificate error is a *url.Error wrapping a
// *tls.CertificateVerificationError wrapping the x509 error. A type
// assertion sees only the outer layer: v.Err.(x509.UnknownAuthorityError)
// on the *url.Error never matches (v.Err is the verification error), so
// the certificate error is retried. Message tests are read on the texts
// Go gives certificate errors.

var (
	redirectsRe  = regexp.MustCompile(`stopped after \d+ redirects\z`)
	notTrustedRe = regexp.MustCompile(`certificate is not trusted`)
	x509Re       = regexp.MustCompile(`x509: `)
)

func certLayerMissed(c *http.Client, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ { // want `R-9: retry of c\.Get \(GET\) retries TLS certificate errors: its x509\.UnknownAuthorityError test never matches`
		var resp *http.Response
		if resp, err = c.Get(u); err == nil {
			return resp, nil
		}
		if v, ok := err.(*url.Error); ok {
			if redirectsRe.MatchString(v.Error()) {
				return nil, err
			}
			if _, ok := v.Err.(x509.UnknownAuthorityError); ok {
				return nil, err
			}
		}
		time.Sleep(rand.N(time.Second << i))
	}
	return nil, err
}

// The same test on the error itself misses too: it is the *url.Error.
func certOuterMissed(c *http.Client, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ { // want `R-9: retry of c\.Get \(GET\) retries TLS certificate errors: its x509\.HostnameError test never matches`
		var resp *http.Response
		if resp, err = c.Get(u); err == nil {
			return resp, nil
		}
		if _, ok := err.(x509.HostnameError); ok {
			return nil, err
		}
		time.Sleep(rand.N(time.Second << i))
	}
	return nil, err
}

// Must not flag: the assertion on the right layer, errors.As, and a
// message test that matches every certificate error's text.
func certLayerRight(c *http.Client, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.Get(u); err == nil {
			return resp, nil
		}
		if v, ok := err.(*url.Error); ok {
			if _, ok := v.Err.(*tls.CertificateVerificationError); ok {
				return nil, err
			}
		}
		time.Sleep(rand.N(time.Second << i))
	}
	return nil, err
}

func certAs(c *http.Client, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.Get(u); err == nil {
			return resp, nil
		}
		var unknown x509.UnknownAuthorityError
		if errors.As(err, &unknown) {
			return nil, err
		}
		time.Sleep(rand.N(time.Second << i))
	}
	return nil, err
}

func certMessage(c *http.Client, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.Get(u); err == nil {
			return resp, nil
		}
		if x509Re.MatchString(err.Error()) || strings.Contains(err.Error(), "x509") {
			return nil, err
		}
		if _, ok := err.(x509.UnknownAuthorityError); ok {
			return nil, err
		}
		time.Sleep(rand.N(time.Second << i))
	}
	return nil, err
}

// Must not flag: a message test that matches one platform's text only
// (macOS's "is not trusted"): whether it stops depends on the platform.
func certPlatformMessage(c *http.Client, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.Get(u); err == nil {
			return resp, nil
		}
		if v, ok := err.(*url.Error); ok {
			if notTrustedRe.MatchString(v.Error()) {
				return nil, err
			}
			if _, ok := v.Err.(x509.UnknownAuthorityError); ok {
				return nil, err
			}
		}
		time.Sleep(rand.N(time.Second << i))
	}
	return nil, err
}

// The copy of an old go-retryablehttp policy as a CheckRetry.
func certRetryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil {
		if v, ok := err.(*url.Error); ok {
			if redirectsRe.MatchString(v.Error()) {
				return false, v
			}
			if _, ok := v.Err.(x509.UnknownAuthorityError); ok {
				return false, v
			}
		}
		return true, nil
	}
	return resp.StatusCode == 429 || resp.StatusCode >= 500, nil
}

func certPolicyClient(req *retryablehttp.Request) {
	c := retryablehttp.NewClient()
	c.CheckRetry = certRetryPolicy
	_, _ = c.Do(req) // want `R-9: go-retryablehttp retry of c\.Do retries TLS certificate errors`
}

// A predicate that unwraps the *url.Error and switches on the type and
// the text of what it finds: the verification error is neither an
// x509.UnknownAuthorityError nor that message.
func unwrapRetryable(ctx context.Context, err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return ctx.Err() == nil
	}
	if ue, ok := err.(*url.Error); ok {
		e := ue.Unwrap()
		switch e.(type) {
		case x509.UnknownAuthorityError:
			return false
		}
		switch e.Error() {
		case "http: server gave HTTP response to HTTPS client":
			return false
		}
	}
	return true
}

func certUnwrapSwitch(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ { // want `R-9: retry of c\.Get \(GET\) retries TLS certificate errors: its x509\.UnknownAuthorityError test never matches`
		var resp *http.Response
		if resp, err = c.Get(u); err == nil {
			return resp, nil
		}
		if !unwrapRetryable(ctx, err) {
			return nil, err
		}
		time.Sleep(rand.N(time.Second << i))
	}
	return nil, err
}

// Must not flag: the switch names the verification error, which the
// unwrapped error is.
func unwrapStops(err error) bool {
	if ue, ok := err.(*url.Error); ok {
		switch ue.Unwrap().(type) {
		case x509.UnknownAuthorityError, *tls.CertificateVerificationError:
			return true
		}
	}
	return false
}

func certUnwrapRight(c *http.Client, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.Get(u); err == nil {
			return resp, nil
		}
		if unwrapStops(err) {
			return nil, err
		}
		time.Sleep(rand.N(time.Second << i))
	}
	return nil, err
}

// Must not flag: what an unknown function makes of the error is not
// known, so the x509 test on it may match.
var inspectErr func(error) error

func certOpaque(c *http.Client, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.Get(u); err == nil {
			return resp, nil
		}
		if ue, ok := err.(*url.Error); ok {
			if _, ok := inspectErr(ue).(x509.UnknownAuthorityError); ok {
				return nil, err
			}
		}
		time.Sleep(rand.N(time.Second << i))
	}
	return nil, err
}

// Must not flag: a RoundTrip returns the transport's error as it is, the
// *tls.CertificateVerificationError itself, which the assertion finds.
type certRT struct{ base http.RoundTripper }

func (t *certRT) RoundTrip(req *http.Request) (*http.Response, error) {
	var (
		res *http.Response
		err error
	)
	for i := 0; i < 3; i++ {
		if res, err = t.base.RoundTrip(req); err == nil {
			return res, nil
		}
		if _, ok := err.(*tls.CertificateVerificationError); ok {
			return nil, err
		}
		time.Sleep(rand.N(time.Second << i))
	}
	return res, err
}
