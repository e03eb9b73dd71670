package a

import (
	"bytes"
	"net/http"
	"time"
)

// The message names the retried operation with its method and, when
// the request's URL is written in its constructor, its path.

const apiBase = "https://api.example.com"

func payWithPath(client *http.Client, body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("POST", "https://api.example.com/v1/payments?expand=charge", bytes.NewReader(body))
		var resp *http.Response
		resp, err = client.Do(req) // want `^R-6: retry of client\.Do \(POST /v1/payments\) sends no Idempotency-Key header`
		if err == nil && resp.StatusCode < 500 {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func refundWithPath(client *http.Client, body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(http.MethodPost, apiBase+"/v1/refunds", bytes.NewReader(body))
		var resp *http.Response
		resp, err = client.Do(req) // want `^R-6: retry of client\.Do \(POST …/v1/refunds\) sends no Idempotency-Key header`
		if err == nil && resp.StatusCode < 500 {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func payWithVariableURL(client *http.Client, url string, body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("POST", url, bytes.NewReader(body))
		var resp *http.Response
		resp, err = client.Do(req) // want `^R-6: retry of client\.Do \(POST\) sends no Idempotency-Key header`
		if err == nil && resp.StatusCode < 500 {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
