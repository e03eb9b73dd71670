package waits

import (
	"context"
	crand "crypto/rand"
	"errors"
	"math"
	"math/big"
	"math/rand"
	"net/http"
	"time"
)

// The operations cross an integration boundary.
func do() error {
	_, err := http.Get("http://example.com")
	return err
}

func get() (*http.Response, error) { return http.Get("http://example.com") }

const base = 250 * time.Millisecond

// Fixed intervals.

func fixedSleep() error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second) // want `sleep fixed interval: a fixed 2s \[attempt i\]` `R-1: retry of do \(GET\) waits a fixed 2s between attempts; use exponential backoff with full jitter`
	}
	return errors.New("x")
}

func fixedBeforeLoop() error {
	delay := 2 * time.Second
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(delay) // want `sleep fixed interval: a fixed 2s \[attempt i\]` `R-1: retry of do \(GET\) waits a fixed 2s between attempts; use exponential backoff with full jitter`
	}
	return errors.New("x")
}

func fixedParam(interval time.Duration) error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(interval) // want `sleep fixed interval: a fixed interval \(interval\) \[attempt i\]` `R-1: retry of do \(GET\) waits a fixed interval \(interval\) between attempts; use exponential backoff with full jitter`
	}
	return errors.New("x")
}

type client struct{ wait time.Duration }

func (c *client) fixedField() error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(c.wait) // want `sleep fixed interval: a fixed interval \(c\.wait\) \[attempt i\]` `R-1: retry of do \(GET\) waits a fixed interval \(c\.wait\) between attempts; use exponential backoff with full jitter`
	}
	return errors.New("x")
}

func fixedSelect(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond): // want `after fixed interval: a fixed 500ms \[attempt i\]` `R-1: retry of do \(GET\) waits a fixed 500ms between attempts; use exponential backoff with full jitter`
		}
	}
	return errors.New("x")
}

func fixedTimer(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C: // want `timer fixed interval: a fixed 1s \[attempt i\]` `R-1: retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
		}
	}
	return errors.New("x")
}

func fixedTicker(ctx context.Context) error {
	tick := time.NewTicker(3 * time.Second)
	defer tick.Stop()
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		<-tick.C // want `ticker fixed interval: a fixed 3s \[attempt i\]` `R-1: retry of do \(GET\) waits a fixed 3s between attempts; use exponential backoff with full jitter`
	}
	return errors.New("x")
}

func noWait() error {
	var err error
	for i := 0; i < 3; i++ { // want `no wait` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

func zero() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(0) // want `sleep no wait: no wait \(a zero duration\) \[attempt i\]` `R-1: retry of do \(GET\) waits no time between attempts \(no wait \(a zero duration\)\); use full jitter`
	}
	return err
}

// Growing waits without jitter.

func linear() error {
	for attempt := 1; attempt <= 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * 500 * time.Millisecond) // want `sleep linear backoff: grows linearly by 500ms per attempt, without jitter \[attempt attempt\]` `R-1: retry of do \(GET\): its wait grows linearly by 500ms per attempt, without jitter; use full jitter`
	}
	return errors.New("x")
}

func polynomial() error {
	for attempt := 1; attempt <= 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt*attempt) * 100 * time.Millisecond) // want `sleep polynomial backoff: grows polynomially with the attempt, without jitter \[attempt attempt\]` `R-1: retry of do \(GET\): its wait grows polynomially with the attempt, without jitter; use full jitter`
	}
	return errors.New("x")
}

func shift() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(base << attempt) // want `sleep exponential backoff without jitter: doubles from 250ms without jitter \[attempt attempt\]` `R-1: retry of do \(GET\): its wait doubles from 250ms without jitter; use exponential backoff with full jitter`
	}
	return errors.New("x")
}

func doubling() error {
	delay := 100 * time.Millisecond
	for i := 0; i < 5; i++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(delay) // want `sleep exponential backoff without jitter: doubles from 100ms without jitter \[attempt i\]` `R-1: retry of do \(GET\): its wait doubles from 100ms without jitter; use exponential backoff with full jitter`
		delay *= 2
	}
	return errors.New("x")
}

