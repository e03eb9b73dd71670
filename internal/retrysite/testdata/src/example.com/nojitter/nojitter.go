// Package nojitter holds reconnect loops whose attempt count is a field
// of the session (s.attempts++, reset to 0) and whose delay is doubled by
// a loop of its own: the count is stepped per attempt, so the waits are
// run, and a wait with nothing drawn at random is reported.
package nojitter

import (
	"context"
	"errors"
	"math/rand"
	"sync"
	"time"
)

type Options struct {
	MaxAttempts  int
	InitialDelay time.Duration
	MaxDelay     time.Duration
}

type Session struct {
	mu       sync.Mutex
	options  Options
	attempts int
	ctx      context.Context
	open     func(context.Context) error
}

func New(options Options, open func(context.Context) error) *Session {
	if options.MaxAttempts == 0 {
		options.MaxAttempts = 5
	}
	if options.InitialDelay == 0 {
		options.InitialDelay = 500 * time.Millisecond
	}
	if options.MaxDelay == 0 {
		options.MaxDelay = 8 * time.Second
	}
	return &Session{options: options, open: open, ctx: context.Background()}
}

func retryable(err error) bool { return !errors.Is(err, context.Canceled) }

// delay doubles InitialDelay once per attempt made, up to MaxDelay.
func (s *Session) recover() error {
	for { // want `loop ctx=sync bound=\?`
		s.mu.Lock()
		if s.attempts >= s.options.MaxAttempts {
			s.mu.Unlock()
			return errors.New("gave up")
		}
		s.attempts++
		delay := s.options.InitialDelay
		for i := 1; i < s.attempts && delay < s.options.MaxDelay; i++ {
			delay *= 2
		}
		if delay > s.options.MaxDelay {
			delay = s.options.MaxDelay
		}
		s.mu.Unlock()
		timer := time.NewTimer(delay)
		select {
		case <-s.ctx.Done():
			timer.Stop()
			return s.ctx.Err()
		case <-timer.C: // want `R-1: retry of s.open: its wait doubles from .* up to 8s without jitter`
		}
		err := s.open(s.ctx)
		if err == nil {
			return nil
		}
		if !retryable(err) {
			return err
		}
	}
}

// recoverJittered draws the delay at random over the same window: silent.
func (s *Session) recoverJittered() error {
	for { // want `loop ctx=sync bound=\?`
		s.mu.Lock()
		if s.attempts >= s.options.MaxAttempts {
			s.mu.Unlock()
			return errors.New("gave up")
		}
		s.attempts++
		delay := s.options.InitialDelay
		for i := 1; i < s.attempts && delay < s.options.MaxDelay; i++ {
			delay *= 2
		}
		delay = time.Duration(rand.Int63n(int64(delay)))
		s.mu.Unlock()
		time.Sleep(delay)
		err := s.open(s.ctx)
		if err == nil {
			return nil
		}
		if !retryable(err) {
			return err
		}
	}
}

func (s *Session) withJitter(d time.Duration) time.Duration {
	return d/2 + time.Duration(rand.Int63n(int64(d/2)))
}

// recoverHelper jitters through a method of its own: half the delay plus
// a draw of the other half, equal jitter.
func (s *Session) recoverHelper() error {
	for { // want `loop ctx=sync bound=\?`
		s.mu.Lock()
		if s.attempts >= s.options.MaxAttempts {
			s.mu.Unlock()
			return errors.New("gave up")
		}
		s.attempts++
		delay := s.options.InitialDelay
		for i := 1; i < s.attempts && delay < s.options.MaxDelay; i++ {
			delay *= 2
		}
		s.mu.Unlock()
		time.Sleep(s.withJitter(delay)) // want `R-1: retry of s.open uses equal jitter: waits at least half of the backoff, which doubles from 1s up to 8s`
		err := s.open(s.ctx)
		if err == nil {
			return nil
		}
		if !retryable(err) {
			return err
		}
	}
}

// SeededOptions are a Seeded session's options.
type SeededOptions struct {
	MaxAttempts  int
	InitialDelay time.Duration
	MaxDelay     time.Duration
}

// Seeded is a session whose options default the first delay to a
// random one.
type Seeded struct {
	options  SeededOptions
	attempts int
	ctx      context.Context
	open     func(context.Context) error
}

