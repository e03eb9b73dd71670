package waitstate

import (
	"errors"
	"io"
	"net/http"
	"time"
)

// A reader that polls a log endpoint until data arrives: its read answers
// io.ErrNoProgress after a successful exchange that brought nothing, and
// the loop goes back only on that answer. No failure leads back: a poll
// for data, not a retry (must not flag).
type logPoller struct {
	c *http.Client
}

func (r *logPoller) Read(l []byte) (int, error) {
	for i := 1; ; i++ {
		time.Sleep(time.Duration(i) * time.Second)
		written, err := r.read(l)
		if !errors.Is(err, io.ErrNoProgress) {
			return written, err
		}
	}
}

func (r *logPoller) read(l []byte) (int, error) {
	resp, err := r.c.Get("https://logs.example.com/")
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	n, _ := resp.Body.Read(l)
	if n > 0 {
		return n, nil
	}
	return 0, io.ErrNoProgress
}

// The same loop going back on every failure is a retry.
func (r *logPoller) ReadRetrying(l []byte) (int, error) {
	for i := 1; i <= 3; i++ {
		time.Sleep(time.Duration(i) * time.Second) // want `R-1: retry of r\.read \(GET\): its wait grows linearly by 1s per attempt, without jitter`
		written, err := r.read(l)
		if err == nil || errors.Is(err, io.ErrNoProgress) {
			return written, err
		}
	}
	return 0, errors.New("gave up")
}
