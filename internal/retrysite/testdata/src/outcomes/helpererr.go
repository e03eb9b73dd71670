package outcomes

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// A same-package helper turns error statuses into errors (helpererr.go):
// a loop that retries every error of it retries those statuses.

type apiProblem struct{ Status int }

func (p apiProblem) Error() string { return fmt.Sprint(p.Status) }

// sendChecked returns an error for every status >= 400.
func sendChecked(req *http.Request, out any) (*http.Response, error) {
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sending: %w", err)
	}
	if resp.StatusCode >= 400 {
		var p apiProblem
		if err := json.NewDecoder(resp.Body).Decode(&p); err != nil {
			return resp, fmt.Errorf("HTTP %d", resp.StatusCode)
		}
		return resp, p
	}
	return resp, json.NewDecoder(resp.Body).Decode(out)
}

// sendLoose returns a nil error whatever the status.
func sendLoose(req *http.Request) (*http.Response, error) {
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	return resp, nil
}

type window struct{ Start, End int }

// Every error of the helper is retried: its 4xx too.
func everyHelperErr(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[400 401 403 404 405 406 408 409 410 413 415 418 422 425 429 451 500 501 502 503 504 505\] grpc=\[\]`
		resp, err := sendChecked(req, nil)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// The loop also goes round on a malformed decoded body (a failure path
// of a loop that comes back on success too): the 4xx the helper turned
// into errors are still retried.
func helperErrOrBadBody(req *http.Request) (window, error) {
	var w window
	var err error
	for i := 0; i < 3; i++ { // want `retried http=\[400 401 403 404 405 406 408 409 410 413 415 418 422 425 429 451 500 501 502 503 504 505\] grpc=\[\]`
		time.Sleep(time.Duration(i) * time.Second)
		_, err = sendChecked(req, &w)
		if err != nil {
			continue
		}
		if w.End <= w.Start {
			continue
		}
		return w, nil
	}
	return window{}, err
}

// Trap: the helper returns a nil error for a 4xx and the loop tests the
// status itself, retrying only 5xx: the 4xx must not be listed.
func looseHelper5xx(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[500 501 502 503 504 505\] grpc=\[\]`
		resp, err := sendLoose(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// Trap: the loop returns on the helper's typed error below 500: the 4xx
// are not certainly retried (the helper's error is of no known status).
func typedHelperErr(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[\] grpc=\[\]`
		resp, err := sendChecked(req, nil)
		var p apiProblem
		if errors.As(err, &p) && p.Status < 500 {
			return resp, err
		}
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}
