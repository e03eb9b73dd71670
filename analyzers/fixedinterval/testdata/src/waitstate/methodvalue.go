package waitstate

import (
	"math"
	"math/rand/v2"
	"net/http"
	"time"
)

// A func field whose one value in the package is a method value of an
// object its constructors build from constants (RetryAfter defaults to
// DefaultBackoff().Duration): the method runs on that object's fields.

type Backoff struct {
	base   time.Duration
	factor float64
	cap    time.Duration
	full   bool
}

func NewBackoff(base time.Duration, factor float64, cap time.Duration, full bool) *Backoff {
	return &Backoff{base, factor, cap, full}
}

func DefaultBackoff() *Backoff { return NewBackoff(100*time.Millisecond, 2, 10*time.Second, false) }

func JitteredBackoff() *Backoff { return NewBackoff(100*time.Millisecond, 2, 10*time.Second, true) }

func (b *Backoff) Duration(attempt int) time.Duration { // want `R-1: retry of u\.send \(POST\) with Backoff: its wait doubles from 100ms up to 10s without jitter`
	d := math.Min(float64(b.base)*math.Pow(b.factor, float64(attempt)), float64(b.cap))
	if b.full {
		d = rand.Float64() * d
	}
	return time.Duration(d)
}

type UploaderConfig struct {
	RetryAfter func(int) time.Duration
}

type uploader struct {
	cfg UploaderConfig
	hc  *http.Client
}

func NewUploader(cfg UploaderConfig) *uploader {
	if cfg.RetryAfter == nil {
		cfg.RetryAfter = DefaultBackoff().Duration
	}
	return &uploader{cfg: cfg, hc: &http.Client{Timeout: time.Second}}
}

func (u *uploader) send() error {
	resp, err := u.hc.Post("https://in.example.com/batch", "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (u *uploader) Upload() {
	for i := 0; i < 4; i++ {
		if err := u.send(); err == nil {
			return
		}
		time.Sleep(u.cfg.RetryAfter(i)) // want `R-1: retry of u\.send \(POST\): its wait doubles from 100ms up to 10s without jitter, NewUploader's default`
	}
}

// Must not flag: the default draws over the whole backoff.
type JitterConfig struct {
	RetryAfter func(int) time.Duration
}

type jitterUploader struct {
	cfg JitterConfig
	up  *uploader
}

func NewJitterUploader(cfg JitterConfig) *jitterUploader {
	if cfg.RetryAfter == nil {
		cfg.RetryAfter = JitteredBackoff().Duration
	}
	return &jitterUploader{cfg: cfg}
}

func (j *jitterUploader) Upload() {
	for i := 0; i < 4; i++ {
		if err := j.up.send(); err == nil {
			return
		}
		time.Sleep(j.cfg.RetryAfter(i))
	}
}
