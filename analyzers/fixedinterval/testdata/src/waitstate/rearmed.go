package waitstate

import (
	"context"
	"math"
	"math/rand/v2"
	"net/http"
	"time"
)

// A stream re-armed for the next round of a select: the failed connect
// re-arms the timer with its backoff and continues (the failure path),
// the connected one with its period. The first firing comes before the
// first connect: it is no wait between attempts.

type StreamOpts struct {
	Backoff, MaxBackoff time.Duration
}

type stream struct {
	Opts StreamOpts
	hc   *http.Client
}

func (s *stream) connect() error {
	resp, err := s.hc.Get("https://stream.example.com/")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *stream) run(ctx context.Context) {
	n := 0
	t := time.NewTimer(0)
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C: // want `R-1: retry of s\.connect \(GET\): its wait grows exponentially without jitter`
			if err := s.connect(); err != nil {
				n++
				next := time.Duration(float64(s.Opts.Backoff) * math.Pow(1.6, float64(n)))
				if next > s.Opts.MaxBackoff {
					next = s.Opts.MaxBackoff
				}
				t.Reset(next)
				continue
			}
			n = 0
			t.Reset(time.Minute)
		}
	}
}

// Must not flag: the same with full jitter on the failure path.
func (s *stream) runJittered(ctx context.Context) {
	n := 0
	t := time.NewTimer(0)
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := s.connect(); err != nil {
				n++
				next := time.Duration(float64(s.Opts.Backoff) * math.Pow(1.6, float64(n)))
				if next > s.Opts.MaxBackoff {
					next = s.Opts.MaxBackoff
				}
				t.Reset(time.Duration(rand.Int64N(int64(next))))
				continue
			}
			n = 0
			t.Reset(time.Minute)
		}
	}
}
