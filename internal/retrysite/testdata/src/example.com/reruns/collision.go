package reruns

import (
	"errors"
	"fmt"
	"time"
)

// A collision retry: a key named after the clock, made anew for each
// attempt, and the loop goes on only while the key was taken.

var errKeyExists = errors.New("key exists")

type store interface {
	PutNew(key, val string) (int64, error)
}

func putUnique(s store, prefix, val string) (int64, error) {
	for {
		key := fmt.Sprintf("%s/%d", prefix, time.Now().UnixNano())
		rev, err := s.PutNew(key, val)
		if err == nil {
			return rev, nil
		}
		if !errors.Is(err, errKeyExists) {
			return 0, err
		}
	}
}

func putUniqueBreak(s store, prefix string) (rev int64, err error) {
	for {
		key := prefix + fmt.Sprint(time.Now().UnixNano())
		rev, err = s.PutNew(key, "")
		if err == nil || err != errKeyExists {
			break
		}
	}
	return rev, err
}

// The same fresh key retried on any error retries the store's failures.
func putUniqueAny(s store, prefix string) (int64, error) {
	for { // want `loop ctx=sync unbounded`
		key := fmt.Sprintf("%s/%d", prefix, time.Now().UnixNano())
		if rev, err := s.PutNew(key, ""); err == nil {
			return rev, nil
		}
	}
}

// A fixed key retried on the sentinel retries the same request, with no
// count: errKeyExists is a sentinel (a class of errors), not a count.
func putFixed(s store, key string) (int64, error) {
	for { // want `loop ctx=sync unbounded`
		rev, err := s.PutNew(key, "")
		if err == nil {
			return rev, nil
		}
		if !errors.Is(err, errKeyExists) {
			return 0, err
		}
	}
}

type session interface {
	Put(key, val string) (int64, error)
}

type entry struct{ rev int64 }

func newEntry(s session, key, val string) (*entry, error) {
	rev, err := s.Put(key, val)
	if err != nil {
		return nil, err
	}
	return &entry{rev}, nil
}

func newUniqueEntry(s session, prefix, val string) (e *entry, err error) {
	for {
		key := fmt.Sprintf("%s/%v", prefix, time.Now().UnixNano())
		e, err = newEntry(s, key, val)
		if err == nil || !errors.Is(err, errKeyExists) {
			break
		}
	}
	return e, err
}
