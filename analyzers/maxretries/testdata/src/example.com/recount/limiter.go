package recount

import "net/http"

// The limit of a recursive retry read through an interface the client
// keeps in a field: the package's default, filled in when the user gives
// none, is what the retry runs (a no-op implementation beside it aside).

type Limiter interface{ MaxRetries() int }

type limiterImpl struct{ max int }

func (l *limiterImpl) MaxRetries() int { return l.max }

type noopLimiter struct{}

func (noopLimiter) MaxRetries() int { return 0 }

const defaultMax = 10 // want `R-2: recursive retry of c.hc.Do makes 10 attempts = 9 retries, NewLimiter's default, which SetMax can change; the default defaultMax is defined here`

func NewLimiter() Limiter {
	l := &limiterImpl{max: defaultMax}
	return l
}

// SetMax lets the user change the limit: the default stays what the
// package ships.
func (l *limiterImpl) SetMax(n int) { l.max = n }

func NoopLimiter() Limiter { return noopLimiter{} }

type Config struct{ Limiter Limiter }

type Option func(*Config)

func WithLimiter(l Limiter) Option { return func(c *Config) { c.Limiter = l } }

type restClient struct {
	hc     *http.Client
	config Config
}

func NewRest(opts ...Option) *restClient {
	c := &restClient{hc: http.DefaultClient}
	for _, o := range opts {
		o(&c.config)
	}
	if c.config.Limiter == nil {
		c.config.Limiter = NewLimiter()
	}
	return c
}

func (c *restClient) limiter() Limiter { return c.config.Limiter }

func (c *restClient) send(req *http.Request, tries int) error { // want `R-2: recursive retry of c.hc.Do makes 10 attempts = 9 retries, NewLimiter's default, which SetMax can change, outside 1-5 for a synchronous API call`
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		if tries >= c.limiter().MaxRetries() {
			return errRateLimited
		}
		return c.send(req, tries+1)
	}
	return nil
}

func (c *restClient) Do(req *http.Request) error { return c.send(req, 1) }
