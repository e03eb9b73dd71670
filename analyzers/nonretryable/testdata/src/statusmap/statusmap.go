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

// Configured takes its statuses from an options struct the package
// builds (cfg.retryOn, a value it cannot show) and fills the default when
// none was set: the default is the value judged.
type Configured struct {
	client  *http.Client
	retryOn map[int]bool
}

type options struct {
	retryOn map[int]bool
	verbose bool
}

// Option sets an option.
type Option func(*options)

// WithStatuses sets the statuses retried.
func WithStatuses(codes ...int) Option {
	return func(o *options) {
		o.retryOn = make(map[int]bool)
		for _, c := range codes {
			o.retryOn[c] = true
		}
	}
}

func NewConfigured(c *http.Client, opts ...Option) *Configured {
	o := &options{verbose: true}
	for _, f := range opts {
		f(o)
	}
	return newConfigured(c, o)
}

func newConfigured(c *http.Client, cfg *options) *Configured {
	cl := &Configured{client: c, retryOn: cfg.retryOn}
	if cl.retryOn == nil {
		cl.retryOn = map[int]bool{404: true, 503: true}
	}
	return cl
}

func (c *Configured) Do(req *http.Request) (*http.Response, error) {
	for retries := 0; ; retries++ { // want `R-4: retry of c\.client\.Do retries 404 \(!c\.retryOn\[resp\.StatusCode\]\)`
		resp, err := c.client.Do(req)
		if err != nil {
			return nil, err
		}
		if !c.retryOn[resp.StatusCode] {
			return resp, nil
		}
		resp.Body.Close()
		if retries >= 3 {
			return nil, err
		}
		time.Sleep(time.Duration(retries+1) * 100 * time.Millisecond)
	}
}

// Replaced fills a default under the zero test, but the package also
// gives the field a literal of its own: two lists, not known, silent.
type Replaced struct {
	client  *http.Client
	retryOn map[int]bool
}

func NewReplaced(c *http.Client, strict bool, cfg *options) *Replaced {
	r := &Replaced{client: c, retryOn: cfg.retryOn}
	if strict {
		r.retryOn = map[int]bool{503: true}
	}
	if r.retryOn == nil {
		r.retryOn = map[int]bool{404: true, 503: true}
	}
	return r
}

func (r *Replaced) Do(req *http.Request) (*http.Response, error) {
	for retries := 0; ; retries++ {
		resp, err := r.client.Do(req)
		if err != nil {
			return nil, err
		}
		if !r.retryOn[resp.StatusCode] {
			return resp, nil
		}
		resp.Body.Close()
		if retries >= 3 {
			return nil, err
		}
		time.Sleep(time.Duration(retries+1) * 100 * time.Millisecond)
	}
}
