// Package caller retries operations whose every attempt runs under a
// timeout set by a function of a module it depends on
// (example.com/runmod/timeout), read from that module's source.
package caller

import (
	"context"
	"errors"
	"net/http"
	"time"

	"example.com/runmod/timeout"
)

func send(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://example.com", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func attempt(ctx context.Context, n int) error {
	return timeout.Run(ctx, time.Duration(n)*time.Second, "send", send)
}

// Must not flag: three attempts, each under a timeout growing with the
// attempt (its length unknown to the model, but set), a second apart:
// the retry ends.
func resign(ctx context.Context) {
	ctx = context.WithoutCancel(ctx)
	for n := 1; n <= 3; n++ {
		if err := attempt(ctx, n); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func logged(ctx context.Context, n int) error {
	return timeout.Logged(ctx, time.Duration(n)*time.Second, "send", send)
}

// The duration is only logged: no attempt has a timeout, and the
// context has no deadline.
func resignLogged(ctx context.Context) {
	ctx = context.WithoutCancel(ctx)
	for n := 1; n <= 3; n++ { // want `R-3: retry of logged has no total duration cap: its context, context\.WithoutCancel\(\.\.\.\), has no deadline and nothing checks the elapsed time`
		if err := logged(ctx, n); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// A known timeout through the runner: 3 attempts x 15s + waits is
// above the 30s cap.
func pushAll(ctx context.Context) error {
	ctx = context.WithoutCancel(ctx)
	for n := 0; n < 3; n++ { // want `R-3: retry of timeout\.Run .*3 attempts x 15s timeout`
		if err := timeout.Run(ctx, 15*time.Second, "send", send); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}
