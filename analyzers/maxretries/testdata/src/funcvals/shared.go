package funcvals

import "time"

// Two closures share one counter, each counting it down; the counter is
// set again between them, so each starts at 50.
func (t *txn) twoPhases() error {
	attemptsRemaining := t.maxAttempts
	exec := func(run func() (bool, error)) error {
		var err error
		for attemptsRemaining >= 0 { // want `R-2.*= 50 retries`
			var retry bool
			if retry, err = run(); !retry {
				return err
			}
			time.Sleep(time.Second)
			attemptsRemaining--
		}
		return err
	}
	if err := exec(func() (bool, error) {
		if err := call(); err != nil {
			return true, err
		}
		return false, nil
	}); err != nil {
		return err
	}
	attemptsRemaining = t.maxAttempts
	execSecond := func(run func() (bool, error)) error {
		var err error
		for attemptsRemaining >= 0 { // want `R-2.*= 50 retries`
			var retry bool
			if retry, err = run(); !retry {
				return err
			}
			time.Sleep(time.Second)
			attemptsRemaining--
		}
		return err
	}
	return execSecond(func() (bool, error) {
		if err := call(); err != nil {
			return true, err
		}
		return false, nil
	})
}

// The second closure runs first and spends the shared counter; nothing
// sets it again, so the first closure starts wherever the second one
// stopped: its count is not known. The second starts at 50.
func (t *txn) spentBefore() error {
	attemptsRemaining := t.maxAttempts
	exec := func(run func() (bool, error)) error {
		var err error
		for attemptsRemaining >= 0 { // must not flag: starts where execFirst stopped
			var retry bool
			if retry, err = run(); !retry {
				return err
			}
			time.Sleep(time.Second)
			attemptsRemaining--
		}
		return err
	}
	execFirst := func(run func() (bool, error)) error {
		var err error
		for attemptsRemaining >= 0 { // want `R-2.*= 50 retries`
			var retry bool
			if retry, err = run(); !retry {
				return err
			}
			time.Sleep(time.Second)
			attemptsRemaining--
		}
		return err
	}
	op := func() (bool, error) {
		if err := call(); err != nil {
			return true, err
		}
		return false, nil
	}
	if err := execFirst(op); err != nil {
		return err
	}
	return exec(op)
}

// Must not flag: both closures run in a loop, so from the second round
// on each starts where the other stopped.
func (t *txn) alternating() error {
	attemptsRemaining := t.maxAttempts
	exec := func(run func() (bool, error)) error {
		var err error
		for attemptsRemaining >= 0 {
			var retry bool
			if retry, err = run(); !retry {
				return err
			}
			time.Sleep(time.Second)
			attemptsRemaining--
		}
		return err
	}
	execOther := func(run func() (bool, error)) error {
		var err error
		for attemptsRemaining >= 0 {
			var retry bool
			if retry, err = run(); !retry {
				return err
			}
			time.Sleep(time.Second)
			attemptsRemaining--
		}
		return err
	}
	op := func() (bool, error) {
		if err := call(); err != nil {
			return true, err
		}
		return false, nil
	}
	var err error
	for i := 0; i < 3; i++ {
		if err = exec(op); err != nil {
			continue
		}
		err = execOther(op)
	}
	return err
}
