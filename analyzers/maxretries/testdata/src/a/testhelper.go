package a

import (
	"net/http"
	"testing"
	"time"
)

// Must not flag: a test helper kept in an ordinary file (a testutil
// package): it waits for a test server, test code all the same.
func waitForServer(t *testing.T, u string) error {
	t.Helper()
	for {
		resp, err := http.Get(u)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Must not flag: the same through testing.TB, in a literal of the helper.
func waitForServerTB(tb testing.TB, u string) {
	wait := func() {
		for {
			resp, err := http.Get(u)
			if err == nil {
				resp.Body.Close()
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	wait()
}

// Must not flag: a helper of a shared test suite that takes no
// *testing.T (a pubsub test suite's publishWithRetry). Its file imports
// testing: it is test support code, as a _test.go file is.
func publishWithRetry(u string) {
	for {
		resp, err := http.Post(u, "text/plain", nil)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}
