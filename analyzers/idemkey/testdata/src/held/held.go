package held

import (
	"bytes"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// An operation held in a variable is the same operation as inline.

var client = &http.Client{Timeout: 5 * time.Second}

func heldPost(url string, body []byte) error {
	op := func() error {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := client.Do(req) // want `R-6.*POST`
		if err != nil {
			return err
		}
		resp.Body.Close()
		return nil
	}
	return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

func inlinePost(url string, body []byte) error {
	return backoff.Retry(func() error {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := client.Do(req) // want `R-6.*POST`
		if err != nil {
			return err
		}
		resp.Body.Close()
		return nil
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

// A variable assigned twice is not one literal: the model cannot tell
// which runs, and stays silent.
func reassigned(url string, body []byte, get bool) error {
	op := func() error {
		req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		_, err := client.Do(req)
		return err
	}
	if get {
		op = func() error {
			_, err := client.Get(url)
			return err
		}
	}
	return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

// A GET held in a variable is fine.
func heldGet(url string) error {
	op := func() error {
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			return backoff.Permanent(err)
		}
		_, err = client.Do(req)
		return err
	}
	return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

// A hand-written loop calling an operation held in a variable: reported
// at the call, as for a same-package helper.
func loopHeld(url string, body []byte) error {
	send := func() error {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	var err error
	for i := 0; i < 3; i++ {
		if err = send(); err == nil { // want `R-6.*POST`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
