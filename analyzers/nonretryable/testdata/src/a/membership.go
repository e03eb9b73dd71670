package a

import (
	"net/http"
	"time"
)

// hasStatus is a membership test: a call reads as slices.Contains of the
// list it passes.
func hasStatus(resp *http.Response, codes ...int) bool {
	if resp == nil {
		return false
	}
	for _, c := range codes {
		if resp.StatusCode == c {
			return true
		}
	}
	return false
}

func inList(code int, codes []int) bool {
	for _, c := range codes {
		if c == code {
			return true
		}
	}
	return false
}

var retriedCodes = []int{404, 503}

func retriesListed(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ { // want `R-4: retry of send retries 404 \(err == nil && !hasStatus\(resp, 404, 503\)\)` `R-9: .*retries every error, TLS certificate errors included`
		resp, err = send(req)
		if err == nil && !hasStatus(resp, 404, 503) {
			return resp, nil
		}
		time.Sleep(time.Second << i)
	}
	return resp, err
}

func retriesVar(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `R-4: retry of send retries 404 \(inList\(resp\.StatusCode, retriedCodes\)\)`
		resp, err := send(req)
		if err != nil {
			return nil, err
		}
		if inList(resp.StatusCode, retriedCodes) {
			resp.Body.Close()
			time.Sleep(time.Second << i)
			continue
		}
		return resp, nil
	}
	return nil, nil
}

// Only 5xx listed: no finding.
func retries5xx(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ { // want `R-9: .*retries every error, TLS certificate errors included`
		resp, err = send(req)
		if err == nil && !hasStatus(resp, 502, 503) {
			return resp, nil
		}
		time.Sleep(time.Second << i)
	}
	return resp, err
}

// A list the caller gives: its elements cannot be known here, and the
// statuses retried are not reported.
func retriesGiven(req *http.Request, codes ...int) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = send(req)
		if err == nil && !hasStatus(resp, codes...) {
			return resp, nil
		}
		time.Sleep(time.Second << i)
	}
	return resp, err
}
