// Package core is an SDK's core of another module: a client whose Call
// sends the request it is handed (ctx first, as OCI's BaseClient.Call),
// and a request builder that takes the method and a tagged struct.
package core

import (
	"context"
	"net/http"
	"strings"
)

// BaseClient sends requests.
type BaseClient struct {
	HTTPClient *http.Client
	Host       string
}

// Call signs nothing and sends req under ctx.
func (c BaseClient) Call(ctx context.Context, req *http.Request) (*http.Response, error) {
	return c.HTTPClient.Do(req.WithContext(ctx))
}

// MakeRequest builds a request with the method and the fields of body.
func MakeRequest(method, path string, body any) (http.Request, error) {
	r, err := http.NewRequest(method, path, strings.NewReader(""))
	if err != nil {
		return http.Request{}, err
	}
	return *r, nil
}
