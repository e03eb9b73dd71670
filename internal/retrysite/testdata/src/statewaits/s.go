package statewaits

import (
	"math/rand/v2"
	"net/http"
	"time"
)

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

// A backoff object of the package whose method returns the next wait
// and keeps its state in the receiver's fields between calls.

// doubling doubles a field on each call: exponential.
type doubling struct {
	cur, max time.Duration
}

func (b *doubling) next() time.Duration {
	d := b.cur
	b.cur *= 2
	if b.cur > b.max {
		b.cur = b.max
	}
	return d
}

func exponential() error {
	b := &doubling{cur: time.Second, max: time.Minute}
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(b.next()) // want `sleep exponential backoff without jitter: doubles from 1s`
	}
	return err
}

// counting keeps an attempt count and defaults its zero fields, the way
// jpillora/backoff-style counters do.
type counting struct {
	attempts     int
	Initial, Max time.Duration
	Jitter       time.Duration
}

func (b *counting) Duration() (dur time.Duration) {
	if b.Max == 0 {
		b.Max = 10 * time.Second
	}
	if b.Initial == 0 {
		b.Initial = 100 * time.Millisecond
	}
	dur = b.Initial << b.attempts
	if dur > b.Max {
		dur = b.Max
	}
	if b.Jitter > 0 {
		dur += rand.N(b.Jitter)
	}
	b.attempts++
	return dur
}

func (b *counting) Reset() { b.attempts = 0 }

func (b *counting) Attempts() int { return b.attempts }

func connect() error {
	boff := &counting{Max: 5 * time.Minute}
	for {
		err := do()
		if err == nil {
			boff.Reset()
			return nil
		}
		println(boff.Attempts())
		wait := max(0, boff.Duration())
		select {
		case <-time.After(wait): // want `after exponential backoff without jitter: doubles from 100ms`
		}
	}
}

func additive() error {
	boff := counting{Initial: time.Second, Max: time.Minute, Jitter: 50 * time.Millisecond}
	var err error
	for i := 0; i < 5; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(boff.Duration()) // want `sleep partial jitter`
	}
	return err
}

// resetEachTime resets the counter before every wait: a fixed interval.
func resetEachTime() error {
	boff := &counting{Initial: time.Second}
	var err error
	for i := 0; i < 5; i++ {
		if err = do(); err == nil {
			return nil
		}
		boff.Reset()
		time.Sleep(boff.Duration()) // want `sleep fixed interval: a fixed 1s`
	}
	return err
}

// steady counts calls but returns a field that never changes.
type steady struct {
	d     time.Duration
	calls int
}

func (s *steady) next() time.Duration {
	s.calls++
	return s.d
}

func newSteady() *steady { return &steady{d: 2 * time.Second} }

func fixed() error {
	s := newSteady()
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(s.next()) // want `sleep fixed interval: a fixed 2s`
	}
	return err
}

// fullJitter draws over the whole doubled value.
type fullJitter struct {
	base time.Duration
	n    uint
}

func (f *fullJitter) next() time.Duration {
	d := min(30*time.Second, f.base<<f.n)
	f.n++
	return time.Duration(rand.Int64N(int64(d)))
}

func jittered() error {
	var f fullJitter
	f.base = time.Second
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(f.next()) // want `sleep full jitter`
	}
	return err
}

// equal adds a draw to half the doubled value.
func (f *fullJitter) equal() time.Duration {
	d := f.base << f.n
	f.n++
	return d/2 + time.Duration(rand.Int64N(int64(d/2)))
}

func equalJitter() error {
	f := &fullJitter{base: time.Second}
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(f.equal()) // want `sleep equal jitter`
	}
	return err
}

// Must not be read: the object escapes, is built out of sight, or its
// method does what the interpreter cannot follow.

func escapes() error {
	b := &doubling{cur: time.Second, max: time.Minute}
	tune(b)
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(b.next()) // want `sleep unknown`
	}
	return err
}

func tune(b *doubling) { b.cur = 0 }

func given(b *doubling) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(b.next()) // want `sleep no jitter: a delay computed with no random draw`
	}
	return err
}

var calls int

type global struct{ d time.Duration }

func (g *global) next() time.Duration {
	calls++
	g.d *= 2
	return g.d
}

func writesGlobal() error {
	g := &global{d: time.Second}
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(g.next()) // want `sleep unknown`
	}
	return err
}

func inGoroutine() error {
	b := &doubling{cur: time.Second, max: time.Minute}
	go func() { _ = b.next() }()
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(b.next()) // want `sleep unknown`
	}
	return err
}

// A loop-invariant wait is a fixed interval whatever its value; a call
// in the loop that the model cannot see may vary.

func invariant(cfg func() time.Duration) error {
	d := cfg()
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(d) // want `sleep fixed interval`
	}
	return err
}

func variant(cfg func() time.Duration) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(cfg()) // want `sleep unknown`
	}
	return err
}

// A wait computed by a policy interface whose one value in the package
// is a literal of one of its types (the default a constructor ships).

type ReconnectPolicy interface {
	Interval(n int) time.Duration
}

