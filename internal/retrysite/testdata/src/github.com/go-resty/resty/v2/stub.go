// Package resty is a stub of github.com/go-resty/resty/v2 for analysistest (GOPATH mode).
// Signatures are copied from github.com/go-resty/resty/v2@v2.17.2; only the API around retries is
// kept, and bodies return zero values.
package resty

import (
	"context"
	"net/http"
	"net/url"
	"reflect"
	"time"
)

const MethodDelete = "DELETE"
const MethodGet = "GET"
const MethodHead = "HEAD"
const MethodOptions = "OPTIONS"
const MethodPatch = "PATCH"
const MethodPost = "POST"
const MethodPut = "PUT"

type Client struct {
	BaseURL                string
	HostURL                string
	QueryParam             url.Values
	FormData               url.Values
	PathParams             map[string]string
	RawPathParams          map[string]string
	Header                 http.Header
	Token                  string
	AuthScheme             string
	Cookies                []*http.Cookie
	Error                  reflect.Type
	Debug                  bool
	DisableWarn            bool
	AllowGetMethodPayload  bool
	RetryCount             int
	RetryWaitTime          time.Duration
	RetryMaxWaitTime       time.Duration
	RetryConditions        []RetryConditionFunc
	RetryHooks             []OnRetryFunc
	RetryAfter             RetryAfterFunc
	RetryResetReaders      bool
	JSONMarshal            func(v interface{}) ([]byte, error)
	JSONUnmarshal          func(data []byte, v interface{}) error
	XMLMarshal             func(v interface{}) ([]byte, error)
	XMLUnmarshal           func(data []byte, v interface{}) error
	HeaderAuthorizationKey string
	ResponseBodyLimit      int
}

func (c *Client) SetHostURL(url string) *Client { return nil }

func (c *Client) SetBaseURL(url string) *Client { return nil }

func (c *Client) SetHeader(header string, value string) *Client { return nil }

func (c *Client) SetHeaders(headers map[string]string) *Client { return nil }

func (c *Client) R() *Request { return nil }

func (c *Client) NewRequest() *Request { return nil }

func (c *Client) OnError(h ErrorHook) *Client { return nil }

func (c *Client) OnSuccess(h SuccessHook) *Client { return nil }

func (c *Client) SetTimeout(timeout time.Duration) *Client { return nil }

func (c *Client) SetRetryCount(count int) *Client { return nil }

func (c *Client) SetRetryWaitTime(waitTime time.Duration) *Client { return nil }

func (c *Client) SetRetryMaxWaitTime(maxWaitTime time.Duration) *Client { return nil }

func (c *Client) SetRetryAfter(callback RetryAfterFunc) *Client { return nil }

func (c *Client) AddRetryCondition(condition RetryConditionFunc) *Client { return nil }

func (c *Client) AddRetryAfterErrorCondition() *Client { return nil }

func (c *Client) AddRetryHook(hook OnRetryFunc) *Client { return nil }

func (c *Client) SetRetryResetReaders(b bool) *Client { return nil }

func (c *Client) SetTransport(transport http.RoundTripper) *Client { return nil }

func (c *Client) GetClient() *http.Client { return nil }

type ErrorHook func(*Request, error)

type OnRetryFunc func(*Response, error)

type Option func(*Options)

type Options struct {
}

type Request struct {
	URL           string
	Method        string
	Token         string
	AuthScheme    string
	QueryParam    url.Values
	FormData      url.Values
	PathParams    map[string]string
	RawPathParams map[string]string
	Header        http.Header
	Time          time.Time
	Body          interface{}
	Result        interface{}
	Error         interface{}
	RawRequest    *http.Request
	Cookies       []*http.Cookie
	Debug         bool
	Attempt       int
}

func (r *Request) Context() context.Context { return nil }

func (r *Request) SetContext(ctx context.Context) *Request { return nil }

func (r *Request) SetHeader(header string, value string) *Request { return nil }

func (r *Request) SetHeaders(headers map[string]string) *Request { return nil }

func (r *Request) SetQueryParam(param string, value string) *Request { return nil }

func (r *Request) SetBody(body interface{}) *Request { return nil }

func (r *Request) SetResult(res interface{}) *Request { return nil }

func (r *Request) SetError(err interface{}) *Request { return nil }

func (r *Request) SetPathParam(param string, value string) *Request { return nil }

func (r *Request) AddRetryCondition(condition RetryConditionFunc) *Request { return nil }

func (r *Request) Get(url string) (*Response, error) { return nil, nil }

func (r *Request) Head(url string) (*Response, error) { return nil, nil }

func (r *Request) Post(url string) (*Response, error) { return nil, nil }

func (r *Request) Put(url string) (*Response, error) { return nil, nil }

func (r *Request) Delete(url string) (*Response, error) { return nil, nil }

func (r *Request) Options(url string) (*Response, error) { return nil, nil }

func (r *Request) Patch(url string) (*Response, error) { return nil, nil }

func (r *Request) Send() (*Response, error) { return nil, nil }

func (r *Request) Execute(method string, url string) (*Response, error) { return nil, nil }

type Response struct {
	Request     *Request
	RawResponse *http.Response
}

func (r *Response) Body() []byte { return nil }

func (r *Response) Status() string { return "" }

func (r *Response) StatusCode() int { return 0 }

func (r *Response) Result() interface{} { return nil }

func (r *Response) Error() interface{} { return nil }

func (r *Response) Header() http.Header { return nil }

func (r *Response) String() string { return "" }

func (r *Response) Time() time.Duration { return 0 }

func (r *Response) IsSuccess() bool { return false }

func (r *Response) IsError() bool { return false }

type ResponseError struct {
	Response *Response
	Err      error
}

func (e *ResponseError) Error() string { return "" }

func (e *ResponseError) Unwrap() error { return nil }

type RetryAfterFunc func(*Client, *Response) (time.Duration, error)

type RetryConditionFunc func(*Response, error) bool

type SuccessHook func(*Client, *Response)

func Backoff(operation func() (*Response, error), options ...Option) error { return nil }

func MaxWaitTime(value time.Duration) Option { return nil }

func New() *Client { return nil }

func NewWithClient(hc *http.Client) *Client { return nil }

func Retries(value int) Option { return nil }

func RetryConditions(conditions []RetryConditionFunc) Option { return nil }

func RetryHooks(hooks []OnRetryFunc) Option { return nil }

func WaitTime(value time.Duration) Option { return nil }
