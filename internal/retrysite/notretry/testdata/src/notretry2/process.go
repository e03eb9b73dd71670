package notretry2

import (
	"net/http"
	"os/exec"
	"time"
)

// A loop that runs after the function has started a local process waits
// for that process to answer: a readiness wait, not a retry.

func startAndWait(url string) error {
	cmd := exec.Command("proxy", "--port", "8080")
	if err := cmd.Start(); err != nil {
		return err
	}
	for i := 0; i < 10; i++ {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return nil
}

// The same loop with no process started before it retries a call to a
// dependency.

func waitOnly(url string) error {
	for i := 0; i < 10; i++ { // want `loop ctx=sync retries=9`
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return nil
}

// A process started after the loop does not make the loop a wait for it.

func retryThenStart(url string) error {
	for i := 0; i < 10; i++ { // want `loop ctx=sync retries=9`
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	return exec.Command("notify").Start()
}
