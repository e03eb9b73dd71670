package notretry2

import (
	"net/http"
	"os/exec"
	"time"
)

// A health poller only the function starting the process calls: a test
// that exercises the poller directly does not make it a retry.

func pollHealth(url string) error {
	for {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func bootServer(url string) error {
	if err := exec.Command("server").Start(); err != nil {
		return err
	}
	return pollHealth(url)
}