type ConstantPolicy struct{ Every time.Duration }

func (c *ConstantPolicy) Interval(n int) time.Duration { return c.Every }

type ExpPolicy struct{ Base time.Duration }

func (e *ExpPolicy) Interval(n int) time.Duration { return e.Base << n }

type Config struct {
	Reconnect ReconnectPolicy
	Other     ReconnectPolicy
	Given     ReconnectPolicy
}

func NewConfig() *Config {
	return &Config{
		Reconnect: &ConstantPolicy{Every: time.Second},
		Other:     &ConstantPolicy{Every: time.Second},
	}
}

func (c *Config) UseExp() { c.Other = &ExpPolicy{Base: time.Second} }

func (c *Config) SetGiven(p ReconnectPolicy) { c.Given = p }

type pool struct{ cfg *Config }

func (p *pool) dial() error {
	policy := p.cfg.Reconnect
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(policy.Interval(i)) // want `sleep fixed interval: a fixed 1s`
	}
	return err
}

// Two values reach Other, and Given is the user's: not known.
func (p *pool) dialOther() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(p.cfg.Other.Interval(i)) // want `sleep unknown`
	}
	return err
}

func (p *pool) dialGiven() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(p.cfg.Given.Interval(i)) // want `sleep unknown`
	}
	return err
}

// A cap reached only at the last attempt run cuts that step short: still
// exponential.
func capAtLast() error {
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(min(10*time.Second, 100*time.Millisecond<<i)) // want `sleep exponential backoff without jitter: doubles from 100ms up to 10s`
	}
	return err
}

// Squares are polynomial, not a capped exponential.
func squares() error {
	var err error
	for i := 1; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i*i) * time.Second) // want `sleep polynomial backoff`
	}
	return err
}

// A wait computed two calls away: a method reading the receiver's
// bounds calls a function that draws equal jitter.

type client struct{ waitMin, waitMax time.Duration }

func newClient() *client { return &client{waitMin: 100 * time.Millisecond, waitMax: 2 * time.Second} }

func (c *client) sleepDuration(attempt int) time.Duration {
	return jitterBackoff(c.waitMin, c.waitMax, attempt)
}

func jitterBackoff(lo, hi time.Duration, attempt int) time.Duration {
	temp := min(hi, lo<<attempt)
	half := temp / 2
	return half + time.Duration(rand.Int64N(int64(half)))
}

func (c *client) execute() error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.sleepDuration(attempt)) // want `sleep equal jitter`
	}
	return err
}

// A multiplier drawn between 0.8 and 1.3 of an exponential delay:
// partial jitter.
func calcDelay(base time.Duration, try int32) time.Duration {
	delay := time.Duration((1<<try)-1) * base
	return time.Duration(float64(delay) * (0.8 + rand.Float64()*0.5))
}

func multiplier() error {
	var err error
	for try := int32(1); try < 4; try++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(calcDelay(time.Second, try)) // want `sleep partial jitter`
	}
	return err
}

// An undecided branch that returns the setting, the other no wait (0
// when recovery is off): a fixed interval either way (waits_alt.go,
// fixedSetting). The caller adds a little jitter.
type recovering struct {
	Enabled  func() bool
	Interval time.Duration
}

func (r *recovering) interval() time.Duration {
	if r.Enabled() {
		return r.Interval
	}
	return 0
}

func (r *recovering) recover() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(r.interval() + time.Duration(rand.IntN(500))*time.Millisecond) // want `sleep fixed interval: a fixed interval with a little jitter`
	}
	return err
}

// growing doubles the setting with the attempt, or is no wait: the two
// returns have no single shape, the value is not known.
func (r *recovering) growing(n int) time.Duration {
	if r.Enabled() {
		return r.Interval << n
	}
	return 0
}

func (r *recovering) recoverGrowing() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(r.growing(i)) // want `sleep no jitter: a delay computed with no random draw`
	}
	return err
}

// other returns the setting or another setting: they disagree, unknown.
func (r *recovering) other() time.Duration {
	if r.Enabled() {
		return r.Interval
	}
	return time.Second
}

func (r *recovering) recoverOther() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(r.other()) // want `sleep no jitter: a delay computed with no random draw`
	}
	return err
}

// Both branches return the same value: known.
func (r *recovering) same() time.Duration {
	if r.Enabled() {
		return r.Interval
	}
	return r.Interval
}

func (r *recovering) recoverSame() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(r.same()) // want `sleep fixed interval`
	}
	return err
}

// A hook compared with nil keeps its default reading: the package never
// sets it, so the fixed interval below is what it ships.
type hooked struct {
	BackoffFunc func(int) time.Duration
	Backoff     time.Duration
}

func newHooked() *hooked { return &hooked{Backoff: 250 * time.Millisecond} }

func (h *hooked) backoff(n int) time.Duration {
	if h.BackoffFunc != nil {
		return h.BackoffFunc(n)
	}
	return h.Backoff
}

func (h *hooked) run() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(h.backoff(i)) // want `sleep fixed interval: a fixed 250ms`
	}
	return err
}
