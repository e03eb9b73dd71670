package a

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/go-resty/resty/v2"
	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/retrylint/retrylint/retry"
	resty3 "resty.dev/v3"
)

var client = &http.Client{Timeout: 5 * time.Second}

// Reported.

func noKey(ctx context.Context, u string, body []byte) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := client.Do(req) // want `R-6: retry of client\.Do \(POST\) sends no Idempotency-Key header; set one key per operation on every attempt`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

func keyPerAttempt(ctx context.Context, u string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "PATCH", u, nil)
		req.Header.Set("Idempotency-Key", uuid.New().String())
		if _, err = client.Do(req); err == nil { // want `R-6: retry of client\.Do \(PATCH\) makes a new Idempotency-Key on every attempt \(uuid\.New\(\)\); make it once`
			return nil
		}
	}
	return err
}

func constantKey(ctx context.Context, u string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
		req.Header.Add("Idempotency-Key", "create-order")
		if _, err = client.Do(req); err == nil { // want `R-6: retry of client\.Do \(POST\) sends the constant Idempotency-Key "create-order" for every operation`
			return nil
		}
	}
	return err
}

const longKey = "orders-0123456789-0123456789-0123456789-0123456789-0123456789-0123456789"

func longConstantKey(ctx context.Context, u string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
		req.Header["Idempotency-Key"] = []string{longKey}
		if _, err = client.Do(req); err == nil { // want `R-6: retry of client\.Do \(POST\) sends the constant Idempotency-Key "orders-0123456789-012\.\.\." of 72 characters for every operation`
			return nil
		}
	}
	return err
}

func postForm(u string) error {
	for i := 0; i < 3; i++ {
		if _, err := http.PostForm(u, url.Values{"a": {"b"}}); err == nil { // want `R-6: retry of http\.PostForm \(POST\) sends no Idempotency-Key header; set one key per operation on every attempt`
			return nil
		}
	}
	return errors.New("gave up")
}

func recursive(u string) error { // a recursive retry
	if _, err := client.Post(u, "text/plain", nil); err != nil { // want `R-6: recursive retry of client\.Post \(POST\) sends no Idempotency-Key header; set one key per operation on every attempt`
		time.Sleep(time.Second)
		return recursive(u)
	}
	return nil
}

type api struct {
	hc   *http.Client
	base string
}

func (a *api) newRequest(ctx context.Context, method, path string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, method, a.base+path, nil)
}

func (a *api) do(ctx context.Context, method, path, key string) (*http.Response, error) {
	req, err := a.newRequest(ctx, method, path)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	return a.hc.Do(req)
}

func (a *api) helperBuildsPost(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := a.newRequest(ctx, http.MethodPost, "/orders")
		if _, err = a.hc.Do(req); err == nil { // want `R-6: retry of a\.hc\.Do \(POST\) sends no Idempotency-Key header; set one key per operation on every attempt`
			return nil
		}
	}
	return err
}

func (a *api) helperSendsKeyPerAttempt(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = a.do(ctx, "POST", "/orders", uuid.NewString()); err == nil { // want `R-6: retry of a\.do \(POST\) makes a new Idempotency-Key on every attempt \(uuid\.NewString\(\)\); make it once`
			return nil
		}
	}
	return err
}

func retryableClient(u string) error {
	c := retryablehttp.NewClient()
	req, _ := retryablehttp.NewRequest(http.MethodPost, u, nil)
	if _, err := c.Do(req); err != nil { // want `R-6: go-retryablehttp retry of c\.Do \(POST\) sends no Idempotency-Key header; set one key per operation on every attempt`
		return err
	}
	_, err := retryablehttp.Post(u, "application/json", nil) // want `R-6: go-retryablehttp retry of retryablehttp\.Post \(POST\) sends no Idempotency-Key header; add one per operation`
	return err
}

type sdk struct{ hc *http.Client }

func newSDK() *sdk {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	return &sdk{hc: rc.StandardClient()}
}

func (s *sdk) charge(ctx context.Context, u string) error {
	req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
	_, err := s.hc.Do(req) // want `R-6: rc\.StandardClient of s\.hc\.Do \(POST\) sends no Idempotency-Key header; set one key per operation on every attempt`
	return err
}

func failsafeClient(ctx context.Context, u string) error {
	hc := &http.Client{Transport: failsafehttp.NewRoundTripper(nil, failsafehttp.NewRetryPolicyBuilder().Build())}
	req, _ := http.NewRequestWithContext(ctx, http.MethodPatch, u, nil)
	_, err := hc.Do(req) // want `R-6: failsafehttp\.NewRoundTripper of hc\.Do \(PATCH\) sends no Idempotency-Key header; add one per operation`
	return err
}

