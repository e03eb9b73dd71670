package funcvals

import (
	"errors"
	"io"
	"time"
)

type streamOpts struct {
	max     int
	backoff time.Duration
}

// defaultStreamOpts retries nothing until WithStreamMax sets a count.
var defaultStreamOpts = &streamOpts{max: 0, backoff: 50 * time.Millisecond}

// WithStreamMax sets the number of attempts.
func WithStreamMax(n int) func(*streamOpts) {
	return func(o *streamOpts) { o.max = n }
}

type stream struct {
	opts *streamOpts
	recv func() error
}

// NewStream reads with the default options.
func NewStream(recv func() error) *stream { return &stream{opts: defaultStreamOpts, recv: recv} }

// Recv receives, receiving again after a retriable failure: the decision
// is recvOnce's bool, false for every nil error (the nil exit), the
// classifier's below it. The count is 0 until the user sets it; once set
// the waits are a fixed 50ms.
func (s *stream) Recv() error {
	again, err := s.recvOnce()
	if !again {
		return err
	}
	for i := 1; i < s.opts.max; i++ {
		time.Sleep(s.opts.backoff) // want `R-1: retry of s.recvOnce waits a fixed 50ms`
		again, err = s.recvOnce()
		if !again {
			return err
		}
	}
	return err
}

func (s *stream) recvOnce() (bool, error) {
	err := s.recv()
	if err == nil || errors.Is(err, io.EOF) {
		return false, err
	}
	return retriable(err), err
}

func retriable(err error) bool { return !errors.Is(err, errFatal) }

var errFatal = errors.New("fatal")

// --- Must not flag: below the nil exit the error is written again, so
// a nil error may reach the unreadable return: no retry decision. ---

type cursor struct {
	fetch func() error
	more  func() bool
}

// Drain reads every page.
func (c *cursor) Drain() error {
	for {
		more, err := c.step()
		if !more {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (c *cursor) step() (bool, error) {
	err := c.fetch()
	if err == nil {
		return false, nil
	}
	err = c.fetch()
	return c.more(), err
}

// --- Must not flag: a count of 0 the user cannot change: no retries. ---

type fixedStream struct{ recv func() error }

func (s *fixedStream) recvOnce() (bool, error) {
	err := s.recv()
	if err == nil || errors.Is(err, io.EOF) {
		return false, err
	}
	return retriable(err), err
}

const noRetries = 0

// Recv never retries.
func (s *fixedStream) Recv() error {
	again, err := s.recvOnce()
	if !again {
		return err
	}
	for i := 1; i < noRetries+1; i++ {
		time.Sleep(50 * time.Millisecond)
		again, err = s.recvOnce()
		if !again {
			return err
		}
	}
	return err
}
