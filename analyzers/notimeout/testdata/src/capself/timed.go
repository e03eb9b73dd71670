package capself

import (
	"context"
	"net"
	"net/http"
	"time"
)

// 4. Per-attempt timeouts that exist.

func transportHeaders(u string) error {
	tr := &http.Transport{ResponseHeaderTimeout: 2 * time.Second}
	c := &http.Client{Transport: tr}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func transportDial(u string) error {
	c := &http.Client{Transport: &http.Transport{DialContext: (&net.Dialer{Timeout: time.Second}).DialContext, TLSHandshakeTimeout: time.Second}}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func transportPlain(u string) error {
	c := &http.Client{Transport: &http.Transport{MaxIdleConns: 10}}
	var err error
	for i := 0; i < 3; i++ { // want `R-3: retry of c\.Get \(GET\) has no total duration cap`
		var resp *http.Response
		if resp, err = c.Get(u); err == nil { // want `R-3: retry of c\.Get \(GET\) has no per-attempt timeout: the http\.Client literal has no Timeout nor its Transport a timeout`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// 5. Honour what the code sets.

type Options struct{ Budget time.Duration }

func budgetDeadline(o Options, u string) error {
	ctx, cancel := context.WithTimeout(context.Background(), o.Budget)
	defer cancel()
	var err error
	for i := 0; i < 5; i++ {
		if err = fetch(ctx, u); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
	return err
}

func ownDeadline(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 25*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 5; i++ {
		attempt, cancelAttempt := context.WithTimeout(ctx, 10*time.Second)
		err = fetch(attempt, u)
		cancelAttempt()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
	return err
}