func doublingCapped(maxDelay time.Duration) error {
	delay := time.Second
	for i := 0; i < 5; i++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(delay) // want `sleep exponential backoff without jitter: doubles from 1s without jitter \[attempt i\]` `R-1: retry of do \(GET\): its wait doubles from 1s without jitter; use exponential backoff with full jitter`
		delay *= 2
		if delay > maxDelay {
			delay = maxDelay
		}
	}
	return errors.New("x")
}

func pow() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		d := time.Duration(math.Pow(2, float64(attempt))) * time.Second
		time.Sleep(min(d, 30*time.Second)) // want `sleep exponential backoff without jitter: doubles from 1s up to 30s without jitter \[attempt attempt\]` `R-1: retry of do \(GET\): its wait doubles from 1s up to 30s without jitter; use exponential backoff with full jitter`
	}
	return errors.New("x")
}

// Jitter.

func fullJitter() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		ceil := min(30*time.Second, time.Second<<attempt)
		time.Sleep(time.Duration(rand.Int63n(int64(ceil)))) // want `sleep full jitter: full jitter over a backoff that doubles from 1s up to 30s \[attempt attempt\]`
	}
	return errors.New("x")
}

func fullJitterFloat() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		backoff := math.Min(30, math.Pow(2, float64(attempt)))
		time.Sleep(time.Duration(rand.Float64() * backoff * float64(time.Second))) // want `sleep full jitter: full jitter over a backoff that doubles from 1s up to 30s \[attempt attempt\]`
	}
	return errors.New("x")
}

func equalJitter() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		b := time.Second << attempt
		time.Sleep(b/2 + time.Duration(rand.Int63n(int64(b/2)))) // want `sleep equal jitter: equal jitter: waits at least half of the backoff, which doubles from 1s \[attempt attempt\]` `R-1: retry of do \(GET\) uses equal jitter: waits at least half of the backoff, which doubles from 1s: equal jitter's floor keeps clients in step`
	}
	return errors.New("x")
}

func symmetric() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		b := float64(time.Second << attempt)
		time.Sleep(time.Duration(b * (0.8 + 0.4*rand.Float64()))) // want `sleep partial jitter: partial jitter: every wait is at least 67% of the backoff, which doubles from 1s \[attempt attempt\]` `R-1: retry of do \(GET\) uses partial jitter: every wait is at least 67% of the backoff, which doubles from 1s`
	}
	return errors.New("x")
}

func fixedPlusJitter() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(time.Second + time.Duration(rand.Int63n(int64(100*time.Millisecond)))) // want `sleep fixed interval: a fixed 1s to 1\.1s \(jittered within that range, but it never grows\) \[attempt attempt\]` `R-1: retry of do \(GET\) waits a fixed 1s to 1\.1s \(jittered within that range, but it never grows\) between attempts`
	}
	return errors.New("x")
}

func rawModulo() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.Int63() % int64(time.Second<<attempt))) // want `sleep full jitter: full jitter over a backoff that doubles from 1s \[attempt attempt\]`
	}
	return errors.New("x")
}

func decorrelated() error {
	const capD, baseD = 30 * time.Second, time.Second
	sleep := baseD
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		sleep = min(capD, baseD+time.Duration(rand.Int63n(int64(sleep*3-baseD))))
		time.Sleep(sleep) // want `sleep decorrelated jitter: decorrelated jitter \[attempt attempt\]`
	}
	return errors.New("x")
}

func cryptoJitter() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		n, _ := crand.Int(crand.Reader, big.NewInt(int64(time.Second<<attempt)))
		time.Sleep(time.Duration(n.Int64())) // want `sleep full jitter: full jitter over a backoff that doubles from 1s \[attempt attempt\]`
	}
	return errors.New("x")
}

// Helpers.

func backoff(attempt int) time.Duration {
	d := time.Second << attempt
	if d > 30*time.Second {
		return 30 * time.Second
	}
	return time.Duration(rand.Int63n(int64(d)))
}

func withHelper() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(backoff(attempt)) // want `sleep full jitter: full jitter over a backoff that doubles from 1s up to 30s \[attempt attempt\]`
	}
	return errors.New("x")
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func withSleepHelper(ctx context.Context) error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		if err := sleepCtx(ctx, 2*time.Second); err != nil { // want `helper fixed interval: a fixed 2s \[attempt attempt\]` `R-1: retry of do \(GET\) waits a fixed 2s between attempts; use exponential backoff with full jitter`
			return err
		}
	}
	return errors.New("x")
}

