// Package defsite fills a zero count with a package constant in its
// constructor: the R-2 finding is also placed where the fix goes, on the
// constant's declaration, naming it (report.ReportAt), once however many
// retries take it.
package defsite

import (
	"net/http"
	"time"
)

const (
	defaultTimeout  = 3 * time.Second
	defaultMaxRetry = 13 // want `R-2: retry of c.dial \(GET\) makes 13 attempts = 12 retries, outside 1-5 for a synchronous API call; the default defaultMaxRetry is defined here`
	localMax        = 12
)

type Config struct {
	URL      string
	MaxRetry int `json:"max_retry"`
}

type Client struct{ cfg Config }

func New(cfg Config) *Client {
	if cfg.MaxRetry == 0 {
		cfg.MaxRetry = defaultMaxRetry
	}
	return &Client{cfg: cfg}
}

func (c *Client) dial() error {
	resp, err := (&http.Client{Timeout: defaultTimeout}).Get(c.cfg.URL)
	if err == nil {
		resp.Body.Close()
	}
	return err
}

func (c *Client) Connect() error {
	var err error
	for i := 0; i < c.cfg.MaxRetry; i++ { // want `R-2: retry of c.dial \(GET\) makes 13 attempts = 12 retries, outside 1-5 for a synchronous API call; more needs IAB approval`
		if err = c.dial(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand63()) % time.Second)
	}
	return err
}

// Reconnect takes the same default: the finding at its declaration is
// not repeated.
func (c *Client) Reconnect() error {
	var err error
	for i := 0; i < c.cfg.MaxRetry; i++ { // want `R-2: retry of c.dial \(GET\) makes 13 attempts = 12 retries, outside 1-5 for a synchronous API call; more needs IAB approval`
		if err = c.dial(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand63()) % time.Second)
	}
	return err
}

// Trap: a constant read in the retry's own function is no default filled
// elsewhere: the finding at the loop shows where the count is set, and
// none is placed on localMax.
func (c *Client) Local() error {
	var err error
	for i := 0; i < localMax; i++ { // want `R-2: retry of c.dial \(GET\) makes 12 attempts = 11 retries, outside 1-5 for a synchronous API call; more needs IAB approval`
		if err = c.dial(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand63()) % time.Second)
	}
	return err
}

func rand63() int64 { return time.Now().UnixNano() }
