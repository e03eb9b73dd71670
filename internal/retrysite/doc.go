// Package retrysite finds the retry sites of a package and describes
// them: it is the one model that every retrylint rule reads. Its Analyzer
// reports nothing; its Result lists the sites.
//
// # What a retry site is
//
// A hand-written retry is a loop (for, range over an int or a list of
// delays, goto) or a self-recursive function that runs an operation and
// in which a failure of that operation (a non-nil error, a bad HTTP
// status, a false ok) leads to another run of the same operation, while
// its success leaves. The model decides this on the control-flow graph
// (go/cfg) with a small abstract interpreter (eval.go, sim.go): it walks
// from the operation under an assumed outcome and asks whether control
// comes back to it without leaving the loop. That definition is what
// separates retries from polling a job until it is done (success comes
// back), periodic jobs and workers (both outcomes come back), pagination
// and per-item loops (each iteration is a different operation: its
// arguments come from the range, from a collection indexed or sliced by
// a variable the loop changes, from a channel received from in the loop,
// or from values the loop carries forward such as a cursor, a redirect's
// location or an error being unwrapped).
//
// The loop forms real code writes are all loops to the model: a for with
// no condition whose count is checked in the body, a goto label loop, an
// operation run once before a loop that runs it again on failure, a range
// over a ticker's channel (for range t.C, time.Tick: it waits the ticker's
// period before each iteration and never ends by itself), a select on
// time.After or a ticker and ctx.Done as the wait, and a recursive retry
// that waits at its entry (forms.go).
//
// A repeat is a retry only when the outcome that leads back is the
// failure of an operation: an error, a response's status, a known
// library result. A bare bool or ok is a failure only from a callee the
// model sees (a function of the package, an unexported interface seen
// through its implementations, a local function literal); from a
// function value, a parameter, a field or another interface method it is
// a predicate, a dequeue or the step of an exchange (queue drains,
// waiter callbacks, for !scram.Done()). An item taken from a (T, ok)
// call in the loop is a new input on every iteration, and a library call
// given an empty list of retryable codes retries nothing (forms.go).
//
// A local variable whose only assignment is a function literal is that
// literal: op := func() error {...}; backoff.Retry(op, b) is studied by
// every rule as if the literal were written inline, and a loop calling
// it as if it called a same-package helper (heldFuncLit, forms.go).
//
// An operation is a call that can cross an integration boundary, because
// the Retry Policy standard governs calls to other services: a function of
// a package outside the standard library, of the standard library's
// network and database packages, a function value or a non-standard
// interface method (the model cannot see what they do), or a function of
// the analysed package whose body makes a fallible such call. A method of
// an unexported interface of the package, and a value of an unexported
// function type of the package that its exported API does not take, are
// seen through the package's own implementations and functions of that
// type (integration.go, notretry.go). Compare-and-swap loops, syscall
// restarts, parsers and the standard library's own local packages are not
// retries.
//
// A library retry is a call into a retry API, with the options and fields
// that configure it, wherever the configuration is written: option
// arguments, variables configured before the call (fields assigned,
// setters called), composite literals, chained setters, configuring
// function literals, same-package constructors (libs.go). A gRPC service
// config given as a constant string is parsed, keys matched
// case-insensitively as gRPC does (grpcconfig.go). Libraries are matched
// by types.Object (package path and name), never by import name. When the
// configuration comes from somewhere the model cannot follow (a parameter,
// a struct field), the site is Opaque and rules do not assume defaults.
//
// # What a site says
//
// Each Site has its kind, position and context, its attempt
// bound normalised to retries (Bound: known, unbounded, or unknown when it
// comes from parameters or configuration), its waits and their shape
// (Waits, R-1), the operations it repeats with their HTTP method and
// Idempotency-Key (Ops, R-6), the outcomes that certainly lead to another
// attempt (Retried, R-4, R-9) and its timeouts (Timeouts, R-3). The bound
// of a loop is computed by running the graph with the attempt counters it
// can evaluate; a loop is unbounded only when every exit it has provably
// counts nothing (an outcome, the context, the clock, a select); an exit
// decided by a helper object or a field may count out of sight, and the
// bound is then unknown. A call of a same-package retry helper whose bound
// depends on its parameters, made with constant arguments, is a HelperCall
// site with the bound those arguments give.
//
// # What it skips
//
// Generated files and test files (tests poll test servers; they are no
// production integration) are not analysed. The project's reference retry
// package (github.com/retrylint/retrylint/retry) implements the standard
// and is not analysed as a retry site. Calls into it enforce the
// standard's numbers themselves; a call of its Do or DoValue is a Library
// site only for what the package cannot see, its operation: the requests
// it sends and the outcomes it marks retry.Retryable,
// with bound, waits and timeouts left unknown (reference.go).
//
// # Options and directives
//
// The options shared by every rule are this Analyzer's flags (options.go):
// -context, -ranges, -key-headers; drivers expose them unprefixed. A
// //retrylint:context NAME comment sets the context of a function (in its
// doc comment or body) or of the package (anywhere else). An unknown name
// or a malformed directive is a finding of the directives analyzer
// (rules.DirectiveOwner, ReportDirectiveProblems), not an error of the
// analysis, so that it fails every run (go vet caches clean results);
// the code it was written for keeps the -context default.
//
// # Cost
//
// The model uses the inspector, types, go/cfg and its own interpreter on
// the analysed package alone: no buildssa or ctrlflow, no facts, so
// drivers never load dependencies from source. Graphs are built only for
// functions that hold a loop, a goto or a call of themselves with an
// operation inside.
package retrysite
