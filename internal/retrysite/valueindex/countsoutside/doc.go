// Package countsoutside is the guard on a count kept outside a loop's
// operation. A loop of the retry-site model (package retrysite) that
// looks unbounded, whose operation is a function literal that writes a
// variable declared outside it and tests it in a condition of its own
// (n++; if n == 3 { return nil }), is unknown: its outcome may end the
// loop after a count the model does not run across calls of the literal.
// It is one guard, CountsOutside, for a same-package helper given the
// literal (retrysite's loops.go, the literal reached through the value
// index's funcvals.go) and for another package's helper bound to it
// (retrysite's xpkg.go).
//
// A captured variable only written or logged, or tested only where the
// literal does not return (if url != "" { url = "" }), ends nothing, and
// the loop stays unbounded. So does a countdown disarmed by default
// (disarmedCountdown): the literal tests it against 0 and decrements it
// only while it is above 0, and outside it is set only by `if opt == nil
// { v = -1 } else { v = int(*opt) }` with opt an option field the
// package never sets (nil unless the user sets it, or copied from such a
// field): at the default, -1, it never runs out ("forever" as pulsar's
// MaxReconnectToBroker means it). Any other shape of the count leaves
// the bound unknown.
//
// It reads the package through its value index (valueindex.Index: the
// targets of a func value, the writes that reach a field). Its cases are
// in the model's tests: retrysite's testdata funcvals, loops,
// example.com/backoffpoll and example.com/xmod (a helper of another
// package).
package countsoutside

import "github.com/retrylint/retrylint/internal/retrysite/valueindex"

// model is the value index the guard reads.
type model struct{ *valueindex.Index }
