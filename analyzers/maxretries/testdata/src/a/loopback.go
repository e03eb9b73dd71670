package a

import (
	"fmt"
	"net/http"
	"time"
)

// A loop that polls a server on the local host until it answers is a
// readiness wait, not a retry: its repeats cross no network.

type mockServer struct{ port string }

// Must not flag: the request goes to localhost (fmt.Sprintf's constant
// part names the host).
func (m *mockServer) waitReady() error {
	start := time.Now()
	for {
		url := fmt.Sprintf("http://localhost:%s/healthz", m.port)
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err == nil {
			resp, err := http.DefaultClient.Do(req)
			if err == nil && resp.StatusCode == http.StatusOK {
				resp.Body.Close()
				return nil
			}
		}
		time.Sleep(time.Second)
		if time.Since(start) > 10*time.Second {
			return fmt.Errorf("server on port %s not ready", m.port)
		}
	}
}

// Must not flag: a loopback address, spelled out.
func pollLoopback() {
	for {
		resp, err := http.Get("http://127.0.0.1:9090/ready")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Second)
	}
}

// A host the code does not spell out (it may be any) stays a retry.
func pollHost(host string) {
	for { // want `R-2: retry of http\.Get \(GET\) has no maximum retry count`
		resp, err := http.Get("http://" + host + "/ready")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Second)
	}
}

// A host that only starts like localhost is another host.
func pollLookalike() {
	for { // want `R-2: retry of http\.Get \(GET\) has no maximum retry count`
		resp, err := http.Get("http://localhost" + ".example.com/ready")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Second)
	}
}
