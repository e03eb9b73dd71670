// Package sdklists: a transport whose retried statuses are a list the
// package ships as the default of its Config.
package sdklists

import (
	"net/http"
	"time"
)

var defaultRetryOnStatus = [...]int{409, 502, 503, 504}

// Config is what the caller passes to New.
type Config struct {
	RetryOnStatus []int
}

type Client struct {
	http          *http.Client
	retryOnStatus []int
}

func New(cfg Config) *Client {
	if len(cfg.RetryOnStatus) == 0 {
		cfg.RetryOnStatus = defaultRetryOnStatus[:]
	}
	return &Client{http: http.DefaultClient, retryOnStatus: cfg.RetryOnStatus}
}

func (c *Client) Perform(req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for i := 0; i < 3; i++ { // want `R-4: retry of c\.http\.Do retries 409` `R-9: .*retries every error, TLS certificate errors included`
		res, err = c.http.Do(req)
		retry := err != nil
		if res != nil {
			for _, code := range c.retryOnStatus {
				if res.StatusCode == code {
					retry = true
				}
			}
		}
		if !retry {
			break
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return res, err
}

// Lister ships only retryable statuses: nothing to report.
type Lister struct {
	http          *http.Client
	retryOnStatus []int
}

func NewLister() *Lister {
	return &Lister{http: http.DefaultClient, retryOnStatus: []int{429, 503}}
}

func (l *Lister) Perform(req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for i := 0; i < 3; i++ { // want `R-9: .*retries every error, TLS certificate errors included`
		res, err = l.http.Do(req)
		retry := err != nil
		if res != nil {
			for _, code := range l.retryOnStatus {
				if res.StatusCode == code {
					retry = true
				}
			}
		}
		if !retry {
			break
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return res, err
}
