package ops

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/go-resty/resty/v2"
	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/retrylint/retrylint/retry"
	resty3 "resty.dev/v3"
)

const keyHeader = "Idempotency-Key"

var client = &http.Client{Timeout: 5 * time.Second}

// Hand-written loops.

func missing(ctx context.Context, url string, body []byte) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := client.Do(req) // want `op loop POST key=missing`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

func perAttempt(ctx context.Context, url string, body []byte) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(body))
		req.Header.Set("Idempotency-Key", uuid.NewString())
		if _, err := client.Do(req); err == nil { // want `op loop POST key=per-attempt gen=uuid.NewString\(\)`
			return nil
		}
	}
	return errors.New("gave up")
}

func stable(ctx context.Context, url string, body []byte) error {
	key := uuid.NewString()
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(body))
		req.Header.Set(keyHeader, key)
		if _, err := client.Do(req); err == nil { // want `op loop POST key=stable`
			return nil
		}
	}
	return errors.New("gave up")
}

func keyParam(ctx context.Context, url, key string, body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPatch, url, bytes.NewReader(body))
		req.Header.Set("idempotency-key", key)   // canonicalised as net/http does
		if _, err = client.Do(req); err == nil { // want `op loop PATCH key=stable`
			return nil
		}
	}
	return err
}

func constant(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
		req.Header.Set("Idempotency-Key", "order-1")
		if _, err = client.Do(req); err == nil { // want `op loop POST key=constant value="order-1"`
			return nil
		}
	}
	return err
}

const longKey = "0123456789012345678901234567890123456789012345678901234567890123456789"

func mapAssign(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
		req.Header["Idempotency-Key"] = []string{longKey}
		if _, err = client.Do(req); err == nil { // want `op loop POST key=constant value="0123456789012345678901234567890123456789012345678901234567890123456789"`
			return nil
		}
	}
	return err
}

// A request built once, its key set once, re-sent with GetBody.
func getBody(ctx context.Context, url string, body []byte) error {
	req, _ := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(body))
	req.Header.Set("Idempotency-Key", uuid.NewString())
	var err error
	for i := 0; i < 3; i++ {
		if i > 0 {
			req.Body, _ = req.GetBody()
		}
		if _, err = client.Do(req); err == nil { // want `op loop POST key=stable`
			return nil
		}
	}
	return err
}

// A key set only when the request (built once) has none yet.
func guarded(ctx context.Context, req *http.Request) error {
	var err error
	for i := 0; i < 3; i++ {
		if req.Header.Get("Idempotency-Key") == "" {
			req.Header.Set("Idempotency-Key", uuid.NewString())
		}
		if _, err = client.Do(req); err == nil { // want `op loop \? key=stable`
			return nil
		}
	}
	return err
}

func headerMapBefore(ctx context.Context, url, key string) error {
	h := http.Header{}
	h.Set("Idempotency-Key", key)
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
		req.Header = h.Clone()
		if _, err = client.Do(req); err == nil { // want `op loop POST key=stable`
			return nil
		}
	}
	return err
}

func headerLiteralInLoop(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
		req.Header = http.Header{"Idempotency-Key": {uuid.New().String()}}
		if _, err = client.Do(req); err == nil { // want `op loop POST key=per-attempt gen=uuid.New\(\)`
			return nil
		}
	}
	return err
}

func randomBytes(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		b := make([]byte, 16)
		rand.Read(b)
		req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
		req.Header.Set("Idempotency-Key", hex.EncodeToString(b))
		if _, err = client.Do(req); err == nil { // want `op loop POST key=per-attempt gen=rand.Read\(b\)`
			return nil
		}
	}
	return err
}

func timeBased(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		key := strconv.FormatInt(time.Now().UnixNano(), 10)
		req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
		req.Header.Set("Idempotency-Key", key)
		if _, err = client.Do(req); err == nil { // want `op loop POST key=per-attempt gen=time.Now\(\)`
			return nil
		}
	}
	return err
}

