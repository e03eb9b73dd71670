// Package oslock takes a file lock through golang.org/x/sys/unix: the
// operating system's primitives, local work like package syscall. A
// flock retried after an interrupted call, or after the descriptor is
// reopened, is no retry across an integration boundary.
package oslock

import (
	"errors"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

func lock(f *os.File) error {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX)
		if !errors.Is(err, unix.EINTR) {
			return err
		}
	}
}

func tryLock(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	retried := false
retry:
	err = unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	switch {
	case errors.Is(err, unix.EWOULDBLOCK):
		return false, nil
	case err == nil:
		return true, nil
	}
	if !retried {
		retried = true
		f.Close()
		if f, err = os.Open(path); err != nil {
			return false, err
		}
		goto retry
	}
	return false, err
}

func waitLock(f *os.File) error {
	for i := 0; i < 5; i++ {
		if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("not locked")
}
