// Package runtime is a stub of k8s.io/apimachinery/pkg/runtime: its
// error classifiers.
package runtime

import "errors"

var errNotRegistered = errors.New("not registered")

// IsNotRegisteredError reports whether the error is a type or kind not
// registered in a scheme.
func IsNotRegisteredError(err error) bool { return errors.Is(err, errNotRegistered) }

// IsMissingKind reports whether serialized data had no kind.
func IsMissingKind(err error) bool { return false }
