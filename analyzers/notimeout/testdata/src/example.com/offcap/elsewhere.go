package offcap

import (
	"context"
	"errors"
	"time"
)

// --- A loop that reads a time limit the package sets up in another
// function (the unary path's perCall), off in the default options: the
// stream path tests it but applies no deadline of its own. ---

// errDeadline stands for a status with code DeadlineExceeded.
var errDeadline = errors.New("deadline exceeded")

// Stream opens a stream, retrying a failed open.
func Stream(open func(ctx context.Context) (any, error), ctx context.Context) (any, error) {
	o := defaultOptions
	var err error
	for i := 0; i < o.max; i++ { // want `R-3: retry of open has no total duration cap by default: it reads o.perCallTimeout, off by default, the deadline perCall sets up`
		var s any
		s, err = open(ctx)
		if err == nil {
			return s, nil
		}
		if errors.Is(err, errDeadline) {
			if ctx.Err() != nil {
				return nil, err
			} else if o.perCallTimeout != 0 {
				continue
			}
		}
		time.Sleep(time.Second << i)
	}
	return nil, err
}

type stream struct {
	recv func(ctx context.Context) error
	opts *options
	ctx  context.Context
}

// Recv receives, re-establishing the stream after a failure; the
// decision is made by a helper that reads the time limit.
func (s *stream) Recv() error {
	again, err := s.recvOnce()
	if !again {
		return err
	}
	for i := 1; i < s.opts.max; i++ { // want `R-3: retry of s.recvOnce has no total duration cap by default: it reads s.opts.perCallTimeout, off by default, the deadline perCall sets up`
		if err := sleep(s.ctx, time.Second<<i); err != nil {
			return err
		}
		again, err = s.recvOnce()
		if !again {
			return err
		}
	}
	return err
}

func (s *stream) recvOnce() (bool, error) {
	err := s.recv(s.ctx)
	if err == nil {
		return false, err
	}
	if errors.Is(err, errDeadline) && s.opts.perCallTimeout != 0 {
		return true, err
	}
	return true, err
}

// --- Not off by default: the field tested is a time limit elsewhere,
// but the package ships it set (defaultShipped's 20s). The loop itself
// has no count and nothing but the caller's deadline ends it (issue 33). ---

// StreamShipped tests a limit the package ships on.
func StreamShipped(open func(ctx context.Context) (any, error), ctx context.Context) (any, error) {
	s := defaultShipped
	for { // want `R-3: .*has no total duration cap: no attempt count, and only ctx's deadline, which it never sets, ends it`
		v, err := open(ctx)
		if err == nil {
			return v, nil
		}
		if errors.Is(err, errDeadline) && s.timeout != 0 {
			continue
		}
		if err := sleep(ctx, time.Second); err != nil {
			return nil, err
		}
	}
}

// --- Must not flag: the loop tests the off limit but caps itself. ---

// StreamChecked stops after 20s whatever the options.
func StreamChecked(open func(ctx context.Context) (any, error), ctx context.Context) (any, error) {
	o := defaultOptions
	start := time.Now()
	var err error
	for i := 0; i < o.max; i++ {
		var v any
		if v, err = open(ctx); err == nil {
			return v, nil
		}
		if errors.Is(err, errDeadline) && o.perCallTimeout != 0 {
			continue
		}
		if time.Since(start) > 20*time.Second {
			return nil, err
		}
		time.Sleep(time.Second << i)
	}
	return nil, err
}

// --- Not off by default: the tested field is a time limit nowhere (the
// package only logs by it). The loop relies on the caller's deadline
// (issue 33). ---

// StreamLogged tests a field no guard turns into a time limit.
func StreamLogged(open func(ctx context.Context) (any, error), ctx context.Context) (any, error) {
	l := defaultLogged
	for { // want `R-3: .*has no total duration cap: no attempt count, and only ctx's deadline, which it never sets, ends it`
		v, err := open(ctx)
		if err == nil {
			return v, nil
		}
		if l.verbose != 0 {
			continue
		}
		if err := sleep(ctx, time.Second); err != nil {
			return nil, err
		}
	}
}