func NewSeeded(options SeededOptions, open func(context.Context) error) *Seeded {
	if options.MaxAttempts == 0 {
		options.MaxAttempts = 5
	}
	if options.MaxDelay == 0 {
		options.MaxDelay = 8 * time.Second
	}
	return &Seeded{options: seed(options), open: open, ctx: context.Background()}
}

func seed(o SeededOptions) SeededOptions {
	if o.InitialDelay == 0 {
		o.InitialDelay = time.Duration(rand.Int63n(int64(time.Second)))
	}
	return o
}

// recover doubles the first delay, drawn at random once per session by
// default: the clients' schedules differ, silent.
func (s *Seeded) recover() error {
	for { // want `loop ctx=sync bound=\?`
		if s.attempts >= s.options.MaxAttempts {
			return errors.New("gave up")
		}
		s.attempts++
		delay := s.options.InitialDelay
		for i := 1; i < s.attempts && delay < s.options.MaxDelay; i++ {
			delay *= 2
		}
		timer := time.NewTimer(delay)
		select {
		case <-s.ctx.Done():
			timer.Stop()
			return s.ctx.Err()
		case <-timer.C:
		}
		err := s.open(s.ctx)
		if err == nil {
			return nil
		}
		if !retryable(err) {
			return err
		}
	}
}

// Policy moves a drawn session's next delay.
type Policy interface{ Advance(s *Drawn) }

type jittered struct{}

func (jittered) Advance(s *Drawn) {
	s.next = time.Duration(rand.Int63n(int64(time.Second)))
}

// Drawn waits s.next, which its policy, behind an interface, draws again
// at random before every attempt: not a fixed interval, silent.
type Drawn struct {
	next   time.Duration
	policy Policy
	ctx    context.Context
	open   func(context.Context) error
}

func NewDrawn(open func(context.Context) error) *Drawn {
	return &Drawn{policy: jittered{}, open: open, ctx: context.Background()}
}

func (s *Drawn) recover() error {
	for attempt := 0; attempt < 3; attempt++ { // want `loop ctx=sync retries=2`
		s.policy.Advance(s)
		time.Sleep(s.next)
		if err := s.open(s.ctx); err == nil {
			return nil
		}
	}
	return errors.New("gave up")
}

// A timer started at once and reset after each failure: both durations
// are computed with no random draw (waits_determ.go reads them all).
func (s *Session) recoverTimer() error {
	timer := time.NewTimer(0)
	defer timer.Stop()
	for { // want `loop ctx=sync bound=\?`
		select {
		case <-s.ctx.Done():
			return s.ctx.Err()
		case <-timer.C: // want `R-1: retry of s.open: its wait doubles from .* up to 8s without jitter`
		}
		err := s.open(s.ctx)
		if err == nil || s.attempts >= s.options.MaxAttempts {
			return err
		}
		s.attempts++
		delay := s.options.InitialDelay
		for i := 1; i < s.attempts && delay < s.options.MaxDelay; i++ {
			delay *= 2
		}
		timer.Reset(delay)
	}
}

// A wait read from a package table of constant durations, indexed by a
// counter the loop advances up to the table's end: whatever the index,
// no element is drawn at random.
var intervals = []time.Duration{time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second}

func (s *Session) recoverTable() error {
	idx := -1
	for s.attempts < s.options.MaxAttempts { // want `loop ctx=sync bound=\?`
		var wait time.Duration
		if idx >= 0 {
			wait = intervals[idx]
		}
		timer := time.NewTimer(wait)
		select {
		case <-s.ctx.Done():
			timer.Stop()
			return s.ctx.Err()
		case <-timer.C: // want `R-1: retry of s.open waits a delay computed with no random draw: no jitter`
		}
		if err := s.open(s.ctx); err == nil {
			return nil
		}
		s.attempts++
		if idx < len(intervals)-1 {
			idx++
		}
	}
	return errors.New("gave up")
}

// Must not flag: the table holds a random draw, written where the
// package fills it.
var drawn = []time.Duration{time.Second, time.Duration(rand.Int63n(int64(time.Second)))}

func (s *Session) recoverDrawnTable() error {
	for i := 0; s.attempts < s.options.MaxAttempts; i++ { // want `loop ctx=sync bound=\?`
		if err := s.open(s.ctx); err == nil {
			return nil
		}
		s.attempts++
		time.Sleep(drawn[min(i, len(drawn)-1)])
	}
	return errors.New("gave up")
}
