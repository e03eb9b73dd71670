// Package listwalk tries a chain of loaders, each once (go-openapi's
// loads): the loop moves along a linked list, ldr = ldr.Next, so every
// iteration calls another loader. A fallback over a list, no retry.
package listwalk

import (
	"errors"
	"net/http"
	"time"
)

type loader struct {
	Fn   func(string) ([]byte, error)
	Next *loader
}

func (l *loader) Load(path string) ([]byte, error) {
	lastErr := errors.New("no loader matched")
	for ldr := l; ldr != nil; ldr = ldr.Next {
		b, err := ldr.Fn(path)
		if err == nil {
			return b, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

type endpoint struct {
	URL  string
	Next *endpoint
}

func fetchAny(c *http.Client, ep *endpoint) (*http.Response, error) {
	var err error
	for ep != nil {
		var resp *http.Response
		if resp, err = c.Get(ep.URL); err == nil {
			return resp, nil
		}
		ep = ep.Next
	}
	return nil, err
}

// Still a retry: the same endpoint fetched again; the list only names
// where to start.
func fetchAgain(c *http.Client, ep *endpoint) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		var resp *http.Response
		if resp, err = c.Get(ep.URL); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second) // want `R-1: retry of c.Get \(GET\) waits a fixed 1s`
	}
	return nil, err
}
