package defaults

import "time"

// 5. A getter that falls back to the package's default when the user
// leaves an exported field zero (kafka-go's Writer.maxAttempts): the
// package writes no value of its own, so the fallback is the default.

type Writer struct {
	MaxAttempts int
	Tries       int
	Raw         int
	Preset      int
}

func (w *Writer) maxAttempts() int {
	if w.MaxAttempts > 0 {
		return w.MaxAttempts
	}
	return 10
}

func (w *Writer) write() error {
	var err error
	for attempt, n := 0, w.maxAttempts(); attempt < n; attempt++ { // want `loop ctx=sync retries=9` `R-2: retry of do \(GET\) makes 10 attempts = 9 retries, maxAttempts's default, which the user can change, outside 1-5 for a synchronous API call`
		if attempt > 0 {
			time.Sleep(time.Duration(attempt) * time.Second) // want `R-1: retry of do \(GET\): its wait grows linearly by 1s per attempt, without jitter; use full jitter`
		}
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// The zero test the other way round, and a compliant default.
func (w *Writer) tries() int {
	if w.Tries == 0 {
		return 3
	}
	return w.Tries
}

func (w *Writer) writeTries() error {
	var err error
	for attempt := 0; attempt < w.tries(); attempt++ { // want `loop ctx=sync retries=2` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not count: the raw field the user sets, with no getter.
func (w *Writer) writeRaw() error {
	var err error
	for attempt := 0; attempt < w.Raw; attempt++ { // want `loop ctx=sync bound=\?` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// The package's constructor sets the field itself: the getter's body is
// evaluated on that value (3 = 2 retries), not on its fallback.
func NewWriter() *Writer { return &Writer{Preset: 3} }

func (w *Writer) preset() int {
	if w.Preset > 0 {
		return w.Preset
	}
	return 10
}

func (w *Writer) writePreset() error {
	var err error
	for attempt := 0; attempt < w.preset(); attempt++ { // want `loop ctx=sync retries=2` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}
