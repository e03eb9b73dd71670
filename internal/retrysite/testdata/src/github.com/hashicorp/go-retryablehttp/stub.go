// Package retryablehttp is a stub of github.com/hashicorp/go-retryablehttp for analysistest (GOPATH mode).
// Signatures are copied from github.com/hashicorp/go-retryablehttp@v0.7.8; only the API around retries is
// kept, and bodies return zero values.
package retryablehttp

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"time"
)

type Backoff func(min time.Duration, max time.Duration, attemptNum int, resp *http.Response) time.Duration

type CheckRetry func(ctx context.Context, resp *http.Response, err error) (bool, error)

type Client struct {
	HTTPClient      *http.Client
	Logger          interface{}
	RetryWaitMin    time.Duration
	RetryWaitMax    time.Duration
	RetryMax        int
	RequestLogHook  RequestLogHook
	ResponseLogHook ResponseLogHook
	CheckRetry      CheckRetry
	Backoff         Backoff
	ErrorHandler    ErrorHandler
	PrepareRetry    PrepareRetry
}

func (c *Client) Do(req *Request) (*http.Response, error) { return nil, nil }

func (c *Client) Get(url string) (*http.Response, error) { return nil, nil }

func (c *Client) Head(url string) (*http.Response, error) { return nil, nil }

func (c *Client) Post(url string, bodyType string, body interface{}) (*http.Response, error) {
	return nil, nil
}

func (c *Client) PostForm(url string, data url.Values) (*http.Response, error) { return nil, nil }

func (c *Client) StandardClient() *http.Client { return nil }

type ErrorHandler func(resp *http.Response, err error, numTries int) (*http.Response, error)

type LenReader interface {
	Len() int
}

type LeveledLogger interface {
	Debug(msg string, keysAndValues ...interface{})
	Error(msg string, keysAndValues ...interface{})
	Info(msg string, keysAndValues ...interface{})
	Warn(msg string, keysAndValues ...interface{})
}

type Logger interface {
	Printf(string, ...interface{})
}

type PrepareRetry func(req *http.Request) error

type ReaderFunc func() (io.Reader, error)

type Request struct {
	*http.Request
}

func (r *Request) WithContext(ctx context.Context) *Request { return nil }

func (r *Request) SetResponseHandler(fn ResponseHandlerFunc) {}

func (r *Request) BodyBytes() ([]byte, error) { return nil, nil }

func (r *Request) SetBody(rawBody interface{}) error { return nil }

func (r *Request) WriteTo(w io.Writer) (int64, error) { return 0, nil }

type RequestLogHook func(Logger, *http.Request, int)

type ResponseHandlerFunc func(*http.Response) error

type ResponseLogHook func(Logger, *http.Response)

type RoundTripper struct {
	Client *Client
}

func (rt *RoundTripper) RoundTrip(req *http.Request) (*http.Response, error) { return nil, nil }

func DefaultBackoff(min time.Duration, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return 0
}

func DefaultRetryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return false, nil
}

func ErrorPropagatedRetryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return false, nil
}

func FromRequest(r *http.Request) (*Request, error) { return nil, nil }

func Get(url string) (*http.Response, error) { return nil, nil }

func Head(url string) (*http.Response, error) { return nil, nil }

func LinearJitterBackoff(min time.Duration, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return 0
}

// NewClient: the library's own constructor is no kept construction
// (keptcount.go): its literal is the table's defaults.
func NewClient() *Client {
	return &Client{RetryWaitMin: time.Second, RetryWaitMax: 30 * time.Second, RetryMax: 4, CheckRetry: DefaultRetryPolicy, Backoff: DefaultBackoff}
}

func NewRequest(method string, url string, rawBody interface{}) (*Request, error) { return nil, nil }

func NewRequestWithContext(ctx context.Context, method string, url string, rawBody interface{}) (*Request, error) {
	return nil, nil
}

func PassthroughErrorHandler(resp *http.Response, err error, _ int) (*http.Response, error) {
	return nil, nil
}

func Post(url string, bodyType string, body interface{}) (*http.Response, error) { return nil, nil }

func PostForm(url string, data url.Values) (*http.Response, error) { return nil, nil }

func RateLimitLinearJitterBackoff(min time.Duration, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return 0
}
