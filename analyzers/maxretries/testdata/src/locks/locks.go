// Package locks covers spins on a lock acquire (issue 15): a loop that
// calls TryLock(ctx) until it acquires, with the acquire's error not
// stopping it, retries a failing acquire; with no count it is unbounded.
package locks

import (
	"context"
	"log"
	"time"

	"example.com/dlock"
	"k8s.io/apimachinery/pkg/util/wait"
)

func spinUntilLocked(ctx context.Context, l *dlock.Mutex) {
	for { // want `R-2: retry of l\.TryLock has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		ok, err := l.TryLock(ctx)
		if err == nil && ok {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func spinErrorLogged(ctx context.Context, l *dlock.Mutex) {
	for { // want `R-2: retry of l\.TryLock has no maximum retry count`
		ok, err := l.TryLock(ctx)
		if err != nil {
			log.Printf("lock: %v", err)
			time.Sleep(time.Second)
			continue
		}
		if ok {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// The acquire's error only: unbounded too.
func spinOnLockError(ctx context.Context, l *dlock.Mutex) {
	for { // want `R-2: retry of l\.Lock has no maximum retry count`
		if err := l.Lock(ctx); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Must not flag.

// The acquire's error stops the loop; it spins only while another
// holder has the lock: a wait for the holder's release (a state poll),
// not a retry.
func waitForRelease(ctx context.Context, l *dlock.Mutex) error {
	for {
		ok, err := l.TryLock(ctx)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A count within range.
func spinBounded(ctx context.Context, l *dlock.Mutex) bool {
	for i := 0; i < 3; i++ {
		ok, err := l.TryLock(ctx)
		if err == nil && ok {
			return true
		}
		time.Sleep(100 * time.Millisecond)
	}
	return false
}

// A state poll: the loop waits for the job to be done.
func pollDone(ctx context.Context, l *dlock.Mutex) error {
	for {
		st, err := l.Status(ctx)
		if err != nil {
			return err
		}
		if st == "done" {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// A local file lock (no context): not an acquire across an integration
// boundary.
func spinFileLock(f *dlock.FileLock) {
	for {
		ok, err := f.TryLock()
		if err == nil && ok {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A local semaphore's bool.
func spinSemaphore(s *dlock.Semaphore) {
	for !s.TryAcquire(1) {
		time.Sleep(time.Millisecond)
	}
}

// A loop paced by a k8s wait.BackoffManager, which never stops: the
// loop's own count is all there is.
func spinManaged(ctx context.Context, l *dlock.Mutex) error {
	mgr := wait.NewExponentialBackoffManager(800*time.Millisecond, 30*time.Second, 2*time.Minute, 2.0, 1.0, nil)
	for { // want `R-2: retry of l\.Lock has no maximum retry count`
		if err := l.Lock(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-mgr.Backoff().C():
		}
	}
}

// Must not flag: a count of its own.
func managedBounded(ctx context.Context, l *dlock.Mutex) error {
	mgr := wait.NewJitteredBackoffManager(time.Second, 1.0, nil)
	for i := 0; i < 3; i++ {
		if err := l.Lock(ctx); err == nil {
			return nil
		}
		<-mgr.Backoff().C()
	}
	return nil
}
