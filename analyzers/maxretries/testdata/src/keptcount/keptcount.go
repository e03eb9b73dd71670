// Package keptcount: a resty client kept in a field, its retry count set
// by a configure function of the package, its requests sent by generic
// helpers elsewhere. The setting is the site.
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
	c.resty.SetRetryWaitTime(3 * time.Second)
	configureRetries(c)
	return c
}

func configureRetries(c *Client) {
	c.resty. // want `R-2: resty/v2 retry policy makes SetRetryCount\(1000\) = 1000 retries, outside 1-5 for a synchronous API call`
			SetRetryCount(defaultRetryCount).
			AddRetryCondition(func(r *resty.Response, err error) bool { return err != nil })
}

// A count within the range: no finding.
func (c *Client) modest() {
	c.resty.SetRetryCount(3)
}

// Zero switches retries off: not a site.
func (c *Client) off() {
	c.resty.SetRetryCount(0)
}

// The user's count: unknown, silent.
func (c *Client) SetRetryCount(n int) *Client {
	c.resty.SetRetryCount(n)
	return c
}

// The sends read the count from the client: not sites of their own here.
func (c *Client) get(ctx context.Context, url string) error {
	_, err := c.resty.R().SetContext(ctx).Get(url)
	return err
}

// A local client: the send that uses it is the site, not the setting.
func local(ctx context.Context, url string) error {
	cl := resty.New()
	cl.SetRetryCount(20)
	_, err := cl.R().SetContext(ctx).Get(url) // want `R-2: resty/v2 retry of cl\.R\(\)\.SetContext\(ctx\)\.Get.* 20 retries`
	return err
}
