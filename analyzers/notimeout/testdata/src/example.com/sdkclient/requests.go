package sdkclient

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"
)

// --- (b) The retry is given the request: every call in the package
// builds it with the caller's context (newRequest). A Retry-After date
// turned into a wait with time.Until is no limit on the retry. ---

// Predictor is a client of a prediction service.
type Predictor struct {
	c    *http.Client
	opts *predictorOptions
}

type predictorOptions struct {
	httpClient *http.Client
	maxRetries int
}

// PredictorOption configures a Predictor.
type PredictorOption func(*predictorOptions)

// WithPredictorClient replaces the client.
func WithPredictorClient(c *http.Client) PredictorOption {
	return func(o *predictorOptions) { o.httpClient = c }
}

// NewPredictor builds a Predictor.
func NewPredictor(opts ...PredictorOption) *Predictor {
	p := &Predictor{opts: &predictorOptions{httpClient: http.DefaultClient, maxRetries: 5}}
	for _, o := range opts {
		o(p.opts)
	}
	p.c = p.opts.httpClient
	return p
}

func (p *Predictor) newRequest(ctx context.Context, method, url string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

// Predict asks for a prediction.
func (p *Predictor) Predict(ctx context.Context, url string) error {
	req, err := p.newRequest(ctx, http.MethodPost, url)
	if err != nil {
		return err
	}
	return p.do(req)
}

// Status asks for a prediction's status.
func (p *Predictor) Status(ctx context.Context, url string) error {
	req, err := p.newRequest(ctx, http.MethodGet, url)
	if err != nil {
		return err
	}
	return p.do(req)
}

func (p *Predictor) do(req *http.Request) error {
	for attempt := 0; attempt < p.opts.maxRetries; attempt++ { // want `R-3: retry of p\.c\.Do \(POST\) has no total duration cap: by default, attempts via http\.DefaultClient have no timeout; only the caller's deadline stops it`
		resp, err := p.c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < 500 {
			return nil
		}
		delay := time.Second << attempt
		if ra := resp.Header.Get("Retry-After"); ra != "" {
			if at, perr := http.ParseTime(ra); perr == nil {
				delay = time.Until(at)
			} else if s, cerr := strconv.Atoi(ra); cerr == nil {
				delay = time.Duration(s) * time.Second
			}
		}
		time.Sleep(delay)
	}
	return errors.New("failed")
}

// --- Must not flag: the request is made without a context (the user may
// add one through an option): the caller's deadline may not reach it. ---

// Mailer sends mail.
type Mailer struct{ client *http.Client }

// NewMailer builds a Mailer.
func NewMailer() *Mailer { return &Mailer{client: &http.Client{}} }

// Send sends a message.
func (m *Mailer) Send(url string, body []byte, opts ...func(*http.Request)) error {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	for _, o := range opts {
		o(req)
	}
	return m.doRequest(req)
}

func (m *Mailer) doRequest(req *http.Request) error {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := m.client.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusInternalServerError {
			return nil
		}
	}
	return errors.New("failed")
}

// --- Must not flag: the request is the user's (an exported method). ---

// Do sends the user's request, retrying 5xx responses.
func (m *Mailer) Do(req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := m.client.Do(req)
		if err != nil || resp.StatusCode < 500 || attempt >= 3 {
			return resp, err
		}
		resp.Body.Close()
		time.Sleep(time.Second << attempt)
	}
}

// --- Must not flag: time.Until of a deadline the loop set: a cap. ---

// Deadline retries for at most 20s.
func (p *Predictor) Deadline(ctx context.Context, url string) error {
	deadline := time.Now().Add(20 * time.Second)
	for time.Until(deadline) > 0 {
		req, err := p.newRequest(ctx, http.MethodGet, url)
		if err != nil {
			return err
		}
		resp, err := p.c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("deadline passed")
}
