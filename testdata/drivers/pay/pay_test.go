package pay

import (
	"net/http"
	"testing"
)

// waitReady retries forever, as tests wait for a test server: test files
// are not analysed (they cross no production integration boundary), and
// neither are their directives.
func waitReady(c *http.Client, url string) {
	//retrylint:ignore maxretries would be unused, but test files are skipped
	for {
		resp, err := c.Get(url)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}

func TestWaitReady(t *testing.T) {
	_ = waitReady
}
