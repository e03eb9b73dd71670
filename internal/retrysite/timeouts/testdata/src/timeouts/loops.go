package timeouts

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var errBad = errors.New("bad")

// defaultClient: http.DefaultClient and a request with no context.
func defaultClient(url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	for i := 0; i < 3; i++ { // want `timeouts: noattempt\(http\.DefaultClient has no Timeout and its request \(http\.NewRequest\) has no context\) uncapped\(its request \(http\.NewRequest\) has no context and nothing checks the elapsed time\)` `R-3: retry of http\.DefaultClient\.Do \(GET\) has no total duration cap: its request has no context and nothing checks the elapsed time`
		resp, err := http.DefaultClient.Do(req) // want `R-3: retry of http\.DefaultClient\.Do \(GET\) has no per-attempt timeout: http\.DefaultClient has no Timeout and its request has no context`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errBad
}

// packageGet: http.Get.
func packageGet(url string) error {
	for i := 0; i < 3; i++ { // want `timeouts: noattempt\(http\.Get uses http\.DefaultClient, which has no Timeout, and sends a request with no context\) uncapped\(it sends a request with no context and nothing checks the elapsed time\)` `R-3: retry of http\.Get \(GET\) has no total duration cap: it sends a request with no context and nothing checks the elapsed time`
		resp, err := http.Get(url) // want `R-3: retry of http\.Get \(GET\) has no per-attempt timeout: http\.Get uses http\.DefaultClient, which has no Timeout, and sends a request with no context`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBad
}

// literalLater: a Timeout set after the literal.
func literalLater(url string) error {
	c := &http.Client{}
	c.Timeout = 5 * time.Second
	for i := 0; i < 3; i++ { // want `timeouts: capped worst\(3 attempts x 5s timeout \+ waits 2 x 1s = 17s\)`
		resp, err := c.Get(url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBad
}

// literalNoTimeout: a literal with a transport and no Timeout.
func literalNoTimeout(url string, t http.RoundTripper) error {
	c := http.Client{Transport: t}
	for i := 0; i < 3; i++ { // want `timeouts: noattempt\(the http\.Client literal has no Timeout and its request has no context\) uncapped\(its request has no context and nothing checks the elapsed time\)` `R-3: retry of c\.Get \(GET\) has no total duration cap: its request has no context and nothing checks the elapsed time`
		resp, err := c.Get(url) // want `R-3: retry of c\.Get \(GET\) has no per-attempt timeout: the http\.Client literal has no Timeout and its request has no context`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBad
}

// perAttempt: a context.WithTimeout per attempt under Background.
func perAttempt(url string) error {
	ctx := context.Background()
	for i := 0; i < 3; i++ { // want `timeouts: capped worst\(3 attempts x 2s timeout \+ waits 2 x 1s = 8s\)`
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := http.DefaultClient.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBad
}

// perAttemptUnbounded: attempts have a timeout but nothing caps the loop.
func perAttemptUnbounded(url string) error {
	for { // want `timeouts: uncapped\(its context, context\.Background\(\), has no deadline and nothing checks the elapsed time\)` `R-3: retry of http\.DefaultClient\.Do \(GET\) has no total duration cap: its context, context\.Background\(\), has no deadline and nothing checks the elapsed time`
		actx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := http.DefaultClient.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
}

// fromCaller: the caller's context may carry a deadline, but the
// attempts go through http.DefaultClient and nothing else limits them:
// only that deadline stops the retry.
func fromCaller(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	for { // want `timeouts: uncapped\(attempts via http\.DefaultClient have no timeout; only the caller's deadline stops it\) caller` `R-3: retry of http\.DefaultClient\.Do \(GET\) has no total duration cap: attempts via http\.DefaultClient have no timeout; only the caller's deadline stops it`
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// handler: r.Context() comes from the server.
func handler(w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequestWithContext(r.Context(), http.MethodGet, "http://x", nil)
	for i := 0; i < 3; i++ { // want `timeouts: uncapped\(attempts via http\.DefaultClient have no timeout; only the caller's deadline stops it\) caller` `R-3: retry of http\.DefaultClient\.Do \(GET\) has no total duration cap: attempts via http\.DefaultClient have no timeout; only the caller's deadline stops it`
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}

// elapsed: an elapsed-time check caps the loop.
func elapsed(url string) error {
	c := &http.Client{Timeout: 5 * time.Second}
	start := time.Now()
	for { // want `timeouts: capped=20s`
		req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if time.Since(start) > 20*time.Second {
			return err
		}
		time.Sleep(time.Second)
	}
}

// deadlineCheck: time.Now().After(deadline).
func deadlineCheck(url string) error {
	c := &http.Client{Timeout: 5 * time.Second}
	deadline := time.Now().Add(2 * time.Minute)
	for { // want `timeouts: capped=2m0s`
		req, _ := http.NewRequestWithContext(context.TODO(), http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if time.Now().After(deadline) { // want `R-3: retry of c\.Do \(GET\) is capped at 2m by the deadline check, above the 30s cap`
			return err
		}
		time.Sleep(time.Second)
	}
}

// deadlineAround: a deadline on the loop's context.
func deadlineAround(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // want `R-3: retry of http\.DefaultClient\.Do \(GET\) is capped at 1m by the context's deadline, above the 30s cap`
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	for { // want `timeouts: capped=1m0s`
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return err // the deadline ends the loop
		}
		time.Sleep(time.Second)
	}
}

// worstOver: 5 attempts of 10s and 4 waits of 5s.
func worstOver(url string) error {
	c := &http.Client{Timeout: 10 * time.Second}
	for i := 0; i < 5; i++ { // want `timeouts: capped worst\(5 attempts x 10s timeout \+ waits 4 x 5s = 1m10s\)` `R-3: retry of c\.Do \(GET\) can take 5 attempts x 10s timeout \+ waits 4 x 5s = 1m10s > the 30s cap`
		req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return errBad
}

// unboundedBackground: a timeout per attempt but no cap on the loop.
func unboundedBackground(url string) error {
	c := &http.Client{Timeout: 10 * time.Second}
	ctx := context.Background()
	for { // want `timeouts: uncapped\(its context, context\.Background\(\), has no deadline and nothing checks the elapsed time\)` `R-3: retry of c\.Do \(GET\) has no total duration cap: its context, context\.Background\(\), has no deadline and nothing checks the elapsed time`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
}

type svc struct{ client *http.Client }

// fromField: the client is a struct field: unknown.
func (s *svc) fromField(url string) error {
	for i := 0; i < 3; i++ { // want `timeouts: nothing known`
		resp, err := s.client.Get(url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return errBad
}

// fromParam: the client is a parameter: unknown.
func fromParam(c *http.Client, url string) error {
	for i := 0; i < 3; i++ { // want `timeouts: nothing known`
		resp, err := c.Get(url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return errBad
}

var pkgClient = &http.Client{}

// packageVar: an unexported package variable with no Timeout.
func packageVar(url string) error {
	for i := 0; i < 3; i++ { // want `timeouts: noattempt\(the http\.Client literal has no Timeout and its request has no context\) uncapped\(its request has no context and nothing checks the elapsed time\)` `R-3: retry of pkgClient\.Get \(GET\) has no total duration cap: its request has no context and nothing checks the elapsed time`
		resp, err := pkgClient.Get(url) // want `R-3: retry of pkgClient\.Get \(GET\) has no per-attempt timeout: the http\.Client literal has no Timeout and its request has no context`
		if err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return errBad
}

func configure(c *http.Client) { c.Timeout = time.Second }

// escapes: the client is handed to code that may set its Timeout.
func escapes(url string) error {
	c := &http.Client{}
	configure(c)
	for i := 0; i < 3; i++ { // want `timeouts: nothing known`
		resp, err := c.Get(url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return errBad
}

// work is an operation the model cannot see into.
var work func(ctx context.Context) error

// noContext: a loop with no context and no HTTP: its operation may have
// timeouts of its own; its waits alone are the least its worst case is.
func noContext() error {
	for i := 0; i < 3; i++ { // want `timeouts: worst\(waits 1s\+1s = 2s\)`
		if err := work(nil); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBad
}

// backgroundWork: an operation under context.Background().
func backgroundWork() error {
	ctx := context.Background()
	for i := 0; i < 3; i++ { // want `timeouts: uncapped\(its context, context\.Background\(\), has no deadline and nothing checks the elapsed time\)` `R-3: retry of work has no total duration cap: its context, context\.Background\(\), has no deadline and nothing checks the elapsed time`
		if err := work(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBad
}

// perItem: one request per item is not a retry.
func perItem(urls []string) {
	for _, u := range urls {
		resp, err := http.Get(u)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}

// polling: a success leads to another call, so this is not a retry.
func polling(url string) {
	for {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(time.Minute)
	}
}

// Accepted: an elapsed-time check against a deadline variable.
func elapsedVar(url string, limit time.Duration) error {
	c := &http.Client{Timeout: 5 * time.Second}
	start := time.Now()
	for { // want `^timeouts: capped$`
		req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if time.Since(start) > limit {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Accepted: a 20s deadline around the loop, which it watches.
func deadlineOK(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	for { // want `timeouts: capped=20s`
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return err // the deadline ends the loop
		}
		time.Sleep(time.Second)
	}
}

func pages(fetch func(string) (string, error)) error {
	tok := ""
	for {
		next, err := fetch(tok)
		if err != nil {
			return err
		}
		if next == "" {
			return nil
		}
		tok = next
	}
}

func periodic(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = work(ctx)
		}
	}
}

// Accepted outside retries: a single call through http.DefaultClient.
func single(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// deadlineBlind: a deadline around a loop that never watches it: once it
// passes every attempt fails at once, and the plain sleeps go on forever.
func deadlineBlind(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	for { // want `timeouts: uncapped\(it stops only on success and nothing checks the elapsed time\)` `R-3: retry of http\.DefaultClient\.Do \(GET\) never watches ctx and has no total duration cap: it stops only on success`
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
}