func pause() { time.Sleep(time.Second) }

func withPauseHelper() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		pause() // want `helper fixed interval: a fixed 1s \[attempt attempt\]` `R-1: retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
	return errors.New("x")
}

func jitteredSleep(attempt int) {
	time.Sleep(time.Duration(rand.Int63n(int64(time.Second << attempt))))
}

func withJitterSleepHelper() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		jitteredSleep(attempt) // want `helper full jitter: full jitter over a backoff that doubles from 1s \[attempt attempt\]`
	}
	return errors.New("x")
}

// Waits guarded by the attempt, at the top of the loop.

func sleepFirst() error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if attempt > 0 {
			time.Sleep(time.Second << attempt) // want `sleep exponential backoff without jitter: doubles from 2s without jitter \[attempt attempt\]` `R-1: retry of do \(GET\): its wait doubles from 2s without jitter; use exponential backoff with full jitter`
		}
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// A counter in the body and a wait with a schedule.

var schedule = []time.Duration{time.Second, 5 * time.Second, 30 * time.Second}

func scheduled() error {
	attempt := 0
	for {
		err := do()
		if err == nil {
			return nil
		}
		if attempt >= len(schedule) {
			return err
		}
		time.Sleep(schedule[attempt]) // want `sleep schedule: a fixed schedule \(1s, 5s, 30s\) without jitter \[attempt attempt\]` `R-1: retry of do \(GET\) waits a fixed schedule \(1s, 5s, 30s\) without jitter; use exponential backoff with full jitter`
		attempt++
	}
}

// Mixed: errors retry at once, 503s wait.

func mixed() (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `sleep no wait: no wait after some failures` `R-1: retry of get \(GET\) retries at once after some failures: a path from a failed attempt back to the operation has no wait`
		resp, err := get()
		if err != nil {
			continue
		}
		if resp.StatusCode == 503 {
			time.Sleep(time.Duration(rand.Int63n(int64(time.Second << i)))) // want `sleep full jitter: full jitter over a backoff that doubles from 1s \[attempt i\]`
			continue
		}
		return resp, nil
	}
	return nil, errors.New("x")
}

// Recursion and goto.

func recursive(attempt int) error {
	if err := do(); err != nil && attempt < 3 {
		time.Sleep(time.Second * time.Duration(attempt)) // want `sleep linear backoff: grows linearly by 1s per attempt, without jitter` `R-1: recursive retry of do \(GET\): its wait grows linearly by 1s per attempt, without jitter; use full jitter`
		return recursive(attempt + 1)
	}
	return nil
}

func gotoRetry() error {
	n := 0
again:
	err := do()
	if err != nil && n < 3 {
		n++
		time.Sleep(time.Duration(n) * time.Second) // want `sleep linear backoff: grows linearly by 1s per attempt, without jitter \[attempt n\]` `R-1: retry of do \(GET\): its wait grows linearly by 1s per attempt, without jitter; use full jitter`
		goto again
	}
	return err
}

// Helper call sites share their helper's waits.

