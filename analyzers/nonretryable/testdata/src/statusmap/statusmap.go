// Package statusmap holds the set of statuses a client retries on in a
// map field that the constructor defaults when the user gave none: the
// model reads c.retryOnStatus[resp.StatusCode] through the one literal
// the package gives the field (valueindex/composite.go).
package statusmap

import (
	"net/http"
	"time"
)

type Client struct {
	client        *http.Client
	maxRetries    int
	retryOnStatus map[int]bool
}

// New defaults the statuses when the user gave none: 404 among them.
func New(c *http.Client, statuses map[int]bool) *Client {
	cl := &Client{client: c, maxRetries: 3, retryOnStatus: statuses}
	if cl.retryOnStatus == nil {
		cl.retryOnStatus = map[int]bool{404: true, 503: true}
	}
	return cl
}

func (c *Client) Do(req *http.Request) (*http.Response, error) {
	for retries := 0; ; retries++ { // want `R-4: retry of c\.client\.Do retries 404 \(!c\.retryOnStatus\[resp\.StatusCode\]\)`
		resp, err := c.client.Do(req)
		if err != nil {
			return nil, err
		}
		if !c.retryOnStatus[resp.StatusCode] {
			return resp, nil
		}
		resp.Body.Close()
		if retries >= c.maxRetries {
			return nil, err
		}
		time.Sleep(time.Duration(retries+1) * 100 * time.Millisecond)
	}
}

// Shared hands its map to a function that may change it: the statuses
// are not known, and the rule stays silent.
type Shared struct {
	client     *http.Client
	maxRetries int
	retryOn    map[int]bool
}

func NewShared(c *http.Client) *Shared {
	s := &Shared{client: c, maxRetries: 3, retryOn: map[int]bool{404: true, 503: true}}
	configure(s.retryOn)
	return s
}

func configure(m map[int]bool) { delete(m, 404) }

func (s *Shared) Do(req *http.Request) (*http.Response, error) {
	for retries := 0; ; retries++ {
		resp, err := s.client.Do(req)
		if err != nil {
			return nil, err
		}
		if !s.retryOn[resp.StatusCode] {
			return resp, nil
		}
		resp.Body.Close()
		if retries >= s.maxRetries {
			return nil, err
		}
		time.Sleep(time.Duration(retries+1) * 100 * time.Millisecond)
	}
}

// Edited writes into its map after the literal: not the literal's
// statuses, silent.
type Edited struct {
	client     *http.Client
	maxRetries int
	retryOn    map[int]bool
}

func NewEdited(c *http.Client) *Edited {
	e := &Edited{client: c, maxRetries: 3, retryOn: map[int]bool{404: true, 503: true}}
	e.retryOn[404] = false
	return e
}

func (e *Edited) Do(req *http.Request) (*http.Response, error) {
	for retries := 0; ; retries++ {
		resp, err := e.client.Do(req)
		if err != nil {
			return nil, err
		}
		if !e.retryOn[resp.StatusCode] {
			return resp, nil
		}
		resp.Body.Close()
		if retries >= e.maxRetries {
			return nil, err
		}
		time.Sleep(time.Duration(retries+1) * 100 * time.Millisecond)
	}
}
