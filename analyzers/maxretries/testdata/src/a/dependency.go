package a

import (
	"net/http"
	"time"
)

// The loops of testhelper.go in production code: a file that does not
// import testing.
// waitForDependency has no count.
func waitForDependency(u string) error {
	for { // want `R-2: retry of http.Get \(GET\) has no maximum retry count`
		resp, err := http.Get(u)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// publishRetry is publishWithRetry of testhelper.go in production code.
func publishRetry(u string) {
	for { // want `R-2: retry of http.Post \(POST\) has no maximum retry count`
		resp, err := http.Post(u, "text/plain", nil)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}
