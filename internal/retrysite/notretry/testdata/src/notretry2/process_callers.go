package notretry2

import (
	"errors"
	"net/http"
	"os/exec"
	"time"
)

// A poller that only the function starting a process calls (or spawns)
// waits for that process: a readiness wait, even two calls away.

func pollReady(url string, ready chan bool) {
	for {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			ready <- true
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func retryFor(attempts int, cond func() error) error {
	var err error
	for range attempts {
		if err = cond(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func waitReady(url string) error {
	return retryFor(600, func() error {
		resp, err := http.Get(url)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func startServer(url string) error {
	ready := make(chan bool)
	go pollReady(url, ready) // spawned before the start: runs alongside it
	cmd := exec.Command("server")
	if err := cmd.Start(); err != nil {
		return err
	}
	<-ready
	return nil
}

func startDevServer(url string) error {
	if err := exec.Command("devserver").Start(); err != nil {
		return err
	}
	return waitReady(url)
}

// A helper some caller uses with no process started, or an exported one
// anybody may call, retries calls to a dependency.

func retryHelper(attempts int, cond func() error) error {
	var err error
	for range attempts { // want `loop ctx=sync bound=\?`
		if err = cond(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func startThenHelper() error {
	if err := exec.Command("devserver").Start(); err != nil {
		return err
	}
	return retryHelper(5, func() error { return errors.New("x") })
}

func helperOnly(url string) error {
	return retryHelper(5, func() error {
		resp, err := http.Get(url)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func PollExported(url string) {
	for { // want `loop ctx=sync unbounded`
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func startExported(url string) error {
	if err := exec.Command("server").Start(); err != nil {
		return err
	}
	PollExported(url)
	return nil
}
