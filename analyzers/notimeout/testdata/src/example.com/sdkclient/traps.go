package sdkclient

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Must-not-flag: retries under the caller's context where the client,
// a time limit or the deadline may come from somewhere the package's own
// code does not decide.

func retry5xx(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err = c.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Second << i)
	}
	return resp, err
}

// --- The client is the user's: a parameter, a field only the user sets. ---

// FetchWith retries through the caller's client.
func FetchWith(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	return retry5xx(ctx, c, url)
}

// UserClient holds the client the user gives.
type UserClient struct{ hc *http.Client }

// NewUserClient keeps the user's client.
func NewUserClient(hc *http.Client) *UserClient { return &UserClient{hc: hc} }

// Get retries through the user's client.
func (u *UserClient) Get(ctx context.Context, url string) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := u.hc.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("failed")
}

// --- The package's client has a Timeout (and the count is the user's,
// so no worst case is known either). ---

// Timed has a client with a timeout.
type Timed struct {
	hc    *http.Client
	tries int
}

// NewTimed builds a Timed; tries is the user's.
func NewTimed(tries int) *Timed {
	return &Timed{hc: &http.Client{Timeout: 10 * time.Second}, tries: tries}
}

// Get retries.
func (t *Timed) Get(ctx context.Context, url string) error {
	for i := 0; i < t.tries; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := t.hc.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("failed")
}

// --- The package sets the Timeout of its client after building it. ---

// Later sets its client's timeout in the constructor.
type Later struct{ hc *http.Client }

// NewLater builds a Later.
func NewLater() *Later {
	l := &Later{hc: &http.Client{}}
	l.hc.Timeout = 5 * time.Second
	return l
}

// Get retries.
func (l *Later) Get(ctx context.Context, url string) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := l.hc.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("failed")
}

// --- The transport bounds the wait for the response headers. ---

// Headers has a transport with a response-header timeout.
type Headers struct{ hc *http.Client }

// NewHeaders builds a Headers.
func NewHeaders() *Headers {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.ResponseHeaderTimeout = time.Minute
	return &Headers{hc: &http.Client{Transport: t}}
}

// Get retries.
func (h *Headers) Get(ctx context.Context, url string) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := h.hc.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("failed")
}

// --- A per-attempt timeout the package ships on (the user's option
// defaults to 10s). ---

// PerAttempt times each attempt out.
type PerAttempt struct {
	timeout time.Duration
}

// WithAttemptTimeout changes the per-attempt timeout.
func WithAttemptTimeout(d time.Duration) func(*PerAttempt) {
	return func(p *PerAttempt) { p.timeout = d }
}

// NewPerAttempt builds a PerAttempt.
func NewPerAttempt(opts ...func(*PerAttempt)) *PerAttempt {
	p := &PerAttempt{}
	for _, o := range opts {
		o(p)
	}
	if p.timeout == 0 {
		p.timeout = 10 * time.Second
	}
	return p
}

// Get retries with a timeout on each attempt.
func (p *PerAttempt) Get(ctx context.Context, url string) error {
	for i := 0; i < 3; i++ {
		if err := p.once(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("failed")
}

func (p *PerAttempt) once(ctx context.Context, url string) error {
	if p.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, p.timeout)
		defer cancel()
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- A middleware of the package that times the attempt out. ---

// Guarded is a request configuration whose package middleware sets a
// deadline on every attempt.
type Guarded struct {
	Request     *http.Request
	HTTPClient  *http.Client
	Middlewares []middleware
}

// NewGuarded installs the deadline middleware.
func NewGuarded(req *http.Request) *Guarded {
	g := &Guarded{Request: req, HTTPClient: http.DefaultClient}
	g.Middlewares = append(g.Middlewares, func(r *http.Request, nx next) (*http.Response, error) {
		ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
		defer cancel()
		return nx(r.WithContext(ctx))
	})
	return g
}

// Execute retries.
func (g *Guarded) Execute() (*http.Response, error) {
	handler := g.HTTPClient.Do
	for i := len(g.Middlewares) - 1; i >= 0; i-- {
		handler = applyMiddleware(g.Middlewares[i], handler)
	}
	for i := 0; ; i++ {
		res, err := handler(g.Request)
		if err == nil || i >= 2 {
			return res, err
		}
		time.Sleep(time.Second)
	}
}

// --- A custom doer always used when set by a constructor of the package
// (not only under a test of a field the user sets). ---

// Doered sends through a doer.
type Doered struct{ doer Doer }

// NewDoered takes the doer.
func NewDoered(d Doer) *Doered { return &Doered{doer: d} }

// Get retries through the doer.
func (d *Doered) Get(ctx context.Context, url string) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := d.doer.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("failed")
}

// --- A request with no context: the attempt's own finding, not this
// one (the attempt through a helper is not reported here). ---

// NoCtx retries a request made without a context.
func (a *API) NoCtx(ctx context.Context, url string) error {
	for i := 0; i < 3; i++ {
		if err := a.getNoCtx(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("failed")
}

func (a *API) getNoCtx(_ context.Context, url string) error {
	resp, err := a.httpClient.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- An elapsed-time check caps the loop. ---

// Budget retries for at most 20s.
func (a *API) Budget(ctx context.Context, url string) error {
	start := time.Now()
	for time.Since(start) < 20*time.Second {
		resp, err := a.request(ctx, http.MethodGet, url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("budget spent")
}

// --- No retry as the package ships it: one attempt unless the user asks
// for more. ---

// RecoveryOptions configures Recover.
type RecoveryOptions struct {
	// MaxAttempts defaults to one.
	MaxAttempts int
	// RetryDelay is the delay between attempts.
	RetryDelay time.Duration
}

// Recover reopens the stream.
func (a *API) Recover(ctx context.Context, url string, options RecoveryOptions) error {
	if options.MaxAttempts == 0 {
		options.MaxAttempts = 1
	}
	var lastErr error
	for attempt := 0; attempt < options.MaxAttempts; attempt++ {
		if attempt > 0 {
			time.Sleep(options.RetryDelay)
		}
		resp, err := a.request(ctx, http.MethodGet, url)
		if err != nil {
			lastErr = err
			continue
		}
		return resp.Body.Close()
	}
	return lastErr
}
