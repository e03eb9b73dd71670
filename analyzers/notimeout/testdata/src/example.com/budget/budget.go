// Package budget is a retry policy of another package: it sleeps after
// a failure and gives up, with an error, once its sleeps add up to a
// maximum.
package budget

import "time"

type Backoffer struct{ slept, max time.Duration }

func New(max time.Duration) *Backoffer { return &Backoffer{max: max} }

// Backoff sleeps after err, or returns an error once the budget is spent.
func (b *Backoffer) Backoff(err error) error {
	if b.slept >= b.max {
		return err
	}
	time.Sleep(100 * time.Millisecond)
	b.slept += 100 * time.Millisecond
	return nil
}

// Note records err and never stops anything.
func (b *Backoffer) Note(err error) {}
