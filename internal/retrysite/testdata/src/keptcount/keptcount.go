// Package keptcount: a resty client kept in a field, its retry count set
// by a configure function of the package. That setting is a site for its
// count only (maxretries reports 1000 retries there); its waits and
// timeouts are each send's, unknown at the setting: no finding here.
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
	c.resty.
		SetRetryCount(defaultRetryCount).
		SetRetryWaitTime(time.Second).
		AddRetryCondition(func(r *resty.Response, err error) bool { return err != nil })
}

func (c *Client) get(ctx context.Context, url string) error {
	_, err := c.resty.R().SetContext(ctx).Get(url)
	return err
}
