// Package resty is a stub of resty.dev/v3 for analysistest (GOPATH mode).
// Signatures are copied from resty.dev/v3@v3.0.0-rc.4; only the API around retries is
// kept, and bodies return zero values.
package resty

import (
	"context"
	"io"
	"net/http"
	"net/url"
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
}

func (c *Client) SetBaseURL(url string) *Client { return nil }

func (c *Client) SetHeader(header string, value string) *Client { return nil }

func (c *Client) SetHeaders(headers map[string]string) *Client { return nil }

func (c *Client) Context() context.Context { return nil }

func (c *Client) SetContext(ctx context.Context) *Client { return nil }

func (c *Client) R() *Request { return nil }

func (c *Client) OnError(hooks ...ErrorHook) *Client { return nil }

func (c *Client) OnSuccess(hooks ...SuccessHook) *Client { return nil }

func (c *Client) Timeout() time.Duration { return 0 }

func (c *Client) SetTimeout(timeout time.Duration) *Client { return nil }

func (c *Client) RetryCount() int { return 0 }

func (c *Client) SetRetryCount(count int) *Client { return nil }

func (c *Client) RetryWaitTime() time.Duration { return 0 }

func (c *Client) SetRetryWaitTime(waitTime time.Duration) *Client { return nil }

func (c *Client) RetryMaxWaitTime() time.Duration { return 0 }

func (c *Client) SetRetryMaxWaitTime(maxWaitTime time.Duration) *Client { return nil }

func (c *Client) RetryDelayStrategy() RetryDelayStrategyFunc { return nil }

func (c *Client) SetRetryDelayStrategy(rs RetryDelayStrategyFunc) *Client { return nil }

func (c *Client) IsRetryDefaultConditions() bool { return false }

func (c *Client) SetRetryDefaultConditions(b bool) *Client { return nil }

func (c *Client) IsRetryAllowNonIdempotent() bool { return false }

func (c *Client) SetRetryAllowNonIdempotent(b bool) *Client { return nil }

func (c *Client) RetryConditions() []RetryConditionFunc { return nil }

func (c *Client) AddRetryConditions(conditions ...RetryConditionFunc) *Client { return nil }

func (c *Client) RetryHooks() []RetryHookFunc { return nil }

func (c *Client) AddRetryHooks(hooks ...RetryHookFunc) *Client { return nil }

func (c *Client) Client() *http.Client { return nil }

func (c *Client) Close() error { return nil }

type ErrorHook func(*Request, error)

type Request struct {
	CorrelationID                string
	URL                          string
	Method                       string
	AuthToken                    string
	AuthScheme                   string
	QueryParams                  url.Values
	FormData                     url.Values
	PathParams                   map[string]string
	Header                       http.Header
	StartTime                    time.Time
	Body                         any
	Result                       any
	ResultError                  any
	RawRequest                   *http.Request
	Cookies                      []*http.Cookie
	IsDebug                      bool
	IsCloseConnection            bool
	IsResponseDoNotParse         bool
	ResponseSaveFileName         string
	ResponseExpectContentType    string
	ResponseForceContentType     string
	DebugBodyLimit               int
	ResponseBodyLimit            int64
	IsResponseBodyUnlimitedReads bool
	IsTrace                      bool
	IsMethodGetAllowPayload      bool
	IsMethodDeleteAllowPayload   bool
	IsDone                       bool
	IsResponseSaveToFile         bool
	Timeout                      time.Duration
	HeaderAuthorizationKey       string
	RetryCount                   int
	RetryWaitTime                time.Duration
	RetryMaxWaitTime             time.Duration
	RetryDelayStrategy           RetryDelayStrategyFunc
	IsRetryDefaultConditions     bool
	IsRetryAllowNonIdempotent    bool
	Label                        string
	Attempt                      int
}

func (r *Request) Context() context.Context { return nil }

func (r *Request) SetContext(ctx context.Context) *Request { return nil }

func (r *Request) WithContext(ctx context.Context) *Request { return nil }

func (r *Request) SetHeader(header string, value string) *Request { return nil }

func (r *Request) SetHeaders(headers map[string]string) *Request { return nil }

func (r *Request) SetQueryParam(param string, value string) *Request { return nil }

func (r *Request) SetBody(body any) *Request { return nil }

func (r *Request) SetResult(v any) *Request { return nil }

func (r *Request) SetResultError(err any) *Request { return nil }

func (r *Request) SetPathParam(param string, value string) *Request { return nil }

func (r *Request) SetTimeout(timeout time.Duration) *Request { return nil }

func (r *Request) AddRetryConditions(conditions ...RetryConditionFunc) *Request { return nil }

func (r *Request) SetRetryConditions(conditions ...RetryConditionFunc) *Request { return nil }

func (r *Request) AddRetryHooks(hooks ...RetryHookFunc) *Request { return nil }

func (r *Request) SetRetryHooks(hooks ...RetryHookFunc) *Request { return nil }

func (r *Request) SetRetryCount(count int) *Request { return nil }

func (r *Request) SetRetryWaitTime(waitTime time.Duration) *Request { return nil }

func (r *Request) SetRetryMaxWaitTime(maxWaitTime time.Duration) *Request { return nil }

func (r *Request) SetRetryDelayStrategy(rs RetryDelayStrategyFunc) *Request { return nil }

func (r *Request) SetRetryDefaultConditions(b bool) *Request { return nil }

func (r *Request) SetRetryAllowNonIdempotent(b bool) *Request { return nil }

func (r *Request) Get(url string) (*Response, error) { return nil, nil }

func (r *Request) Head(url string) (*Response, error) { return nil, nil }

func (r *Request) Post(url string) (*Response, error) { return nil, nil }

func (r *Request) Put(url string) (*Response, error) { return nil, nil }

func (r *Request) Patch(url string) (*Response, error) { return nil, nil }

func (r *Request) Delete(url string) (*Response, error) { return nil, nil }

func (r *Request) Options(url string) (*Response, error) { return nil, nil }

func (r *Request) Send() (*Response, error) { return nil, nil }

func (r *Request) Execute(method string, url string) (res *Response, err error) { return }

type Response struct {
	Request      *Request
	Body         io.ReadCloser
	RawResponse  *http.Response
	IsRead       bool
	CascadeError error
}

func (r *Response) Status() string { return "" }

func (r *Response) StatusCode() int { return 0 }

func (r *Response) Result() any { return nil }

func (r *Response) ResultError() any { return nil }

func (r *Response) Header() http.Header { return nil }

func (r *Response) String() string { return "" }

func (r *Response) Bytes() []byte { return nil }

func (r *Response) Duration() time.Duration { return 0 }

func (r *Response) IsStatusSuccess() bool { return false }

func (r *Response) IsStatusFailure() bool { return false }

type ResponseError struct {
	Response *Response
	Err      error
}

func (e *ResponseError) Error() string { return "" }

func (e *ResponseError) Unwrap() error { return nil }

type RetryConditionFunc func(*Response, error) bool

type RetryDelayStrategyFunc func(*Response, error) (time.Duration, error)

type RetryHookFunc func(*Response, error)

type SuccessHook func(*Client, *Response)

func New() *Client { return nil }

func NewWithClient(hc *http.Client) *Client { return nil }

func RetryConditionStatus5XX(res *Response, _ error) bool { return false }

func RetryConditionStatusTooManyRequests(res *Response, _ error) bool { return false }

func RetryConditionStatusZero(res *Response, _ error) bool { return false }

func RetryConstantDelayStrategy(delay time.Duration) RetryDelayStrategyFunc { return nil }
