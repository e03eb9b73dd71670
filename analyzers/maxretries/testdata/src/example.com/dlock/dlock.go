// Package dlock stands for a distributed lock client (a lock held in a
// remote store): its TryLock(ctx) reports whether it acquired the lock.
package dlock

import "context"

type Mutex struct{}

// TryLock tries once to acquire the lock and reports whether it did.
func (m *Mutex) TryLock(ctx context.Context) (bool, error) { return false, nil }

// Lock acquires the lock or returns an error.
func (m *Mutex) Lock(ctx context.Context) error { return nil }

// Status reads a job's state.
func (m *Mutex) Status(ctx context.Context) (string, error) { return "", nil }

// FileLock stands for a local file lock: TryLock takes no context.
type FileLock struct{}

func (f *FileLock) TryLock() (bool, error) { return false, nil }

// Semaphore stands for a local semaphore: TryAcquire returns a bool only.
type Semaphore struct{}

func (s *Semaphore) TryAcquire(n int64) bool { return false }
