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
// Sleep(d), a timer awaited at once (ScheduleTimer(ctx, d).Get(ctx): a
// workflow engine's durable timer), <-time.After(d), <-time.Tick(d), <-timer.C, <-ticker.C, a
// receive from a local channel variable armed with one time.After
// (waits_chanvar.go; a time.After(0) beside it fires at once and is no
// wait), time.After(d) handed to a function of the package that receives
// from that parameter (delayElapsed(ctx, time.After(d))), any of these
// through a package variable that only ever holds the function (var
// after = time.After, a seam tests swap), the tick a
// range over a ticker's channel receives
// at its head (head.go) — or a call of a same-package helper (or of a
// local holding one literal: onError := func(...)) whose body waits once. Something else that may block (a receive from another
// channel, a call whose name says it waits or that takes a duration) makes
// the waits unknown rather than absent. A path holds each wait once
// (waits_dedupe.go). A recursive site waits what every path from its
// entry to the operation passes (EntryWaits), and, reaching a call of a
// closure it holds that calls it (typesx.HeldSelfCalls), what every path
// through the closure's body to that call passes (heldself.go); when its
// operation sits in a loop of its own (a failover over brokers), going
// round the loop is not another attempt, only the call of itself is. A path back with no wait,
// through no fork the outcome does not decide, adds "no wait after some
// failures".
//
// Each wait found is handed to the wait interpreter (waitnum.Interp's
// LoopWait) for its shape. A wait it cannot run still has no jitter when
// it is computed only from constants, parameters, locals and fields the
// package writes from such values, by arithmetic and package math, in a
// function that draws nothing at random (a closure is judged with the
// function declaring it: waits_determ.go, ShapeNoJitter); a field written
// outside the function's reach (three calls deep) by a function that
// draws nothing, from any stored value (a configuration's pointer,
// another package's field), is the same for every attempt whatever its
// value, and so no jitter either. The walk's step budget grows with the
// function's blocks (5000 + 50 a block); for a timer or ticker that is
// every duration it is set to (time.NewTimer(0) before the loop, the
// Reset after the receive: a timer started at once and reset to a
// library's backoff has the library's wait, not the 0's). A Retry-After parser of the
// package (a bool result of a function given the response) is read on
// responses without headers through the outcome evaluator
// (waits_resp.go, ResponseVerdict): the client's own schedule is what
// R-1 judges.
//
// Rules: the package never imports internal/retrysite. What it needs of
// the model — a function's declaration and graph, the package's
// declarations, the function an expression names, timer drains, ticker
// ranges, the statuses a predicate names — it asks through Model, which the model implements;
// the model hands it a Finder (glue_waits.go there) when it needs one.
// The failure-path retries (periodic.go, below) walk failure paths with
// the same Walk and FindWaits.
//
// # Failure paths of loops that repeat on success
//
// A loop that repeats on success too (a periodic renewal, a long poll, a
// pagination, a message pump) is no retry as a whole, but its failure
// path is one when it goes back to the same operation, with the same
// arguments, after a wait of its own (periodic.go, FailurePathRetry): a
// wait no path back from a success passes (time.Sleep(5s); continue after
// a failed long poll), or a wait whose duration the failure path sets to
// something the success path does not (waitDur = time.Second before the
// shared time.After(waitDur)). Same arguments: no variable the loop
// carries into them (the cursor) is written on the way, except by the
// operation itself when its same-package method returns its value
// receiver unchanged with every error (p, err = p.Next(ctx)); a
// value-receiver Next of the package returning (its type, error) is such
// a page fetch, not an iterator. Such a site's bound counts consecutive
// failures (every run assumed to fail), its waits are its own waits only
// (a failure path that goes back at once, such as a re-join after losing
// a membership, or through the loop's period is not the retry), and its
// timeouts and the outcomes its other paths repeat are left unknown. A
// listener's Accept is no outbound operation (a server's accept loop
// drains its listen queue). A periodic task whose failure waits its
// normal period (the same wait, or one written the same way with nothing
// the loop changes in it), a failure that goes back at once or through
// waits the model cannot read, a page that moves on with the failure, and
// per-item loops stay silent. A wait every run passes that grows with the
// runs (linear, polynomial, exponential: backoff(attempt, min, max) at the
// head of a lookup that also asks again while its item is missing) is no
// period but a backoff, the failure's own wait, unless a func value
// computes it (a library's generic loop) or the run also waits a tick
// every run waits; retrysite drops from a site the operations retried
// only through such a shared backoff when it retries others
// (periodic_backoff.go, retrysite's primaryops.go).
//
// A timer that is one case of a select whose other case, a receive from a
// channel that is no timer and no Done, goes on without leaving the
// function or the loop (a lock waiter woken by the release, with the
// timer as a fallback) is not the wait of the site: it waits for
// whichever comes first, and the site's waits are left unknown
// (wakeup.go). A case that leaves, or acts only while the timer's
// channel variable is nil (if backoff == nil { backoff = time.After(d)
// }), does not cut the wait short: the select comes back to the same
// armed timer (keepsArmed). Likewise the one wait of a same-package helper that is a
// timer raced by a receive from another channel, whichever case ends the
// helper (nats' newRequest: the reply or the request's timeout), is the
// call's own timeout, not a wait between attempts: it is dropped, and
// the helper may wait (timedReceive).
package waits
