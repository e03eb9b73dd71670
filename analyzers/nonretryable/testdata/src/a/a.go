package a

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"k8s.io/client-go/util/retry"
)

var client = &http.Client{Timeout: 10 * time.Second}

func send(req *http.Request) (*http.Response, error) { return client.Do(req) }

func not200(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `R-4: retry of send retries 400, 401, 403, 404, 409, 422 and other 4xx \(err != nil \|\| resp\.StatusCode != 200\)` `R-9: .*retries every error, TLS certificate errors included`
		resp, err := send(req)
		if err != nil || resp.StatusCode != 200 {
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

func shouldRetry(code int) bool {
	return code >= 400 && code != http.StatusNotFound
}

func helperPredicate(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `R-4: retry of send retries 400, 401, 403, 409, 422 and other 4xx \(!shouldRetry\(resp\.StatusCode\)\)`
		resp, err := send(req)
		if err != nil {
			return nil, err
		}
		if !shouldRetry(resp.StatusCode) {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

var retryable = map[int]bool{429: true, 503: true, 409: true}

func mapOfCodes(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `R-4: retry of send retries 409 \(!retryable\[resp\.StatusCode\]\); return or break on them instead of retrying`
		resp, err := send(req)
		if err != nil {
			return nil, err
		}
		if !retryable[resp.StatusCode] {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

func switchFallthrough(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `R-4: retry of send retries 403 \(switch resp\.StatusCode\); return or break on them instead of retrying`
		resp, err := send(req)
		if err != nil {
			return nil, err
		}
		switch resp.StatusCode {
		case http.StatusForbidden:
			fallthrough
		case http.StatusServiceUnavailable:
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// call is a remote call (a function value: the model cannot see what
// it does, so it may cross an integration boundary).
var call func(ctx context.Context) error

func grpcCodes(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `R-4: retry of call retries gRPC NOT_FOUND, PERMISSION_DENIED, UNIMPLEMENTED, UNAUTHENTICATED; they must not be retried`
		err = call(ctx)
		if err == nil || status.Code(err) == codes.InvalidArgument {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func netError(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `R-9: retry of send retries TLS certificate errors \(!errors\.As\(err, &ne\)\); surface them at once: they may be a MITM`
		resp, err := send(req)
		if err == nil {
			return resp, nil
		}
		var ne net.Error
		if !errors.As(err, &ne) {
			return nil, err
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

const numericConfig = `{"methodConfig": [{"name": [{"service": "a.B"}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": [14, 5, 16]}}]}`

func grpcConfig() {
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(numericConfig)) // want `R-4: gRPC service config retry policy retries gRPC NOT_FOUND, UNAUTHENTICATED \(retryableStatusCodes 14, 5, 16\)`
}

type pods interface {
	Get(ctx context.Context, name string) (*pod, error)
	Update(ctx context.Context, p *pod) (*pod, error)
}

type pod struct{ Labels map[string]string }

func conflictNoReread(ctx context.Context, c pods, p *pod) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error { // want `R-4: retry\.RetryOnConflict of c\.Update retries 409; Get the object again in each try, or do not retry the conflict`
		p.Labels["x"] = "y"
		_, err := c.Update(ctx, p)
		return err
	})
}

func resty4xx() {
	c := resty.New().SetRetryCount(3).AddRetryCondition(func(r *resty.Response, err error) bool {
		return err != nil || r.IsError()
	})
	_, _ = c.R().Get("http://x") // want `R-4: resty/v2 retry of c\.R\(\)\.Get \(GET\) retries 400, 401, 403, 404, 409, 422 and other 4xx; they must not be retried`
}

func cenkaltiPlain(u string) error {
	return backoff.Retry(func() error { // want `R-4: backoff\.Retry of http\.Get \(GET\) retries 400, 401, 403, 404, 409, 422 and other 4xx; they must not be retried` `R-9: .*retries TLS certificate errors`
		resp, err := http.Get(u)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

func checkRetry(req *retryablehttp.Request) {
	c := retryablehttp.NewClient()
	c.RetryMax = 3
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		return err != nil || resp.StatusCode == http.StatusUnauthorized || resp.StatusCode >= 500, nil
	}
	_, _ = c.Do(req) // want `R-4: go-retryablehttp retry of c\.Do retries 401 \(CheckRetry \(func\(ctx context\.Context, resp \*http\.Response, err error\) \(bool, error\) lite\.\.\.\)` `R-9: .*retries TLS certificate errors`
}

// Must not flag.

func only5xx(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `R-9: .*retries every error, TLS certificate errors included`
		resp, err := send(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		switch {
		case resp.StatusCode >= 500, resp.StatusCode == 408, resp.StatusCode == 429:
			time.Sleep(time.Second)
			continue
		case resp.StatusCode >= 400:
			return nil, fmt.Errorf("status %d", resp.StatusCode)
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

func breakOn4xx(req *http.Request) (resp *http.Response, err error) {
	for i := 0; i < 3; i++ { // want `R-9: .*retries every error, TLS certificate errors included`
		resp, err = send(req)
		if err == nil && resp.StatusCode < 500 && resp.StatusCode != 429 && resp.StatusCode != 408 {
			break
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

func bareErr(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func timeoutOnly(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := send(req)
		if err == nil {
			return resp, nil
		}
		if ne, ok := err.(net.Error); !ok || !ne.Timeout() {
			return nil, err
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

func conflictReread(ctx context.Context, c pods, name string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		p, err := c.Get(ctx, name)
		if err != nil {
			return err
		}
		p.Labels["x"] = "y"
		_, err = c.Update(ctx, p)
		return err
	})
}

func defaultPolicy(req *retryablehttp.Request) {
	c := retryablehttp.NewClient()
	c.RetryMax = 3
	_, _ = c.Do(req)
}

func polling(ctx context.Context, req *http.Request) error {
	for {
		resp, err := send(req)
		if err != nil {
			return err
		}
		if resp.StatusCode == http.StatusOK {
			return nil
		}
		if resp.StatusCode != http.StatusAccepted {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func perItem(reqs []*http.Request) {
	for _, r := range reqs {
		resp, err := send(r)
		if err != nil || resp.StatusCode != 200 {
			continue
		}
	}
}

func pages(ctx context.Context, next func(string) (string, error)) error {
	tok := ""
	for {
		t, err := next(tok)
		if err != nil {
			return err
		}
		if t == "" {
			return nil
		}
		tok = t
	}
}

// Trap: the codes retried are a list the user sets (go-grpc-middleware
// v1's callOpts.codes, defaulted elsewhere): comparing the failure's code
// with an element of it decides by the outcome, in a way the model cannot
// know. Not every code is retried; silent.

type grpcRetryOpts struct {
	max   int
	codes []codes.Code
}

func isRetriableCode(err error, o *grpcRetryOpts) bool {
	errCode := status.Code(err)
	if isCtxErr(err) {
		return false
	}
	for _, code := range o.codes {
		if code == errCode {
			return true
		}
	}
	return false
}

func isCtxErr(err error) bool {
	code := status.Code(err)
	return code == codes.DeadlineExceeded || code == codes.Canceled
}

func listedCodes(ctx context.Context, o *grpcRetryOpts) error {
	var err error
	for i := 0; i < o.max; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if !isRetriableCode(err, o) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// The same helper with a fixed list: decided, and the list is read.
func fixedCodes(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `R-4: retry of call retries gRPC NOT_FOUND \(errCode != codes.Unavailable && errCode != codes.NotFound\)`
		if err = call(ctx); err == nil {
			return nil
		}
		errCode := status.Code(err)
		if errCode != codes.Unavailable && errCode != codes.NotFound {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}
