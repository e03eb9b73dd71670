// Package unix is a stub of golang.org/x/sys/unix for the tests.
package unix

import "errors"

const (
	LOCK_EX = 2
	LOCK_NB = 4
)

var EWOULDBLOCK = errors.New("operation would block")
var EINTR = errors.New("interrupted system call")

func Flock(fd int, how int) error { return nil }
