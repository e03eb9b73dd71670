// Package service is an SDK core: users build requests with its builder
// (POST included) and send them through Service.Request, which nothing in
// the package calls; EnableRetries installs a retrying client for every
// request: R-6 where it is installed.
package service

import (
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

const POST = "POST"

type Authenticator interface {
	Authenticate(req *http.Request) error
}

// The package's authenticators set Authorization, not a key.
type bearer struct{ token string }

func (b *bearer) Authenticate(req *http.Request) error {
	req.Header.Set("Authorization", "Bearer "+b.token)
	return nil
}

type basic struct{ user, pass string }

func (b *basic) Authenticate(req *http.Request) error {
	req.SetBasicAuth(b.user, b.pass)
	return nil
}

type RequestBuilder struct{ Method, URL string }

func NewRequestBuilder(method string) *RequestBuilder { return &RequestBuilder{Method: method} }

func (b *RequestBuilder) Build() (*http.Request, error) {
	return http.NewRequest(b.Method, b.URL, nil)
}

// Token builds a POST for its users.
func Token(url string) *RequestBuilder {
	b := NewRequestBuilder(POST)
	b.URL = url
	return b
}

type Service struct {
	Client *http.Client
	Auth   Authenticator
	Header http.Header
}

func (s *Service) Request(req *http.Request) (*http.Response, error) {
	for k, v := range s.Header {
		req.Header.Set(k, v[0])
	}
	if err := s.Auth.Authenticate(req); err != nil {
		return nil, err
	}
	return s.Client.Do(req)
}

func (s *Service) EnableRetries(max int) {
	c := retryablehttp.NewClient()
	c.RetryMax = max
	s.Client = c.StandardClient() // want `R-6: .* retries whatever request it is handed, POST and PATCH included, and sends no Idempotency-Key header`
}
