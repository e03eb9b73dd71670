// Package notify holds a verdict type whose error is unexported: another
// package reads it through its accessor only.
package notify

import (
	"context"
	"net"
	"time"
)

// Verdict is a notification's outcome; err is its failure.
type Verdict struct {
	retry bool
	after time.Duration
	err   error
}

// Err returns the carried error.
func (v Verdict) Err() error { return v.err }

// ShouldRetry says whether the failure is worth another attempt.
func (v Verdict) ShouldRetry() bool { return v.retry }

// Delay is the server's hint.
func (v Verdict) Delay() time.Duration { return v.after }

// Sender sends notifications.
type Sender struct{ c net.Conn }

// Notify sends one notification.
func (s *Sender) Notify(ctx context.Context) Verdict {
	if _, err := s.c.Write([]byte("n")); err != nil {
		return Verdict{retry: true, err: err}
	}
	return Verdict{}
}
