package funcvals

import (
	"bytes"
	"net/http"
	"time"
)

var client = &http.Client{Timeout: 5 * time.Second}

// retrying runs the operation its callers give it; every caller is in
// the package.
func retrying(op func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil { // want `R-6.*POST`
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return err
}

func create(url string, body []byte) error {
	return retrying(func() error {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Must not flag: of the two operations given, one sends its POST with a
// key: the rule holds the loop to account only when every one breaks it.
func retryingMixed(op func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return err
}

func createKeyed(url, key string, body []byte) error {
	return retryingMixed(func() error {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func createUnkeyed(url string, body []byte) error {
	return retryingMixed(func() error {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Must not flag: an exported function's operation is the caller's.
func Retrying(op func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return err
}

func createExported(url string, body []byte) error {
	return Retrying(func() error {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
