package waitstate

import (
	"math/rand/v2"
	"net/http"
	"time"
)

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

// A backoff object of the package keeps the next wait in its fields.
type backoff struct {
	attempts      int
	initial, max  time.Duration
	jitterOverall bool
}

func (b *backoff) next() time.Duration {
	if b.initial == 0 {
		b.initial = 100 * time.Millisecond
	}
	d := min(b.max, b.initial<<b.attempts)
	b.attempts++
	if b.jitterOverall {
		return time.Duration(rand.Int64N(int64(d)))
	}
	return d
}

func (b *backoff) reset() { b.attempts = 0 }

func doubling() error {
	b := &backoff{max: 10 * time.Second}
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(b.next()) // want `R-1.*exponential`
	}
	return err
}

func resetBeforeWait() error {
	b := &backoff{max: 10 * time.Second}
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		b.reset()
		time.Sleep(b.next()) // want `R-1.*fixed 100ms`
	}
	return err
}

// Full jitter over the doubled value complies.
func jittered() error {
	b := &backoff{max: 10 * time.Second, jitterOverall: true}
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(b.next())
	}
	return err
}

// The object is handed to code that may change it: not known.
func handedOut() error {
	b := &backoff{max: 10 * time.Second}
	configure(b)
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		b.reset()
		time.Sleep(b.next())
	}
	return err
}

func configure(b *backoff) { b.jitterOverall = true }

// A policy interface whose one value in the package is a literal.
type Policy interface{ Wait(n int) time.Duration }

type Constant struct{ Interval time.Duration }

func (c Constant) Wait(int) time.Duration { return c.Interval } // want `R-1: retry of do \(GET\) with Constant waits a fixed 2s between attempts`

type FullJitter struct{ Base time.Duration }

func (f FullJitter) Wait(n int) time.Duration {
	return time.Duration(rand.Int64N(int64(min(30*time.Second, f.Base<<min(n, 5)))))
}

type Options struct {
	Retry  Policy
	Jitter Policy
}

func DefaultOptions() Options {
	return Options{Retry: Constant{Interval: 2 * time.Second}, Jitter: FullJitter{Base: time.Second}}
}

type Client struct{ opts Options }

func (c *Client) call() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.opts.Retry.Wait(i)) // want `R-1.*fixed 2s`
	}
	return err
}

func (c *Client) callJitter() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.opts.Jitter.Wait(i))
	}
	return err
}

// A policy passed in by the caller: its value is not known, but the
// package's implementations are each a wait the retry takes when given
// it: Constant is reported where it is declared (above, once, as the
// default of call's Retry too), FullJitter is not.
func callWith(p Policy) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(p.Wait(i))
	}
	return err
}
