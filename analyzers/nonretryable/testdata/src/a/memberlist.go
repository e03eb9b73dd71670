package a

import (
	"net/http"
	"slices"
	"time"
)

// Membership in a list of the package: a generic helper, slices.Contains
// and slices.Index read the list the package variable always holds, or
// each of the lists a local is set to.

func contains[T comparable](list []T, element T) bool {
	for _, v := range list {
		if v == element {
			return true
		}
	}
	return false
}

var retryCodes = []int{404, 500, 503}

var retryCodes5xx = []int{408, 429, 500, 502, 503, 504}

func retriesPkgList(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ { // want `R-4: retry of send retries 404 \(err == nil && !contains\(retryCodes, resp\.StatusCode\)\)` `R-9: .*retries every error, TLS certificate errors included`
		resp, err = send(req)
		if err == nil && !contains(retryCodes, resp.StatusCode) {
			return resp, nil
		}
		time.Sleep(time.Second << i)
	}
	return resp, err
}

func retriesSlicesIndex(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `R-4: retry of send retries 404 \(slices\.Index\(retryCodes, resp\.StatusCode\) >= 0\)`
		resp, err := send(req)
		if err != nil {
			return nil, err
		}
		if slices.Index(retryCodes, resp.StatusCode) >= 0 {
			resp.Body.Close()
			time.Sleep(time.Second << i)
			continue
		}
		return resp, nil
	}
	return nil, nil
}

type memberClient struct{ imds bool }

// A local set to one of two lists: each is decided, and the statuses
// retried are the union.
func (c memberClient) retriesChosenList(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	retrylist := retryCodes5xx
	if c.imds {
		retrylist = retryCodes
	}
	for i := 0; i < 3; i++ { // want `R-4: retry of send retries 404 \(succeeded \|\| i == 2\)` `R-9: .*retries every error, TLS certificate errors included`
		resp, err = send(req)
		succeeded := err == nil && !contains(retrylist, resp.StatusCode)
		if succeeded || i == 2 {
			return resp, err
		}
		time.Sleep(time.Second << i)
	}
	return resp, err
}

func (c memberClient) retriesSlicesContains(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	codes := retryCodes5xx
	if c.imds {
		codes = retryCodes
	}
	for i := 0; i < 3; i++ { // want `R-4: retry of send retries 404 \(err == nil && !slices\.Contains\(codes, resp\.StatusCode\)\)` `R-9: .*retries every error, TLS certificate errors included`
		resp, err = send(req)
		if err == nil && !slices.Contains(codes, resp.StatusCode) {
			return resp, nil
		}
		time.Sleep(time.Second << i)
	}
	return resp, err
}

// Two transient lists: no finding.
func (c memberClient) retriesChosen5xx(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	codes := retryCodes5xx
	if c.imds {
		codes = []int{429, 503}
	}
	for i := 0; i < 3; i++ { // want `R-9: .*retries every error, TLS certificate errors included`
		resp, err = send(req)
		if err == nil && !slices.Contains(codes, resp.StatusCode) {
			return resp, nil
		}
		time.Sleep(time.Second << i)
	}
	return resp, err
}

// Only transient statuses listed: no finding.
func retriesPkg5xx(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ { // want `R-9: .*retries every error, TLS certificate errors included`
		resp, err = send(req)
		if err == nil && !contains(retryCodes5xx, resp.StatusCode) {
			return resp, nil
		}
		time.Sleep(time.Second << i)
	}
	return resp, err
}

// A list the package writes into elsewhere: its elements are not known,
// and no status is claimed.
var grownCodes = []int{404, 503}

func init() {
	grownCodes = append(grownCodes, 500)
}

func retriesGrownList(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = send(req)
		if err == nil && !contains(grownCodes, resp.StatusCode) {
			return resp, nil
		}
		time.Sleep(time.Second << i)
	}
	return resp, err
}