func restyClient(u string) error {
	c := resty.New().SetRetryCount(2)
	_, err := c.R().SetBody(`{}`).Post(u) // want "R-6: resty/v2 retry of c\\.R\\(\\)\\.SetBody\\(`\\{\\}`\\)\\.Post \\(POST\\) sends no Idempotency-Key header; add one per operation"
	return err
}

func resty3Client(u string) error {
	c := resty3.New().SetRetryCount(2)
	_, err := c.R().SetRetryAllowNonIdempotent(true).Patch(u) // want `R-6: resty/v3 retry of Patch \(PATCH\) sends no Idempotency-Key header; set one key per operation on every attempt`
	return err
}

func retryGoClosure(ctx context.Context, u string) error {
	return retrygo.Do(func() error {
		req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
		req.Header.Set("Idempotency-Key", uuid.NewString())
		_, err := client.Do(req) // want `R-6: retrygo\.Do of client\.Do \(POST\) makes a new Idempotency-Key on every attempt \(uuid\.NewString\(\)\); make it once`
		return err
	}, retrygo.Attempts(3))
}

// Accepted.

func keyOnce(ctx context.Context, u string) error {
	key := uuid.NewString()
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
		req.Header.Set("Idempotency-Key", key)
		if _, err = client.Do(req); err == nil {
			return nil
		}
	}
	return err
}

func keyFromCaller(ctx context.Context, u, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
		req.Header.Set("Idempotency-Key", key)
		if _, err = client.Do(req); err == nil {
			return nil
		}
	}
	return err
}

func (a *api) helperKeyFromCaller(ctx context.Context, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = a.do(ctx, "POST", "/orders", key); err == nil {
			return nil
		}
	}
	return err
}

func resentWithGetBody(ctx context.Context, u string, body []byte) error {
	req, _ := http.NewRequestWithContext(ctx, "POST", u, bytes.NewReader(body))
	req.Header.Set("Idempotency-Key", uuid.NewString())
	var err error
	for i := 0; i < 3; i++ {
		if i > 0 {
			req.Body, _ = req.GetBody()
		}
		if _, err = client.Do(req); err == nil {
			return nil
		}
	}
	return err
}

func setOnceIfMissing(ctx context.Context, u string) error {
	req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
	var err error
	for i := 0; i < 3; i++ {
		if req.Header.Get("Idempotency-Key") == "" {
			req.Header.Set("Idempotency-Key", uuid.NewString())
		}
		if _, err = client.Do(req); err == nil {
			return nil
		}
	}
	return err
}

func retryPackage(ctx context.Context, u string) error {
	c := &http.Client{Transport: retry.NewTransport(nil, retry.Policy{})}
	req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
	_, err := c.Do(req)
	return err
}

func retryableKeyed(u string) error {
	c := retryablehttp.NewClient()
	req, _ := retryablehttp.NewRequest("POST", u, nil)
	req.Header.Set("Idempotency-Key", uuid.NewString())
	_, err := c.Do(req)
	return err
}

func retryableNoRetries(u string) error {
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	_, err := c.Post(u, "application/json", nil)
	return err
}

func resty3Default(u string) error {
	c := resty3.New().SetRetryCount(2)
	_, err := c.R().Post(u) // resty v3 retries no POST unless allowed
	return err
}

func restyKeyed(u, key string) error {
	c := resty.New().SetRetryCount(2)
	_, err := c.R().SetHeaders(map[string]string{"Idempotency-Key": key}).Post(u)
	return err
}

func idempotentMethods(ctx context.Context, u string) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPut, u, nil)
		if _, err := client.Do(req); err == nil {
			break
		}
	}
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodDelete, u, nil)
		if _, err := client.Do(req); err == nil {
			break
		}
	}
	for i := 0; i < 3; i++ {
		if _, err := client.Get(u); err == nil {
			return nil
		}
	}
	return nil
}

func requestOptions(ctx context.Context, u string, opts ...func(*http.Request)) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
		for _, o := range opts {
			o(req) // may set the key: the model cannot see
		}
		if _, err = client.Do(req); err == nil {
			return nil
		}
	}
	return err
}

// Not retries: one POST per item, a periodic job.

func perItem(ctx context.Context, urls []string) {
	for _, u := range urls {
		req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
		if _, err := client.Do(req); err != nil {
			continue
		}
	}
}

func periodic(ctx context.Context, u string) {
	t := time.NewTicker(time.Minute)
	for {
		req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
		if _, err := client.Do(req); err != nil {
			println(err.Error())
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
