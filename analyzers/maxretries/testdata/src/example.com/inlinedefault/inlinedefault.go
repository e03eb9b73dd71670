// Package inlinedefault holds counts read from a setting the user may
// leave zero and replaced in place by the package's own number (interp
// fixedlocal.go), and guards on locals no loop changes.
package inlinedefault

import (
	"encoding/json"
	"math/rand"
	"net/http"
	"time"
)

// Config is set by code only: its decoders are told to skip the count.
type Config struct {
	MaxRetries int           `yaml:"-" json:"-"`
	Delay      time.Duration `yaml:"delay"`
}

type Client struct {
	hc  *http.Client
	cfg Config
}

// fetch: a count left 0 becomes 10 attempts, the package's default.
func (c *Client) fetch() error {
	retries := c.cfg.MaxRetries
	if retries == 0 {
		retries = 10
	}
	var err error
	for i := 0; i < retries; i++ { // want `R-2.*10 attempts = 9 retries.*default`
		var resp *http.Response
		resp, err = c.hc.Get("https://api.example.com/a")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return err
}

// fetchGuarded: a pause drawn once before the loop and tested inside it
// is no counter; the count is still the default's.
func (c *Client) fetchGuarded() error {
	pause := time.Duration(0)
	if c.cfg.Delay > 0 {
		pause = time.Duration(rand.Int63n(int64(c.cfg.Delay)))
	}
	retries := c.cfg.MaxRetries
	if retries <= 0 {
		retries = 8
	}
	var err error
	for i := 0; i < retries; i++ { // want `R-2.*8 attempts = 7 retries`
		if i > 0 && pause > 0 {
			time.Sleep(pause)
		}
		var resp *http.Response
		resp, err = c.hc.Get("https://api.example.com/b")
		if err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return err
}

// fetchSmall: the default is within range: silent.
func (c *Client) fetchSmall() error {
	retries := c.cfg.MaxRetries
	if retries == 0 {
		retries = 3
	}
	var err error
	for i := 0; i < retries; i++ {
		var resp *http.Response
		resp, err = c.hc.Get("https://api.example.com/c")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return err
}

// Loaded is filled from a file: its count is the file's, unknown.
type Loaded struct {
	MaxRetries int `json:"max_retries"`
}

func load(b []byte) (*Loaded, error) {
	var l Loaded
	err := json.Unmarshal(b, &l)
	return &l, err
}

func fetchLoaded(hc *http.Client, l *Loaded) error {
	retries := l.MaxRetries
	if retries == 0 {
		retries = 10
	}
	var err error
	for i := 0; i < retries; i++ {
		var resp *http.Response
		resp, err = hc.Get("https://api.example.com/d")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return err
}

// Tuned has a count the package sets itself: the package's own value
// decides, not the fallback.
type Tuned struct {
	MaxRetries int
}

func NewTuned() *Tuned { return &Tuned{MaxRetries: 2} }

func fetchTuned(hc *http.Client, t *Tuned) error {
	retries := t.MaxRetries
	if retries == 0 {
		retries = 10
	}
	var err error
	for i := 0; i < retries; i++ {
		var resp *http.Response
		resp, err = hc.Get("https://api.example.com/e")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return err
}

// A fallback that is not the next statement is not read.
func (c *Client) fetchLater() error {
	retries := c.cfg.MaxRetries
	base := time.Second
	if retries == 0 {
		retries = 10
	}
	var err error
	for i := 0; i < retries; i++ {
		var resp *http.Response
		resp, err = c.hc.Get("https://api.example.com/f")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(base << i)
	}
	return err
}

// A limit the loop changes is still a counter: compared with an unknown
// value, the bound stays unknown.
func (c *Client) fetchShrinking(limit int) error {
	var err error
	for i := 0; i < 10; i++ {
		if i > limit {
			limit++
			continue
		}
		var resp *http.Response
		resp, err = c.hc.Get("https://api.example.com/g")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return err
}

var _ = load
