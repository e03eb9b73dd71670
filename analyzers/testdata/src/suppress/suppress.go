// Package suppress holds retry sites whose findings lie on several lines,
// under //retrylint:ignore directives: one directive above a site covers
// the findings of the analyzers it names wherever they are reported.
package suppress

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"
)

var client = &http.Client{Timeout: 5 * time.Second}

// One directive silences the loop's R-1 at the sleep, R-2 and R-3 at the
// for and R-6 at the POST call.
func allSilenced(ctx context.Context, u string, body []byte) error {
	//retrylint:ignore fixedinterval,maxretries,notimeout,idemkey IAB-2026-042 the gateway dedupes and paces
	for i := 0; i < 20; i++ { // want `R-9: .*retries every error, TLS certificate errors included`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

// Issue 34: a fixedinterval directive above the loop left the R-1 at the
// sleep and was itself reported unused.
func fixedIntervalOnly(ctx context.Context, u string, body []byte) error {
	//retrylint:ignore fixedinterval the peer wants a fixed interval
	for i := 0; i < 20; i++ { // want `R-2: retry of client\.Do \(POST\) makes 20 attempts` `R-3: retry of client\.Do \(POST\) sets no deadline on ctx and can take` `R-9: .*retries every error, TLS certificate errors included`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := client.Do(req) // want `R-6: retry of client\.Do \(POST\) sends no Idempotency-Key header`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

// A directive naming one analyzer leaves the others' findings.
func maxRetriesOnly(ctx context.Context, u string, body []byte) error {
	//retrylint:ignore maxretries IAB-2026-042 approved 19 retries
	for i := 0; i < 20; i++ { // want `R-3: retry of client\.Do \(POST\) sets no deadline on ctx and can take` `R-9: .*retries every error, TLS certificate errors included`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := client.Do(req) // want `R-6: retry of client\.Do \(POST\) sends no Idempotency-Key header`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second) // want `R-1: retry of client\.Do \(POST\) waits a fixed 1s between attempts`
	}
	return errors.New("gave up")
}

// A name that silences nothing of the site is reported unused.
func nameWithNoFinding(ctx context.Context, u string, body []byte) error {
	//retrylint:ignore fixedinterval,maxretries,notimeout,idemkey,nonretryable reason // want `unused //retrylint:ignore directive: no nonretryable \(R-4, R-9\) finding on line 78 to suppress`
	for i := 0; i < 20; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if ne := net.Error(nil); err != nil && !(errors.As(err, &ne) && ne.Timeout()) {
			return err // only timeouts go back: no R-9
		}
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

// A directive above a line that starts no site covers that line only.
func unrelatedLine(ctx context.Context, u string, body []byte) error {
	//retrylint:ignore fixedinterval,idemkey not above the loop // want `unused //retrylint:ignore directive: no fixedinterval \(R-1\) finding on line 99` `unused //retrylint:ignore directive: no idemkey \(R-6\) finding on line 99`
	body = append([]byte(nil), body...)
	for i := 0; i < 20; i++ { // want `R-2: retry of client\.Do \(POST\) makes 20 attempts` `R-3: retry of client\.Do \(POST\) sets no deadline on ctx and can take` `R-9: .*retries every error, TLS certificate errors included`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := client.Do(req) // want `R-6: retry of client\.Do \(POST\) sends no Idempotency-Key header`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second) // want `R-1: retry of client\.Do \(POST\) waits a fixed 1s between attempts`
	}
	return errors.New("gave up")
}

// A directive on a finding's own line still covers that line.
func onTheLine(ctx context.Context, u string) error {
	var err error
	for i := 0; i < 3; i++ { // want `R-9: .*retries every error, TLS certificate errors included`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		var resp *http.Response
		if resp, err = client.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second) //retrylint:ignore fixedinterval the peer wants a fixed interval
	}
	return err
}

// A library call: the directive above it covers the R-1 reported at the
// delay option, lines below.
func library() error {
	//retrylint:ignore fixedinterval,maxretries,notimeout IAB-2026-043 a batch job
	return retrygo.Do(func() error {
		return errors.New("x")
	}, retrygo.Attempts(20), retrygo.DelayType(retrygo.FixedDelay))
}

func libraryReported() error {
	return retrygo.Do(func() error { // want `R-2: retrygo\.Do of errors\.New makes Attempts\(20\)` `R-3: retrygo\.Do of errors\.New has no total duration cap`
		return errors.New("x")
	}, retrygo.Attempts(20), retrygo.DelayType(retrygo.FixedDelay)) // want `R-1: retrygo\.Do of errors\.New waits a fixed 100ms`
}

// A recursive function: the directive above its declaration covers the
// R-2 at its name, the R-1 at the sleep and the R-6 at the call.
//
//retrylint:ignore fixedinterval,maxretries,idemkey IAB-2026-044 the caller bounds it
func recursive(ctx context.Context, u string) error { // want `R-9: .*retries every error, TLS certificate errors included` `R-3: recursive retry of client.Do \(POST\) has no total duration cap`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		time.Sleep(time.Second)
		return recursive(ctx, u)
	}
	resp.Body.Close()
	return nil
}

func recursiveReported(ctx context.Context, u string) error { // want `R-2: recursive retry of client\.Do \(POST\) has no maximum retry count` `R-9: .*retries every error, TLS certificate errors included` `R-3: recursive retry of client.Do \(POST\) has no total duration cap`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req) // want `R-6: recursive retry of client\.Do \(POST\) sends no Idempotency-Key header`
	if err != nil {
		time.Sleep(time.Second) // want `R-1: recursive retry of client\.Do \(POST\) waits a fixed 1s between attempts`
		return recursiveReported(ctx, u)
	}
	resp.Body.Close()
	return nil
}
