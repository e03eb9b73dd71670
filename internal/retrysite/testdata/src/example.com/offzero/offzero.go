// Package offzero holds retries whose count is an exported integer field
// the package ships at zero and reads as a switch (valueindex's
// offcount/): with the default the switch is off and the count never
// stops the loop. The traps beside them keep the count unknown.
package offzero

import (
	"errors"
	"flag"
	"net/http"
	"time"
)

// Config is the user's configuration; NewConfig gives its defaults.
type Config struct {
	Retry struct {
		Max     int // 0: retry forever
		Backoff time.Duration
	}
	Send struct {
		Max int // 0: retry forever
	}
	Tries       int // attempts; the user must set it
	Attempts    int // 0: three attempts
	Limit       int // defaulted to 3 below
	Flagged     int // set from a flag
	Validated   int // must be above zero
	Checked     int // tested only for a negative value
	unexported  int //nolint:unused
	RetryPolicy struct{ Max int }
}

// NewConfig returns the defaults: Retry.Max, Send.Max and the others are
// left at zero.
func NewConfig() *Config {
	c := &Config{}
	c.Retry.Backoff = 2 * time.Second
	c.Limit = 3
	return c
}

// Validate rejects a negative Retry.Max and a Validated of zero.
func (c *Config) Validate() error {
	switch {
	case c.Retry.Max < 0:
		return errors.New("Retry.Max must be >= 0")
	case c.Validated <= 0:
		return errors.New("Validated must be > 0")
	case c.Checked < 0:
		return errors.New("Checked must be >= 0")
	}
	return nil
}

// Bind sets Flagged from the command line.
func (c *Config) Bind(fs *flag.FlagSet) { fs.IntVar(&c.Flagged, "flagged", 5, "tries") }

type Client struct {
	conf *Config
	hc   *http.Client
	url  string
}

func (c *Client) send() error {
	res, err := c.hc.Get(c.url)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// Dispatch copies the count into a local tested as a switch (sarama's
// partition consumer): 0 by default, no limit.
func (c *Client) Dispatch() error {
	retries := 0
	for { // want `loop ctx=sync unbounded` `R-2: retry of c.send \(GET\) has no maximum retry count: its count, Config.Retry.Max, is 0 unless the user sets it: no limit`
		err := c.send()
		if err == nil {
			return nil
		}
		if max := c.conf.Retry.Max; max > 0 && retries >= max {
			return err
		}
		retries++
		time.Sleep(c.conf.Retry.Backoff)
	}
}

// Guarded reads the count only once the switch is on.
func (c *Client) Guarded() error {
	for n := 1; ; n++ { // want `loop ctx=sync unbounded` `R-2: retry of c.send \(GET\) has no maximum retry count: its count, Config.Send.Max, is 0 unless the user sets it: no limit`
		err := c.send()
		if err == nil {
			return nil
		}
		if c.conf.Send.Max != 0 && n >= c.conf.Send.Max {
			return err
		}
		time.Sleep(time.Duration(n) * time.Second)
	}
}

// --- Must not flag: the count is no switch, or the package gives it a value. ---

// Counted reads Tries as a number: the user is meant to set it.
func (c *Client) Counted() error {
	var err error
	for i := 0; i < c.conf.Tries; i++ { // want `loop ctx=sync bound=\?`
		if err = c.send(); err == nil {
			return nil
		}
		time.Sleep(time.Second << i)
	}
	if c.conf.Tries > 0 {
		return err
	}
	return nil
}

// Defaulted substitutes three attempts for a zero (valueindex's inlinedefault.go).
func (c *Client) Defaulted() error {
	n := c.conf.Attempts
	if n == 0 {
		n = 3
	}
	for i := 0; ; i++ { // want `loop ctx=sync retries=2`
		err := c.send()
		if err == nil {
			return nil
		}
		if i >= n-1 {
			return err
		}
		time.Sleep(time.Second << i)
	}
}

// Limited reads a count the package defaults to 3.
func (c *Client) Limited() error {
	for i := 0; ; i++ { // want `loop ctx=sync retries=3`
		err := c.send()
		if err == nil {
			return nil
		}
		if c.conf.Limit > 0 && i >= c.conf.Limit {
			return err
		}
		time.Sleep(time.Second << i)
	}
}

// FromFlag reads a count a flag sets (its address is taken).
func (c *Client) FromFlag() error {
	for i := 0; ; i++ { // want `loop ctx=sync bound=\?`
		err := c.send()
		if err == nil {
			return nil
		}
		if c.conf.Flagged > 0 && i >= c.conf.Flagged {
			return err
		}
		time.Sleep(time.Second << i)
	}
}

// MustSet reads a count the package refuses at zero.
func (c *Client) MustSet() error {
	for i := 0; ; i++ { // want `loop ctx=sync bound=\?`
		err := c.send()
		if err == nil {
			return nil
		}
		if c.conf.Validated > 0 && i >= c.conf.Validated {
			return err
		}
		time.Sleep(time.Second << i)
	}
}

// Policy is given the count by its caller: NewPolicy's argument.
type Policy struct{ Max int }

// NewPolicy sets the count to the user's.
func NewPolicy(max int) *Policy { return &Policy{Max: max} }

func (p *Policy) run(c *Client) error {
	for i := 0; ; i++ { // want `loop ctx=sync bound=\?`
		err := c.send()
		if err == nil {
			return nil
		}
		if p.Max > 0 && i >= p.Max {
			return err
		}
		time.Sleep(time.Second << i)
	}
}
