package knowledge

// Acquire attempts: methods, by name, whose (bool, error) result's bool
// reports whether an attempt to acquire a lock, a lease or a semaphore
// succeeded, the convention of the standard library
// (sync.Mutex.TryLock: "tries to lock m and reports whether it
// succeeded", go1.18 src/sync/mutex.go) and golang.org/x/sync
// (semaphore.Weighted.TryAcquire, golang.org/x/sync@v0.24.0
// semaphore/semaphore.go:117). The model reads such a false as the
// attempt's failure only for a method that also returns an error and
// takes a context.Context: a call across an integration boundary (a
// distributed lock's TryLock(ctx)). The local ones (sync, x/sync,
// franz-go's xsync: bool only; gofrs/flock's TryLock() (bool, error):
// no context) are not operations of that kind.
//
// A loop that calls one until it acquires, with the error not stopping
// it, retries a failing acquire: with no count it is unbounded.
// A loop that returns the error and spins only while the lock is held
// by another waits for a state (the holder's release): a state poll,
// not a retry, and silent.
var acquireNames = map[string]bool{"TryLock": true, "TryRLock": true, "TryAcquire": true}

// IsAcquireAttempt reports whether a method named name, returning
// (bool, error) and taking a context, is an acquire attempt whose bool
// reports success.
func IsAcquireAttempt(name string) bool { return acquireNames[name] }
