package pay

import (
	"net/http"
	"testing"
)

// fetch retries forever: test files are analyzed too.
func fetch(c *http.Client, url string) {
	for {
		resp, err := c.Get(url)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}

func TestFetch(t *testing.T) {
	_ = fetch
}
