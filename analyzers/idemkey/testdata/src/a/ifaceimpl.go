package a

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"
)

// A retrying decorator over an interface of the package: the package's
// implementations are what it runs. Its HTTP sender POSTs every call.

type Sender interface {
	Send(ctx context.Context, url string, body []byte) (*http.Response, error)
}

type httpSender struct{ c *http.Client }

func (h httpSender) Send(ctx context.Context, url string, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	return h.c.Do(req)
}

type retrySender struct{ next Sender }

func (r retrySender) Send(ctx context.Context, url string, body []byte) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		if resp, err := r.next.Send(ctx, url, body); err == nil { // want `R-6: retry of r\.next\.Send \(POST\) sends no Idempotency-Key header`
			return resp, nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return nil, errors.New("gave up")
}

// Must not flag: this interface's only implementation GETs.

type Fetcher interface {
	Fetch(ctx context.Context, url string) (*http.Response, error)
}

type httpFetcher struct{ c *http.Client }

func (h httpFetcher) Fetch(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return h.c.Do(req)
}

func fetchRetry(ctx context.Context, f Fetcher, url string) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		if resp, err := f.Fetch(ctx, url); err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return nil, errors.New("gave up")
}
