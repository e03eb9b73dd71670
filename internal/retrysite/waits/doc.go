// Package waits finds the waits between the attempts of a hand-written
// retry site and describes them with the wait interpreter's numbers
// (package waitnum).
//
// A wait is between attempts when it lies on a path along which a
// failure of the operation leads back to the same operation: the walk of
// the control-flow graph that defines a retry (package interp, sim.go),
// run under the failure scenarios (an error; for an operation returning
// an HTTP response, the statuses 503, 500 and 429 and the statuses the
// code names), collecting the waits it passes (waits.go: LoopWaits, the
// Walk). A wait is a primitive — time.Sleep, gax.Sleep, a clock's
// Sleep(d), <-time.After(d), <-time.Tick(d), <-timer.C, <-ticker.C, a
// receive from a local channel variable armed with one time.After
// (waits_chanvar.go), the tick a range over a ticker's channel receives
// at its head (head.go) — or a call of a same-package helper whose body
// waits once. Something else that may block (a receive from another
// channel, a call whose name says it waits or that takes a duration) makes
// the waits unknown rather than absent. A path holds each wait once
// (waits_dedupe.go). A recursive site waits what every path from its
// entry to the operation passes (EntryWaits). A path back with no wait,
// through no fork the outcome does not decide, adds "no wait after some
// failures".
//
// Each wait found is handed to the wait interpreter (waitnum.Interp's
// LoopWait) for its shape. A wait it cannot run still has no jitter when
// it is computed only from constants, parameters, locals and fields the
// package writes from such values, in a function that draws nothing at
// random (waits_determ.go, ShapeNoJitter). A Retry-After parser of the
// package (a bool result of a function given the response) is read on
// responses without headers through the outcome evaluator
// (waits_resp.go, ResponseVerdict): the client's own schedule is what
// R-1 judges.
//
// Rules: the package never imports internal/retrysite. What it needs of
// the model — a function's declaration and graph, the function an
// expression names, timer drains, ticker ranges, the statuses a
// predicate names — it asks through Model, which the model implements;
// the model hands it a Finder (glue_waits.go there) when it needs one.
// The not-a-retry rules (periodic.go) walk failure paths with the same
// Walk and FindWaits.
package waits
