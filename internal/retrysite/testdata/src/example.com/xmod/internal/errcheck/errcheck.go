// Package errcheck makes retry deciders: a closure that is given an
// operation's error, counts it and sleeps before saying "again".
package errcheck

import "time"

const maxTries = 3

// Default is the usual decider.
func Default() func(error) bool { return Checker(maxTries, time.Sleep) }

// Checker says again for at most max errors, sleeping a minute first.
func Checker(max int, sleep func(time.Duration)) func(error) bool {
	try := 0
	return func(err error) bool {
		if err == nil {
			return false
		}
		if try >= max {
			return false
		}
		try++
		sleep(time.Minute)
		return true
	}
}

// Forever says again for every error, sleeping a second first.
func Forever() func(error) bool {
	return func(err error) bool {
		if err == nil {
			return false
		}
		time.Sleep(time.Second)
		return true
	}
}

// Filter says whether an error is worth a look: no wait, no count.
func Filter() func(error) bool {
	return func(err error) bool { return err != nil }
}