func options(ctx context.Context, url string, opts ...func(*http.Request)) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
		for _, o := range opts {
			o(req)
		}
		if _, err = client.Do(req); err == nil { // want `op loop POST key=unknown`
			return nil
		}
	}
	return err
}

func postFunc(url string) error {
	for i := 0; i < 3; i++ {
		if _, err := http.Post(url, "application/json", nil); err == nil { // want `op loop POST key=missing`
			return nil
		}
	}
	return errors.New("gave up")
}

func putAndGet(ctx context.Context, url string) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
		if _, err := client.Do(req); err == nil { // want `op loop PUT key=missing`
			break
		}
	}
	for i := 0; i < 3; i++ {
		if _, err := client.Get(url); err == nil { // want `op loop GET key=missing`
			return nil
		}
	}
	return nil
}

var retrying = &http.Client{Transport: retry.NewTransport(nil, retry.Policy{})}

func retryTransport(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
		if _, err = retrying.Do(req); err == nil { // want `op loop POST key=stable`
			return nil
		}
	}
	return err
}

func gotoKey(ctx context.Context, url string) error {
	key := uuid.NewString()
	n := 0
again:
	req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
	req.Header.Set("Idempotency-Key", key)
	_, err := client.Do(req) // want `op loop POST key=stable`
	if err != nil && n < 2 {
		n++
		goto again
	}
	return err
}

// Helpers that build or send the request.

type api struct {
	hc   *http.Client
	base string
}

func (a *api) newRequest(ctx context.Context, method, path string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, method, a.base+path, nil)
}

func (a *api) newKeyedRequest(ctx context.Context, path string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.base+path, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	return req, nil
}

func (a *api) send(ctx context.Context, method, path, key string) (*http.Response, error) {
	req, err := a.newRequest(ctx, method, path)
	if err != nil {
		return nil, err
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	return a.hc.Do(req)
}

func (a *api) post(ctx context.Context, path string) (*http.Response, error) {
	req, err := a.newRequest(ctx, "POST", path)
	if err != nil {
		return nil, err
	}
	return a.hc.Do(req)
}

func (a *api) helperBuilds(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := a.newRequest(ctx, "POST", "/orders")
		if _, err = a.hc.Do(req); err == nil { // want `op loop POST key=missing`
			return nil
		}
	}
	return err
}

func (a *api) helperBuildsKeyInLoop(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := a.newKeyedRequest(ctx, "/orders")
		if _, err = a.hc.Do(req); err == nil { // want `op loop POST key=per-attempt`
			return nil
		}
	}
	return err
}

func (a *api) helperBuildsKeyOnce(ctx context.Context) error {
	req, _ := a.newKeyedRequest(ctx, "/orders")
	var err error
	for i := 0; i < 3; i++ {
		if _, err = a.hc.Do(req); err == nil { // want `op loop POST key=stable`
			return nil
		}
	}
	return err
}

func (a *api) helperSends(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = a.post(ctx, "/orders"); err == nil { // want `op loop POST key=missing`
			return nil
		}
	}
	return err
}

func (a *api) helperSendsKeyPerAttempt(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = a.send(ctx, "POST", "/orders", uuid.NewString()); err == nil { // want `op loop POST key=per-attempt gen=uuid.NewString\(\)`
			return nil
		}
	}
	return err
}

func (a *api) helperSendsKeyParam(ctx context.Context, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = a.send(ctx, http.MethodPost, "/orders", key); err == nil { // want `op loop POST key=stable`
			return nil
		}
	}
	return err
}

func (a *api) helperSendsPut(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = a.send(ctx, http.MethodPut, "/orders/1", ""); err == nil { // want `op loop PUT key=missing`
			return nil
		}
	}
	return err
}

// Libraries.

