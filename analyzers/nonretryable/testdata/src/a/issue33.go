package a

import (
	"net/http"

	"github.com/go-resty/resty/v2"
)

// Issue 33, point 6: resty conditions over a range of codes, read with
// the value interpreter.

func restyRange() {
	c := resty.New().SetRetryCount(3).AddRetryCondition(func(r *resty.Response, err error) bool {
		return r.StatusCode() >= 400
	})
	_, _ = c.R().Get("http://x") // want `R-4: resty/v2 retry of c\.R\(\)\.Get \(GET\) retries 400, 401, 403, 404, 409, 422 and other 4xx; they must not be retried`
}

func restyRequestCondition() {
	c := resty.New().SetRetryCount(3)
	_, _ = c.R().AddRetryCondition(func(r *resty.Response, err error) bool { // want `R-4: resty/v2 retry of .*Get \(GET\) retries 400, 401, 403, 404, 409, 422 and other 4xx`
		return err != nil || r.IsError()
	}).Get("http://x")
}

// Must not flag: 429 and 5xx only.
func restyServerOnly() {
	c := resty.New().SetRetryCount(3).AddRetryCondition(func(r *resty.Response, err error) bool {
		code := r.StatusCode()
		return code == http.StatusTooManyRequests || code >= 500
	})
	_, _ = c.R().Get("http://x")
}