func retryN(attempts int, f func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `sleep fixed interval: a fixed 1s \[attempt i\]` `R-1: retry of f \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
	return err
}

func useRetryN() error { return retryN(3, do) } // want `helper call: 1 waits, known true`

// Unknown waits: a backoff object, a rate limiter.

type limiter interface{ Wait(context.Context) error }

func limited(ctx context.Context, l limiter) error {
	for i := 0; i < 3; i++ { // want `waits unknown`
		if err := do(); err == nil {
			return nil
		}
		_ = l.Wait(ctx)
	}
	return errors.New("x")
}

type nexter interface{ NextBackOff() time.Duration }

func fromObject(b nexter) error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff()) // want `sleep unknown:  \[attempt i\]`
	}
	return errors.New("x")
}

// A delay that is zero before the first retry and then computed by a
// loop of its own is read from the runs, not as "no wait" (opa's
// util.Backoff: if retries == 0 { return 0 }; the loop only computes, so
// the interpreter runs it: ×1.6 per retry, +-20%).
func loopBackoff(base, maxNS float64, retries int) time.Duration {
	if retries == 0 {
		return 0
	}
	backoff := base
	for backoff < maxNS && retries > 0 {
		backoff *= 1.6
		retries--
	}
	backoff *= 1 + 0.2*(rand.Float64()*2-1)
	return time.Duration(backoff)
}

func zeroThenLoop() error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(loopBackoff(1e8, 1e10, i)) // want `sleep partial jitter: partial jitter: every wait is at least 67% of the backoff, which grows ×1\.6 per attempt \(loopBackoff\(1e8, 1e10, i\)\) \[attempt i\]` `R-1: retry of do \(GET\) uses partial jitter: every wait is at least 67% of the backoff, which grows ×1\.6 per attempt`
	}
	return errors.New("x")
}

// A timer made by another function from a delay that grows is as
// unknown as the delay (t, stop := util.TimerWithCancel(delay)); from a
// fixed one it waits that.
func newTimer(d time.Duration) (*time.Timer, func()) {
	t := time.NewTimer(d)
	return t, func() { t.Stop() }
}

func timerFromHelper(ctx context.Context, next func(int) time.Duration) error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		t, stop := newTimer(next(i))
		select {
		case <-t.C: // want `timer unknown:  \[attempt i\]`
		case <-ctx.Done():
			stop()
			return ctx.Err()
		}
	}
	return errors.New("x")
}

func fixedTimerFromHelper(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		t, stop := newTimer(2 * time.Second)
		select {
		case <-t.C: // want `timer fixed interval: a fixed 2s \[attempt i\]` `R-1: retry of do \(GET\) waits a fixed 2s between attempts; use exponential backoff with full jitter`
		case <-ctx.Done():
			stop()
			return ctx.Err()
		}
	}
	return errors.New("x")
}

// Not retries: polling, pacing, periodic work, per-item loops.

var status func() (string, error)

func polling() error {
	for {
		st, err := status()
		if err != nil {
			return err
		}
		if st == "done" {
			return nil
		}
		time.Sleep(time.Second)
	}
}

var process func(string) error

func pacing(items []string) {
	for _, it := range items {
		_ = process(it)
		time.Sleep(100 * time.Millisecond)
	}
}

func periodic(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	for {
		if err := do(); err != nil {
			println(err.Error())
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// perItem waits after a failed item and goes on to the next one.
func perItem(items []string) {
	for _, it := range items {
		if err := process(it); err != nil {
			time.Sleep(time.Second)
			continue
		}
	}
}

// A sleep helper cancelled through a channel of struct{} (go-autorest's
// DelayForBackoff(backoff, attempt, r.Context().Done())): the other case
// is a signal, not a reply the helper waits for; the timer is the wait.
func delayOrCancel(d time.Duration, cancel <-chan struct{}) bool {
	select {
	case <-time.After(d):
		return true
	case <-cancel:
		return false
	}
}

func withCancelHelper(ctx context.Context) error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		if !delayOrCancel(2*time.Second, ctx.Done()) { // want `helper fixed interval: a fixed 2s \[attempt attempt\]` `R-1: retry of do \(GET\) waits a fixed 2s between attempts; use exponential backoff with full jitter`
			return ctx.Err()
		}
	}
	return errors.New("x")
}

// A helper that waits for a reply, with a timeout: the timer is the
// call's own timeout, no wait between attempts.
func replyOrTimeout(replies <-chan string, d time.Duration) (string, error) {
	select {
	case r := <-replies:
		return r, nil
	case <-time.After(d):
		return "", errors.New("timeout")
	}
}

func withReplyHelper(replies <-chan string) error {
	for attempt := 0; attempt < 4; attempt++ { // want `waits unknown`
		if err := do(); err == nil {
			return nil
		}
		if _, err := replyOrTimeout(replies, 2*time.Second); err != nil {
			return err
		}
	}
	return errors.New("x")
}

// A timer armed before the loop, whose case leaves it, is a deadline, not
// a wait between attempts: go/cfg evaluates every comm of a select at its
// head, and a path back waits only on the case it takes (the ticker).
func deadlineCase(ctx context.Context, seconds int) error {
	timeout := time.After(time.Duration(seconds) * time.Second)
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for {
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-timeout:
			return errors.New("timed out")
		case <-tick.C: // want `ticker fixed interval: a fixed 2s$` `R-1: retry of do \(GET\) waits a fixed 2s between attempts; use exponential backoff with full jitter`
		}
	}
}
