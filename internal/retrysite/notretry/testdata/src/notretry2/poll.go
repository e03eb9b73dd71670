package notretry2

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// A loop whose wait is the interval the server sent (a number field of a
// decoded message, RFC 8628's device flow) polls for a state at the
// server's pace: not a retry.

type authResponse struct {
	DeviceCode string `json:"device_code"`
	Interval   int64  `json:"interval,omitempty"`
}

var errPending = errors.New("authorization_pending")

func fetch(ctx context.Context, code string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://auth.example.com/token?code="+code, nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusBadRequest {
		return "", errPending
	}
	return resp.Header.Get("token"), nil
}

func pollToken(ctx context.Context, da *authResponse) (string, error) {
	interval := da.Interval
	if interval == 0 {
		interval = 5
	}
	ticker := time.NewTicker(time.Duration(interval) * time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-ticker.C:
			tok, err := fetch(ctx, da.DeviceCode)
			if err == nil {
				return tok, nil
			}
			if !errors.Is(err, errPending) {
				return "", err
			}
		}
	}
}

func pollSleep(ctx context.Context, da authResponse) (string, error) {
	for {
		tok, err := fetch(ctx, da.DeviceCode)
		if err == nil {
			return tok, nil
		}
		time.Sleep(time.Duration(da.Interval) * time.Second)
	}
}

// The client's own interval is a retry's wait: a duration field (even
// tagged), an untagged field, or the receiver's configuration.

type options struct {
	Interval   time.Duration `json:"interval"`
	PollEvery  int64
	RetryAfter int64 `json:"retry_after"`
}

func retryDuration(ctx context.Context, o *options) (string, error) {
	for { // want `loop ctx=sync unbounded`
		tok, err := fetch(ctx, "x")
		if err == nil {
			return tok, nil
		}
		time.Sleep(o.Interval)
	}
}

func retryUntagged(ctx context.Context, o *options) (string, error) {
	for { // want `loop ctx=sync unbounded`
		tok, err := fetch(ctx, "x")
		if err == nil {
			return tok, nil
		}
		time.Sleep(time.Duration(o.PollEvery) * time.Second)
	}
}

type poller struct {
	opts options
}

func (p *poller) retryConfigured(ctx context.Context) (string, error) {
	for { // want `loop ctx=sync unbounded`
		tok, err := fetch(ctx, "x")
		if err == nil {
			return tok, nil
		}
		time.Sleep(time.Duration(p.opts.RetryAfter) * time.Second)
	}
}
