// Package sameinput: loops that re-read their input each round.
package sameinput

import (
	"errors"
	"log"
)

// Log is one entry of a replicated log.
type Log struct{ Index uint64 }

// LogStore keeps a log; its implementations may be remote.
type LogStore interface {
	FirstIndex() (uint64, error)
	GetLog(idx uint64, out *Log) error
}

var errNoLog = errors.New("no log")

// Must not flag: each round re-reads the first index (a concurrent
// truncation may have moved it) and gives up when it is the one that
// failed last: GetLog never runs twice on the same index.
func oldestLog(s LogStore) (Log, error) {
	var l Log
	var lastFailIdx uint64
	var lastErr error
	for {
		first, err := s.FirstIndex()
		if err != nil {
			return l, err
		}
		if first == 0 {
			return l, errNoLog
		}
		if first == lastFailIdx {
			return l, lastErr
		}
		err = s.GetLog(first, &l)
		if err == nil {
			break
		}
		lastFailIdx = first
		lastErr = err
	}
	return l, nil
}

// The same loop that only logs a repeated index retries GetLog at once.
func oldestLogLogged(s LogStore) (Log, error) {
	var l Log
	var lastFailIdx uint64
	for { // want `R-1: retry of s.GetLog retries at once`
		first, err := s.FirstIndex()
		if err != nil {
			return l, err
		}
		if first == lastFailIdx {
			log.Printf("index %d again", first)
		}
		err = s.GetLog(first, &l)
		if err == nil {
			break
		}
		lastFailIdx = first
	}
	return l, nil
}
