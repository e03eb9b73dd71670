// Package failsafehttp is a stub of github.com/failsafe-go/failsafe-go/failsafehttp for analysistest (GOPATH mode).
// Signatures are copied from github.com/failsafe-go/failsafe-go@v0.9.8; only the API around retries is
// kept, and bodies return zero values.
package failsafehttp

import (
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"net/http"
	"time"
)

type Request struct {
}

func (r *Request) Do() (*http.Response, error) { return nil, nil }

func DelayFunc(exec failsafe.ExecutionAttempt[*http.Response]) time.Duration { return 0 }

func NewHandler(innerHandler http.Handler, policies ...failsafe.Policy[*http.Response]) http.Handler {
	return nil
}

func NewHandlerWithExecutor(innerHandler http.Handler, executor failsafe.Executor[*http.Response]) http.Handler {
	return nil
}

func NewHandlerWithLevel(innerHandler http.Handler, ensureLevel bool) http.Handler { return nil }

func NewRequest(request *http.Request, client *http.Client, policies ...failsafe.Policy[*http.Response]) *Request {
	return nil
}

func NewRequestWithExecutor(request *http.Request, client *http.Client, executor failsafe.Executor[*http.Response]) *Request {
	return nil
}

func NewRetryPolicyBuilder() retrypolicy.Builder[*http.Response] { return nil }

func NewRoundTripper(innerRoundTripper http.RoundTripper, policies ...failsafe.Policy[*http.Response]) http.RoundTripper {
	return nil
}

func NewRoundTripperWithExecutor(innerRoundTripper http.RoundTripper, executor failsafe.Executor[*http.Response]) http.RoundTripper {
	return nil
}

func NewRoundTripperWithLevel(innerRoundTripper http.RoundTripper) http.RoundTripper { return nil }
