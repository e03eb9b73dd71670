package a

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"example.com/logx"
	"net"
	"net/http"
	"time"
)

var errQuota = errors.New("quota exhausted")

// A decision that reads the error, all of it, and stops only on the
// caller's end and on an error of the package: every other error of the
// HTTP client, a certificate error included, is retried.
func sendUntilCanceled(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ { // want `R-9: retry of c.Do retries TLS certificate errors \(errors.Is\(err, context.Canceled\) \|\| errors.Is\(err, errQuota\)\)`
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if errors.Is(err, context.Canceled) || errors.Is(err, errQuota) {
			return nil, err
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return nil, errors.New("gave up")
}

type errUnknownNetwork struct{ network string }

func (e *errUnknownNetwork) Error() string { return "unknown network " + e.network }

type forwarder struct {
	network, addr string
	conn          net.Conn
}

// connect dials TLS on one path: its errors may be certificate errors.
func (f *forwarder) connect() error {
	var err error
	switch f.network {
	case "tcp":
		f.conn, err = net.Dial("tcp", f.addr)
	case "tls":
		f.conn, err = tls.DialWithDialer(&net.Dialer{Timeout: 3 * time.Second}, "tcp", f.addr, &tls.Config{})
	default:
		err = &errUnknownNetwork{f.network}
	}
	return err
}

func (f *forwarder) connectWithRetry() error {
	for i := 0; i < 5; i++ { // want `R-9: retry of f.connect retries TLS certificate errors`
		err := f.connect()
		if err == nil {
			return nil
		}
		if _, ok := err.(*errUnknownNetwork); ok {
			return err
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return errors.New("could not connect")
}

// A plain TCP dial meets no certificate.
func (f *forwarder) dialTCP() error {
	var err error
	f.conn, err = net.Dial("tcp", f.addr)
	return err
}

func (f *forwarder) dialWithRetry() error {
	for i := 0; i < 5; i++ {
		err := f.dialTCP()
		if err == nil {
			return nil
		}
		if _, ok := err.(*errUnknownNetwork); ok {
			return err
		}
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return errors.New("could not connect")
}

// A decision that stops on certificate errors before retrying the rest.
func sendStopOnCert(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		var uae x509.UnknownAuthorityError
		var cve *tls.CertificateVerificationError
		if errors.Is(err, context.Canceled) || errors.As(err, &uae) || errors.As(err, &cve) {
			return nil, err
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return nil, errors.New("gave up")
}

// A predicate handed in as a func value may stop on certificate errors:
// the decision is not read whole.
func sendWhile(c *http.Client, req *http.Request, shouldRetry func(error) bool) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if !shouldRetry(err) {
			return nil, err
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return nil, errors.New("gave up")
}

// A logger's builder of another package (logx.Warn().Err(err)) is
// handed the error to log it: that decides nothing.
func sendLogged(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ { // want `R-9: retry of c.Do retries TLS certificate errors`
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if errors.Is(err, errQuota) {
			return nil, err
		}
		logx.Warn().Err(err).Msg("retrying")
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return nil, errors.New("gave up")
}

type queryError struct{ code int }

func (e *queryError) Error() string { return "query error" }

// evictAndRetry classifies the error for the loop, which tests its
// answer: the model does not claim to read such a classifier (silent).
func evictAndRetry(err error) error {
	var qe *queryError
	if !errors.As(err, &qe) {
		return err
	}
	if qe.code == 4050 {
		return nil // evicted: run again
	}
	return err
}

func queryWithEvict(c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if err = evictAndRetry(err); err != nil {
			return nil, err
		}
	}
}
