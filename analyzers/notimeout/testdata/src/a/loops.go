package a

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var errBad = errors.New("bad")

func defaultClient(url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	for i := 0; i < 3; i++ { // want `R-3: retry of http\.DefaultClient\.Do \(GET\) has no total duration cap: its request has no context and nothing checks the elapsed time`
		resp, err := http.DefaultClient.Do(req) // want `R-3: retry of http\.DefaultClient\.Do \(GET\) has no per-attempt timeout: http\.DefaultClient has no Timeout and its request has no context`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errBad
}

func packageGet(url string) error {
	for i := 0; i < 3; i++ { // want `R-3: retry of http\.Get \(GET\) has no total duration cap: it sends a request with no context and nothing checks the elapsed time`
		resp, err := http.Get(url) // want `R-3: retry of http\.Get \(GET\) has no per-attempt timeout: http\.Get uses http\.DefaultClient, which has no Timeout, and sends a request with no context`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBad
}

func literalNoTimeout(url string, t http.RoundTripper) error {
	c := http.Client{Transport: t}
	for i := 0; i < 3; i++ { // want `R-3: retry of c\.Get \(GET\) has no total duration cap: its request has no context and nothing checks the elapsed time`
		resp, err := c.Get(url) // want `R-3: retry of c\.Get \(GET\) has no per-attempt timeout: the http\.Client literal has no Timeout and its request has no context`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBad
}

// Accepted: a Timeout set after construction, 3 x 5s + 2 x 1s = 17s.
func literalLater(url string) error {
	c := &http.Client{}
	c.Timeout = 5 * time.Second
	for i := 0; i < 3; i++ {
		resp, err := c.Get(url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBad
}

// Accepted: a per-attempt timeout, 3 x 2s + 2 x 1s = 8s.
func perAttempt(url string) error {
	ctx := context.Background()
	for i := 0; i < 3; i++ {
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

func perAttemptUnbounded(url string) error {
	for { // want `R-3: retry of http\.DefaultClient\.Do \(GET\) has no total duration cap: its context, context\.Background\(\), has no deadline and nothing checks the elapsed time`
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

// Accepted: the caller's context may carry a deadline.
func fromCaller(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	for {
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

// Accepted: r.Context() comes from the server.
func handler(w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequestWithContext(r.Context(), http.MethodGet, "http://x", nil)
	for i := 0; i < 3; i++ {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}

// Accepted: an elapsed-time check of 20s.
func elapsed(url string) error {
	c := &http.Client{Timeout: 5 * time.Second}
	start := time.Now()
	for {
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

// Accepted: an elapsed-time check against a deadline variable.
func elapsedVar(url string, limit time.Duration) error {
	c := &http.Client{Timeout: 5 * time.Second}
	start := time.Now()
	for {
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

func deadlineCheck(url string) error {
	c := &http.Client{Timeout: 5 * time.Second}
	deadline := time.Now().Add(2 * time.Minute)
	for {
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

func deadlineAround(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // want `R-3: retry of http\.DefaultClient\.Do \(GET\) is capped at 1m by the context's deadline, above the 30s cap`
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	for {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Accepted: a 20s deadline around the loop.
func deadlineOK(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	for {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
}

func worstOver(url string) error {
	c := &http.Client{Timeout: 10 * time.Second}
	for i := 0; i < 5; i++ { // want `R-3: retry of c\.Do \(GET\) can take 5 attempts x 10s timeout \+ waits 4 x 5s = 1m10s > the 30s cap`
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

type svc struct{ client *http.Client }

// Accepted: the client is a struct field.
func (s *svc) fromField(url string) error {
	for i := 0; i < 3; i++ {
		resp, err := s.client.Get(url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return errBad
}

// Accepted: the client is a parameter.
func fromParam(c *http.Client, url string) error {
	for i := 0; i < 3; i++ {
		resp, err := c.Get(url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return errBad
}

func configure(c *http.Client) { c.Timeout = time.Second }

// Accepted: the client is handed to code that may set its Timeout.
func escapes(url string) error {
	c := &http.Client{}
	configure(c)
	for i := 0; i < 3; i++ {
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

// Accepted: no context, no HTTP: the operation may bound itself.
func noContext() error {
	for i := 0; i < 3; i++ {
		if err := work(nil); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBad
}

func backgroundWork() error {
	ctx := context.Background()
	for i := 0; i < 3; i++ { // want `R-3: retry of work has no total duration cap: its context, context\.Background\(\), has no deadline and nothing checks the elapsed time`
		if err := work(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBad
}

// Accepted: not retries (per-item loop, polling, pagination, periodic job).
func perItem(urls []string) {
	for _, u := range urls {
		resp, err := http.Get(u)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}

func polling(url string) {
	for {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(time.Minute)
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
