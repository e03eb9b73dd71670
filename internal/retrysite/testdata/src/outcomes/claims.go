package outcomes

import (
	"context"
	"errors"
	"io/fs"
	"log"
	"time"
)

var (
	ErrDeduplicated  = errors.New("deduplication ID in use")
	ErrAlreadyExists = errors.New("already exists")
	ErrUnavailable   = errors.New("unavailable")
)

var (
	enqueue       func(ctx context.Context, key string) (string, error)
	enqueueInTx   func(ctx context.Context, key string) (string, error)
	holderOf      func(ctx context.Context, key string) (*string, error)
	makeDirectory func(name string) error
)

// The key is held by another enqueue: the loop goes back only on that
// failure, to claim the key again once it is free. A claim, not a retry
// (notretry candidates.go): no site.
func claimNested(ctx context.Context, key string) (string, error) {
	for {
		id, err := enqueue(ctx, key)
		if err != nil {
			if errors.Is(err, ErrDeduplicated) {
				time.Sleep(100 * time.Millisecond)
				continue
			}
			log.Print("enqueue failed")
			return "", err
		}
		return id, nil
	}
}

// The operation is run one way or another (in a transaction or not),
// and only "already exists" goes back: no site.
func claimBranches(ctx context.Context, key string, tx bool) (string, error) {
	for {
		var id string
		var err error
		if tx {
			id, err = enqueueInTx(ctx, key)
		} else {
			id, err = enqueue(ctx, key)
		}
		if err != nil {
			if errors.Is(err, ErrAlreadyExists) {
				continue
			}
			return "", err
		}
		return id, nil
	}
}

// Statements that only leave the loop come before the test that lets
// "already exists" alone go back (here to look the holder up): no site.
func claimAfterGuard(ctx context.Context, key string, child bool) (string, error) {
	for {
		_, err := enqueue(ctx, key)
		if err == nil {
			break
		}
		if child && errors.Is(err, context.Canceled) {
			return "", err
		}
		if !errors.Is(err, ErrDeduplicated) {
			return "", err
		}
		holder, lerr := holderOf(ctx, key)
		if lerr != nil {
			return "", lerr
		}
		if holder == nil {
			continue // freed meanwhile: claim it
		}
		return *holder, nil
	}
	return "", nil
}

// fs.ErrExist, named through its package: no site.
func mkdirClaim(name string) error {
	for {
		err := makeDirectory(name)
		if err != nil {
			if errors.Is(err, fs.ErrExist) {
				continue
			}
			return err
		}
		return nil
	}
}

// A transient failure goes back: a retry.
func transientNested(ctx context.Context, key string) (string, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[\] grpc=\[\]`
		id, err := enqueue(ctx, key)
		if err != nil {
			if errors.Is(err, ErrUnavailable) {
				time.Sleep(time.Second)
				continue
			}
			return "", err
		}
		return id, nil
	}
	return "", ErrUnavailable
}

// A statement before the test goes back on another failure: a retry.
func otherFailureFirst(ctx context.Context, key string) (string, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[\] grpc=\[\]`
		id, err := enqueue(ctx, key)
		if errors.Is(err, ErrUnavailable) {
			continue
		}
		if err != nil {
			if errors.Is(err, ErrAlreadyExists) {
				continue
			}
			return "", err
		}
		return id, nil
	}
	return "", ErrUnavailable
}
