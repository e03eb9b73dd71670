package defaults

// A getter that falls back to the package's default when the user leaves
// an exported field zero (kafka-go's Writer.maxAttempts).

type Writer struct {
	MaxAttempts int
	Tries       int
}

func (w *Writer) maxAttempts() int {
	if w.MaxAttempts > 0 {
		return w.MaxAttempts
	}
	return 10
}

func (w *Writer) write() error {
	var err error
	for attempt, n := 0, w.maxAttempts(); attempt < n; attempt++ { // want `R-2.*10 attempts = 9 retries, maxAttempts's default, which the user can change`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: the default complies.
func (w *Writer) tries() int {
	if w.Tries == 0 {
		return 3
	}
	return w.Tries
}

func (w *Writer) writeTries() error {
	var err error
	for attempt := 0; attempt < w.tries(); attempt++ {
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}