func retryableDo(url string) error {
	c := retryablehttp.NewClient()
	req, _ := retryablehttp.NewRequest("POST", url, nil)
	_, err := c.Do(req) // want `op library POST key=missing`
	if err != nil {
		return err
	}
	req2, _ := retryablehttp.NewRequest("POST", url, nil)
	req2.Header.Set("Idempotency-Key", uuid.NewString())
	_, err = c.Do(req2) // want `op library POST key=stable`
	if err != nil {
		return err
	}
	_, err = c.Post(url, "application/json", nil) // want `op library POST key=missing`
	return err
}

func standardClient(ctx context.Context, url string) error {
	rc := retryablehttp.NewClient()
	hc := rc.StandardClient()
	req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
	_, err := hc.Do(req) // want `op library POST key=missing`
	return err
}

// An SDK whose client retries in its transport.
type sdk struct {
	hc   *http.Client
	base string
}

func newSDK() *sdk {
	rc := retryablehttp.NewClient()
	return &sdk{hc: rc.StandardClient()}
}

func (s *sdk) create(ctx context.Context) error {
	req, _ := http.NewRequestWithContext(ctx, "POST", s.base+"/things", nil)
	_, err := s.hc.Do(req) // want `op library POST key=missing`
	return err
}

func (s *sdk) createKeyed(ctx context.Context, key string) error {
	req, _ := http.NewRequestWithContext(ctx, "POST", s.base+"/things", nil)
	req.Header.Set("Idempotency-Key", key)
	_, err := s.hc.Do(req) // want `op library POST key=stable`
	return err
}

func (s *sdk) get(ctx context.Context) error {
	_, err := s.hc.Get(s.base + "/things") // want `op library GET key=missing`
	return err
}

func failsafeTransport(ctx context.Context, url string) error {
	rt := failsafehttp.NewRoundTripper(nil, failsafehttp.NewRetryPolicyBuilder().Build())
	hc := &http.Client{Transport: rt}
	req, _ := http.NewRequestWithContext(ctx, "PATCH", url, nil)
	_, err := hc.Do(req) // want `op library PATCH key=missing`
	return err
}

func failsafeRequest(ctx context.Context, url, key string) error {
	req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
	req.Header.Set("Idempotency-Key", key)
	_, err := failsafehttp.NewRequest(req, client, failsafehttp.NewRetryPolicyBuilder().Build()).Do() // want `op library POST key=stable`
	return err
}

func restyV2(url, key string) error {
	c := resty.New().SetRetryCount(3)
	if _, err := c.R().SetBody("x").Post(url); err != nil { // want `op library POST key=missing`
		return err
	}
	if _, err := c.R().SetHeader("Idempotency-Key", key).Post(url); err != nil { // want `op library POST key=stable`
		return err
	}
	if _, err := c.R().SetHeaders(map[string]string{"Idempotency-Key": "k"}).Patch(url); err != nil { // want `op library PATCH key=constant value="k"`
		return err
	}
	r := c.R()
	r.SetHeader("Idempotency-Key", uuid.NewString())
	if _, err := r.Execute("POST", url); err != nil { // want `op library POST key=stable`
		return err
	}
	return nil
}

func restyV3(url string) error {
	c := resty3.New().SetRetryCount(3)
	if _, err := c.R().Post(url); err != nil { // resty v3 does not retry POST by default
		return err
	}
	d := resty3.New().SetRetryCount(3).SetRetryAllowNonIdempotent(true)
	if _, err := d.R().Post(url); err != nil { // want `op library POST key=missing`
		return err
	}
	return nil
}

func retryGoClosure(ctx context.Context, url string) error {
	key := uuid.NewString()
	_ = retrygo.Do(func() error {
		req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
		req.Header.Set("Idempotency-Key", key)
		_, err := client.Do(req) // want `op library POST key=stable`
		return err
	}, retrygo.Attempts(3))
	return retrygo.Do(func() error {
		req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
		req.Header.Set("Idempotency-Key", uuid.NewString())
		_, err := client.Do(req) // want `op library POST key=per-attempt gen=uuid.NewString\(\)`
		return err
	}, retrygo.Attempts(3))
}
