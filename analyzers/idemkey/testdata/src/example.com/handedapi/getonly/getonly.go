// Package getonly is service whose builders only make GET, PUT and DELETE
// requests: the trap guards a client only ever handed those (no R-6).
package getonly

import (
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

const PUT = "PUT"

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

// Token builds a PUT for its users.
func Token(url string) *RequestBuilder {
	b := NewRequestBuilder(PUT)
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
	s.Client = c.StandardClient()
}
