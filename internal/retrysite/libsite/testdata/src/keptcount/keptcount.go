// Package keptcount: a resty client kept in a field, its retry count set
// by a configure function of the package, its requests sent by helpers
// elsewhere. That setting is a site for its count only (maxretries
// reports 1000 retries there); its waits and timeouts are each send's,
// unknown at the setting: no finding of fixedinterval or notimeout here.
// libsite's TestKeptCount runs the model and those three rules over it.
package keptcount

import (
	"context"
	"time"

	"github.com/go-resty/resty/v2"
)

const defaultRetryCount = 1000

type Client struct {
	resty *resty.Client
}

func NewClient() *Client {
	c := &Client{resty: resty.New()}
	configureRetries(c)
	return c
}

func configureRetries(c *Client) {
	c.resty. // want `R-2: resty/v2 retry policy makes SetRetryCount\(1000\) = 1000 retries, outside 1-5 for a synchronous API call` `library resty/v2 ctx=sync retries=1000`
			SetRetryCount(defaultRetryCount).
			SetRetryWaitTime(time.Second).
			AddRetryCondition(func(r *resty.Response, err error) bool { return err != nil })
}

func (c *Client) get(ctx context.Context, url string) error {
	_, err := c.resty.R().SetContext(ctx).Get(url)
	return err
}

// A count within the range: no finding.
func (c *Client) modest() {
	c.resty.SetRetryCount(3) // want `library resty/v2 ctx=sync retries=3`
}

// Zero switches retries off: not a site.
func (c *Client) off() {
	c.resty.SetRetryCount(0)
}

// The user's count: unknown, silent.
func (c *Client) SetRetryCount(n int) *Client {
	c.resty.SetRetryCount(n) // want `library resty/v2 ctx=sync bound=\?`
	return c
}

// A local client: the send that uses it is the site, not the setting.
func local(ctx context.Context, url string) error {
	cl := resty.New()
	cl.SetRetryCount(20)
	_, err := cl.R().SetContext(ctx).Get(url) // want `R-2: resty/v2 retry of cl\.R\(\)\.SetContext\(ctx\)\.Get.* 20 retries` `library resty/v2 ctx=sync retries=20` `R-1: resty/v2 retry of cl\.R\(\)\.SetContext\(ctx\)\.Get \(GET\) uses equal jitter: waits at least half of the backoff, which doubles from 100ms up to 2s` `R-3: resty/v2 retry of cl\.R\(\)\.SetContext\(ctx\)\.Get \(GET\) has no per-attempt timeout: the resty client has no SetTimeout`
	return err
}
