// Package cleanhttp is a stub of github.com/hashicorp/go-cleanhttp.
package cleanhttp

import "net/http"

func DefaultPooledTransport() *http.Transport { return &http.Transport{} }

func DefaultPooledClient() *http.Client {
	return &http.Client{Transport: DefaultPooledTransport()}
}
