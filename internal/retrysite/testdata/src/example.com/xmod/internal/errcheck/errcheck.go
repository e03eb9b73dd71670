// Package errcheck makes retry deciders: a closure that is given an
// operation's error, counts it and sleeps before saying "again".
package errcheck

import (
	"crypto/rand"
	"log"
	"math/big"
	"strings"
	"time"
)

const (
	maxTries     = 3
	defaultSleep = time.Minute
)

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

// LimitError says when the server's limit resets.
type LimitError struct{ Reset time.Time }

func (e *LimitError) Error() string { return "limited" }

// AbuseError may say how long to wait.
type AbuseError struct{ RetryAfter *time.Duration }

func (e *AbuseError) Error() string { return "abuse" }

// Limited says again for at most max errors the server marks as a limit,
// sleeping until the limit resets, or a minute plus a random draw of up
// to 30s when it does not say.
func Limited(max int, sleeper func(time.Duration)) func(error) bool {
	try := 0
	return func(err error) bool {
		if err == nil {
			return false
		}
		if try >= max {
			log.Printf("max %d reached: %v", max, err)
			return false
		}
		try++
		if lerr, ok := err.(*LimitError); ok {
			wait := time.Minute
			if until := time.Until(lerr.Reset); until > 0 {
				wait = until
			}
			sleeper(wait)
			return true
		}
		if aerr, ok := err.(*AbuseError); ok {
			wait := time.Minute
			if d := aerr.RetryAfter; d != nil {
				wait = *d
			}
			sleeper(wait)
			return true
		}
		if strings.Contains(err.Error(), "slow down") {
			n, err := rand.Int(rand.Reader, big.NewInt(30))
			if err != nil {
				log.Print(err)
				return false
			}
			wait := time.Duration(n.Int64()*int64(time.Second)) + defaultSleep
			log.Printf("try %d: sleeping for %s", try, wait)
			sleeper(wait)
			return true
		}
		return false
	}
}

// Every says again after each success, a second later: a poll's pace.
func Every() func(error) bool {
	return func(err error) bool {
		if err != nil {
			return false
		}
		time.Sleep(time.Second)
		return true
	}
}
