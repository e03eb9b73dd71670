// Package peritem decides whether each iteration of a loop runs a
// different operation, so that going round the loop is no retry: the
// retry-site model's discovery asks it for every loop that repeats an
// operation (retrysite's loops.go, rounds.go).
//
// # Per-item loops (VariesPerItem)
//
// The operation's function or arguments change from one iteration to the
// next in a way that makes each iteration a different operation:
//
//   - the key or value of a range over a collection (not over an int,
//     nor over a func: a retry iterator);
//   - a value received from a channel in the loop (an event handled), or
//     the item of a (T, ok) call other than the operation (t, ok :=
//     q.pop(): dequeuedVars), or a variable filled through a pointer
//     from the iterator the loop's condition advances (for dec.More() {
//     dec.Decode(&raw) }, for rows.Next() { rows.Scan(&v) });
//   - an element indexed or sliced by a variable the loop changes
//     (items[i], p[n:]: the rest of a partial write);
//   - an integer the loop steps and never compares (a port, an offset:
//     steppedValues), or a variable whose fields the loop sets from one;
//   - a receiver the loop builds from what varies (t, err :=
//     fromChallenge(c); t.refresh(ctx): receiverFromItem);
//   - a value the loop moves over or a rotating index (package notretry's
//     LoopMovesOperation and RotatesOverList);
//   - for an operation that reports only a bare ok (a predicate), any
//     value the loop advances, its counter included.
//
// A compare-and-swap (retrysite's swap.go) writes what the iteration
// read and computed: only a range's items and received values move it.
//
// # Values carried forward (CarriedVars, CarriedArgs)
//
// A cursor, a redirect's location, an error being unwrapped, a node being
// walked: a variable the loop assigns from what it computed in an earlier
// iteration (not an integer or bool counter, not a value declared in the
// loop), directly or through locals that derive from it. A request the
// loop only rewinds for the next attempt is the same input (package
// rewind). An operation that reads such a value is a retry only through
// a failure path that keeps it where it is (package waits, periodic.go):
// CarriedArgs are those the operation reads, CarriedVars all of them.
// An element of a list read through an index the loop sends back to the
// list's start once past its end (if cur >= len(hosts) { cur = 0 }, cur =
// (cur + 1) % len(hosts)) is a candidate tried again in rounds: it moves
// with the index alone, not with the list, which the loop may shrink by
// dropping a failed candidate (hosts = slices.Delete(hosts, cur, cur+1)).
//
// It reads go/ast, go/types, typesx, the interpreter's graphs and the
// not-a-retry rules; what it cannot see itself it asks its Host, which
// the retry-site model implements.
package peritem
