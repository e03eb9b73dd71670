// Package classify sorts errors for the retry package of the module: the
// retry decision is a method over a classification made here.
package classify

import "errors"

// ErrTemporary marks an error worth another attempt.
var ErrTemporary = errors.New("temporary")

// Temporary reports whether err is worth another attempt.
func Temporary(err error) bool { return errors.Is(err, ErrTemporary) }
