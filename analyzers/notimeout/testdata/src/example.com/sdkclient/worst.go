package sdkclient

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"
)

// --- (a) The package's own settings decide the worst case: the count
// defaults to 2 retries through a pointer helper, the client it ships
// times each attempt out after 80s. The caller's deadline may be shorter,
// but the package's defaults allow far more than the cap. ---

// DefaultMaxRetries is the default count of retries.
const DefaultMaxRetries int64 = 2

// Int64 returns a pointer to v.
func Int64(v int64) *int64 { return &v }

var defaultClient = &http.Client{Timeout: 80 * time.Second}

// SetDefaultClient replaces the default client.
func SetDefaultClient(c *http.Client) { defaultClient = c }

// Config configures a Backend; nil fields take the defaults.
type Config struct {
	HTTPClient *http.Client
	MaxRetries *int64
}

// Backend sends requests.
type Backend struct {
	HTTPClient *http.Client
	MaxRetries int64
}

// NewBackend applies the defaults to cfg.
func NewBackend(config *Config) *Backend {
	cfg := *config
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = defaultClient
	}
	if cfg.MaxRetries == nil {
		cfg.MaxRetries = Int64(DefaultMaxRetries)
	}
	return newBackend(&cfg)
}

func newBackend(cfg *Config) *Backend {
	return &Backend{HTTPClient: cfg.HTTPClient, MaxRetries: *cfg.MaxRetries}
}

func (b *Backend) shouldRetry(err error, resp *http.Response, n int) bool {
	if n >= int(b.MaxRetries) {
		return false
	}
	return err != nil || resp.StatusCode >= 500
}

// Do sends req, retrying 5xx responses and transport errors; the time
// each attempt takes is only logged.
func (b *Backend) Do(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for retry := 0; ; { // want `R-3: retry of b\.HTTPClient\.Do can take 3 attempts x 1m20s timeout \+ waits 500ms\+1s = 4m1\.5s > the 30s cap`
		start := time.Now()
		resp, err = b.HTTPClient.Do(req)
		took := time.Since(start)
		log.Printf("attempt %d took %v", retry, took)
		if !b.shouldRetry(err, resp, retry) {
			break
		}
		time.Sleep(time.Duration(retry+1) * 500 * time.Millisecond)
		retry++
	}
	return resp, err
}

// --- Must not flag: the worst case is within the cap (3 x 5s + waits). ---

// Quick has a client with a short timeout.
type Quick struct{ hc *http.Client }

// NewQuick builds a Quick.
func NewQuick() *Quick { return &Quick{hc: &http.Client{Timeout: 5 * time.Second}} }

// Get retries twice.
func (q *Quick) Get(ctx context.Context, url string) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := q.hc.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("failed")
}

// --- Must not flag: the attempt's duration is measured and compared: an
// elapsed-time check caps the retry. ---

// Measured stops once an attempt was slow.
func (b *Backend) Measured(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for retry := 0; ; retry++ {
		start := time.Now()
		resp, err = b.HTTPClient.Do(req)
		took := time.Since(start)
		if took > 10*time.Second || !b.shouldRetry(err, resp, retry) {
			break
		}
		time.Sleep(time.Second)
	}
	return resp, err
}
