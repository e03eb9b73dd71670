package a

import (
	"errors"
	"time"
)

// A retry that only runs in a goroutine the package starts, or in a task
// it queues, is an asynchronous event's (1-10 retries), unless a
// directive or -context says otherwise.

type sender struct {
	tasks chan func()
}

// push queues a task for the worker: it only sends it on a channel.
func (s *sender) push(task func()) { s.tasks <- task }

func (s *sender) run() {
	for t := range s.tasks {
		go t()
	}
}

// Must not flag: 8 retries of a send that only the queued task runs.
func (s *sender) sendQueued() error {
	var err error
	for i := 0; i < 9; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return err
}

// Must not flag: 8 retries of a flush only a go statement starts.
func (s *sender) flushLoop() error {
	var err error
	for i := 0; i < 9; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return err
}

func (s *sender) start() {
	s.push(func() { _ = s.sendQueued() })
	go s.flushLoop()
}

// Exported: its callers may wait for it (a synchronous call's 1-5).
func (s *sender) SendNow() error {
	var err error
	for i := 0; i < 9; i++ { // want `R-2: retry of do makes 9 attempts = 8 retries, outside 1-5 for a synchronous API call`
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.Join(err)
}

// Called synchronously as well as from a goroutine: the synchronous
// range applies.
func (s *sender) sendMixed() error {
	var err error
	for i := 0; i < 9; i++ { // want `R-2: retry of do makes 9 attempts = 8 retries, outside 1-5 for a synchronous API call`
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return err
}

func (s *sender) both() error {
	go func() { _ = s.sendMixed() }()
	return s.sendMixed()
}
