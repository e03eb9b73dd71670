// Package boolfail decides, for the retry-site model's discovery, whether
// a bool the model sees returned by a function of the package (or a
// literal, or a func value it resolves) can be false because an
// operation failed (Judge.Fails, Judge.FuncFails).
//
// A function whose every false is a predicate's answer (if
// !w.store.IsAvailable() { return false }, or return c.cond.Ready()) is
// a predicate itself: a loop waiting for it to turn true is a state
// poll, not a retry, however the predicate is reached. So is a false
// returned on a select's receive of an event (a value with no error in
// it: case ev := <-w.Events: return false): the channel's answer, as a
// bare ok from a channel is. Any other false (an error, a status, a
// comparison, a false after a loop, a bare return, a named result)
// counts as a failure.
//
// A predicate call is a bool call with no error argument whose callee
// the model does not count as an operation: the model's OkIsOutcome
// (retrysite's forms.go) says so, through Host, and asks Fails in turn
// of the callees it sees. The answers are memoised by body in a map the
// model keeps (a cycle reads as true).
//
// It reads go/ast, go/types, typesx and the interpreter's type
// predicates (interp.IsBool, interp.HasErrorOrResponse).
package boolfail
