package notretry2

import (
	"errors"
	"net/http"
	"os/exec"
	"time"
)

// The process may be started by a helper of the package (an exec
// wrapper) the caller runs first, and the readiness loop may be in a
// generic dialer: the loop still waits for the process just started.

type plugin struct{ cmd *exec.Cmd }

func execPlugin(bin string) (*plugin, error) {
	cmd := exec.Command(bin)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &plugin{cmd}, nil
}

func dialPlugin[T any](url string, hello func(string) (*T, error)) (*T, error) {
	for {
		res, err := hello(url)
		if err == nil {
			return res, nil
		}
		if !errors.Is(err, errUnavailable) {
			return nil, err
		}
		time.Sleep(10 * time.Millisecond)
	}
}

var errUnavailable = errors.New("unavailable")

func hello(url string) (*http.Response, error) { return http.Get(url) }

func newPlugin(bin, url string) (*http.Response, error) {
	if _, err := execPlugin(bin); err != nil {
		return nil, err
	}
	return dialPlugin(url, hello)
}

// A helper that starts nothing does not make the loop after it a
// readiness wait.

func prepare(bin string) (*exec.Cmd, error) {
	return exec.Command(bin), nil // built, never started
}

func dialAfterPrepare(url string) error {
	for { // want `loop ctx=sync unbounded`
		resp, err := http.Get(url)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func prepareThenDial(bin, url string) error {
	if _, err := prepare(bin); err != nil {
		return err
	}
	return dialAfterPrepare(url)
}
