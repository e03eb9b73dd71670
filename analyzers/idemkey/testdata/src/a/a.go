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
		resp, err := client.Do(req) // want `R-6: retry loop retries a POST request with no Idempotency-Key header, so the server cannot tell a retry from a new POST; generate one key per operation before the first attempt \(uuid.NewString\(\)\) and set it on every attempt, or send it through github.com/retrylint/retrylint/retry's transport`
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
		if _, err = client.Do(req); err == nil { // want `R-6: retry loop retries a PATCH request with an Idempotency-Key generated on every attempt \(uuid.New\(\) runs inside the retried code\), so each retry looks like a new operation; generate the key once, before the first attempt`
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
		if _, err = client.Do(req); err == nil { // want `R-6: retry loop retries a POST request with the constant Idempotency-Key "create-order": every operation shares one key`
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
		if _, err = client.Do(req); err == nil { // want `constant Idempotency-Key "orders-0123456789-0123456789-01234567\.\.\.": every operation shares one key, so the server answers them all with the first one's response, and its 72 characters exceed the 64 R-6 allows`
			return nil
		}
	}
	return err
}

func postForm(u string) error {
	for i := 0; i < 3; i++ {
		if _, err := http.PostForm(u, url.Values{"a": {"b"}}); err == nil { // want `R-6: retry loop retries a POST request with no Idempotency-Key header`
			return nil
		}
	}
	return errors.New("gave up")
}

func recursive(u string) error { // a recursive retry
	if _, err := client.Post(u, "text/plain", nil); err != nil { // want `R-6: recursive retry retries a POST request with no Idempotency-Key header`
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
		if _, err = a.hc.Do(req); err == nil { // want `R-6: retry loop retries a POST request with no Idempotency-Key header`
			return nil
		}
	}
	return err
}

func (a *api) helperSendsKeyPerAttempt(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = a.do(ctx, "POST", "/orders", uuid.NewString()); err == nil { // want `R-6: retry loop retries a POST request \(sent by do\) with an Idempotency-Key generated on every attempt \(uuid.NewString\(\) runs inside the retried code\)`
			return nil
		}
	}
	return err
}

func retryableClient(u string) error {
	c := retryablehttp.NewClient()
	req, _ := retryablehttp.NewRequest(http.MethodPost, u, nil)
	if _, err := c.Do(req); err != nil { // want `R-6: go-retryablehttp retry retries a POST request with no Idempotency-Key header`
		return err
	}
	_, err := retryablehttp.Post(u, "application/json", nil) // want `R-6: go-retryablehttp retry retries a POST request with no Idempotency-Key header`
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
	_, err := s.hc.Do(req) // want `R-6: go-retryablehttp retry retries a POST request with no Idempotency-Key header`
	return err
}

func failsafeClient(ctx context.Context, u string) error {
	hc := &http.Client{Transport: failsafehttp.NewRoundTripper(nil, failsafehttp.NewRetryPolicyBuilder().Build())}
	req, _ := http.NewRequestWithContext(ctx, http.MethodPatch, u, nil)
	_, err := hc.Do(req) // want `R-6: failsafe-go retry retries a PATCH request with no Idempotency-Key header`
	return err
}

func restyClient(u string) error {
	c := resty.New().SetRetryCount(2)
	_, err := c.R().SetBody(`{}`).Post(u) // want `R-6: resty/v2 retry retries a POST request with no Idempotency-Key header`
	return err
}

func resty3Client(u string) error {
	c := resty3.New().SetRetryCount(2)
	_, err := c.R().SetRetryAllowNonIdempotent(true).Patch(u) // want `R-6: resty/v3 retry retries a PATCH request with no Idempotency-Key header`
	return err
}

func retryGoClosure(ctx context.Context, u string) error {
	return retrygo.Do(func() error {
		req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
		req.Header.Set("Idempotency-Key", uuid.NewString())
		_, err := client.Do(req) // want `R-6: retry-go/v4 retry retries a POST request with an Idempotency-Key generated on every attempt`
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
