package values

import retryablehttp "github.com/hashicorp/go-retryablehttp"

// A library's count read from a field the constructor sets.

type libClient struct{ retries int }

func newLibClient() *libClient { return &libClient{retries: 8} }

func (c *libClient) get(req *retryablehttp.Request) {
	max := c.retries
	h := retryablehttp.NewClient()
	h.RetryMax = max
	_, _ = h.Do(req) // want `library go-retryablehttp ctx=sync retries=8` `R-2: go\-retryablehttp retry of h\.Do makes RetryMax 8 = 8 retries, outside 1\-5 for a synchronous API call; more needs IAB approval`
}

// The user may set the count through SetRetries: the constructor's 8 is
// the default.

type libUser struct{ retries int }

func (c *libUser) SetRetries(n int) { c.retries = n }

func newLibUser() *libUser { return &libUser{retries: 8} }

func (c *libUser) get(req *retryablehttp.Request) {
	h := retryablehttp.NewClient()
	h.RetryMax = c.retries
	_, _ = h.Do(req) // want `library go-retryablehttp ctx=sync retries=8` `R-2: go\-retryablehttp retry of h\.Do makes RetryMax 8 = 8 retries, newLibUser's default, which SetRetries can change, outside 1\-5 for a synchronous API call`
}
