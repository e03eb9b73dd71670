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

// The same loop in production code has no count.
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
