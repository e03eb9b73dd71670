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
// (go/cfg) with a small abstract interpreter (package interp: eval.go, sim.go): it walks
// from the operation under an assumed outcome and asks whether control
// comes back to it without leaving the loop. That definition is what
// separates retries from polling a job until it is done (success comes
// back), periodic jobs and workers (both outcomes come back), pagination
// and per-item loops (each iteration is a different operation: its
// arguments come from the range, from a collection indexed or sliced by
// a variable the loop changes, from a channel received from in the loop,
// or from values the loop carries forward such as a cursor, a redirect's
// location or an error being unwrapped: package peritem).
//
// The loop forms real code writes are all loops to the model: a for with
// no condition whose count is checked in the body, a goto label loop, an
// operation run once before a loop that runs it again on failure, a range
// over a ticker's channel (for range t.C, time.Tick: it waits the ticker's
// period before each iteration and never ends by itself), a select on
// time.After or a ticker and ctx.Done as the wait, and a recursive retry
// that waits at its entry (forms.go). A loop over a select that wakes
// itself is a loop too: a failure that sends on a channel one of its
// cases receives from (c.trigger, directly or through a method of the
// same receiver) makes that case ready, a case on a channel no one on
// the path sent on is not (others may wake the loop, but a success that
// waits for them does not come back), and a receive from a local channel
// held nil never happens (interp/exits/selftrigger.go; sarama's partition
// consumer, whose trigger case arms the backoff its other case waits).
//
// A recursion may go through a closure the function holds (retry :=
// func(err error) error { n--; time.Sleep(d); return f(ctx, n) }): a
// call of such a closure is a call of the function itself
// (typesx.HeldSelfCalls), its parameters are the call's arguments, its
// waits are the recursion's (waits/heldself.go) and the bound is unknown
// when it steps a parameter it captured. A retry that is no loop is such
// a recursion too: a failure that reaches the function again through
// another function of the package that runs no operation of its own
// (send -> retryRequest -> send: ReentryDecl, reentry.go), or schedules
// it again (time.AfterFunc(d, c.reconnect), go func() { sleep; c.connect()
// }()): the waits are the sleeps on the way and the AfterFunc's delay, and
// a schedule re-armed on success too is a periodic job, as any loop.
// The operation may run inside the literal the function's own timer
// runs (time.AfterFunc(d, func() { ...; if err != nil { f(10) } })):
// that literal is the attempt, read as the function's body, when the
// function only arms the timer after state checks and never steps a
// parameter (retrysite.go's timerAttempt).
// A recursion that steps one integer parameter on every call of itself
// (tries+1, retries-1; a duration passed on doubled is its wait) and
// compares it with a limit the interpreter computes (`if tries >=
// c.RateLimiter().MaxRetries() { return }`, `if retries > 0 { return
// f(..., retries-1) }`), called by the package with one constant first
// value, makes as many retries as the steps from that value to the limit
// (recursioncount.go). An interface method called on a field the package
// fills with one concrete type when the user gives none (`if
// c.RateLimiter == nil { c.RateLimiter = NewRateLimiter() }`) runs that
// type's method (host.go's defaultImpl).
// A function whose operation sits
// in a loop over candidates (brokers) and that calls itself once the loop
// has run out is a recursive retry as well as a loop: the loop's own
// condition guards no refresh (interp's goalFreeFailover), and going
// round the loop is the failover, not a retry at once
// (heldrecursion.go; sarama's findCoordinator).
//
// A per-item loop inside a loop that ranges over the same list again is a
// retry in rounds (rounds.go): `for !done { for _, url := range urls {
// if ok(c.Do(head(url))) { return nil } }; wait }` tries each URL again
// once all of them failed. The site is the outer loop; the list must be
// a local or parameter the outer loop neither assigns nor changes an
// element of (a list refreshed or built in each round has other items),
// and the operation must not vary over the outer loop otherwise (a new
// message in each round is a dispatch). Seen from one item the inner
// range runs once per round (interp's OnceRange): the other items are the
// failover between two tries of it, not a wait nor a retry, so the waits
// are those between rounds, the bound counts rounds, and the outcomes are
// those after which the next round comes. A round that goes on after a
// success too (a health sweep) is no retry, as any loop.
//
// A repeat is a retry only when the outcome that leads back is the
// failure of an operation: an error, a response's status (or one the
// operation returns beside its error, in an integer or a field of its
// result: interp/companion.go), a known library result, or the error a result keeps in its one error field
// when nothing is returned beside it (gocql's *Iter and its err:
// typesx.CarriedError, interp/outcomeval/carried.go; nil under success, non-nil
// under the error scenario), read directly or through an accessor whose
// body only returns that field (alertmanager's verdict.Err(): a method of
// the package, or of another package of the module read from its file
// parsed alone). A bare bool or ok is a failure only from a callee the
// model sees (a function of the package, an unexported interface seen
// through its implementations, a local function literal); from a
// function value, a parameter, a field or another interface method it is
// a predicate, a dequeue or the step of an exchange (queue drains,
// waiter callbacks, for !scram.Done()). A func value's bool given the
// operation's error (if c.shouldRetry(ctx, err) { return c.Send(ctx) })
// is a retry decision: no after a nil error, and a recursion it guards
// comes back freely, counting nothing; it may wait (interp/outcomepred.go).
// An item taken from a (T, ok)
// call in the loop is a new input on every iteration, and a library call
// given an empty list of retryable codes retries nothing (forms.go; a
// callee's bool whose every false is a predicate's: package boolfail).
//
// A loop that repeats on success too (a periodic renewal, a long poll, a
// pagination) may retry on its failure path alone: package waits
// (periodic.go; its doc says when).
//
// A success is a success all through: an error-typed field of a local
// that only ever holds the operation's result (res, err = produce(batch);
// if res != nil { err = res.Error }) is nil in the success scenario, so a
// loop that retries while the call fails or its result reports an error
// is a retry (interp/outcomeval/errcode_success.go).
//
// Exits that count no attempts, whatever their values (sim.go): a
// comparison of the clock (time.Since, time.Until, time.Now().Sub) with a
// limit (a time limit, R-2 counts it as no bound); a value received from a
// channel (a stop signal); a comparison with context.Canceled or
// context.DeadlineExceeded; a view of the error (errors.AsType[T](err),
// errors.As(err, &target), err.(*T)); a call of a stop check, a function
// of the package whose one select only asks whether a channel is ready
// (p.shouldStop()), and a nil test of a value the operation returned
// (interp/exits/stopcheck.go); a number, bool or string field the package
// writes only in struct literals, read from a parameter or receiver the
// function never writes: a setting the object was made with, the same on
// every attempt (interp/exits/settings.go); a flag, a bool or integer field
// every write of which is a constant (atomic.CompareAndSwapInt32(&r.stop,
// 0, 1) in Stop: interp/exits/flags.go); the absence of a fixed key from a list
// field the loop only appends to (indexOf(addr, r.addrs) >= 0, the user's
// Disconnect removing it: interp/exits/registry.go). A field of an error value (a rate
// limit's RetryAfter) is what one failure says, so a wait read from it is
// not a fixed interval (waits_num.go).
//
// Hand-written SDK loops decide through a predicate of the package over
// the operation's results (decide.go): shouldRetry(req, res, err) that
// honours an x-should-retry header before the status, s.shouldRetry(err,
// req, resp, retry) returning (bool, reason), often after the caller's
// handleResponse(resp, err) func value. The responses the model tries
// carry no optional header (Header.Get is "", and a string local read
// from a header is tracked), so such a predicate decides by the status,
// while a poll waiting for a header to say "done" still comes back on
// success. A same-package function with several results is read through
// its body for the bool or integer result the loop tests. A handler the
// model cannot see, given the operation's error, passes a success on (its
// error is nil for a nil error and a 2xx response; other outcomes stay
// unknown). Besides the representative statuses, the statuses the loop
// or a predicate it calls compares a StatusCode with are tried, also as
// responses whose headers are unknown (a 401 retried when the server
// says so); the wait walk tries them too.
//
// A successful outcome is the whole exchange (decide_body.go): reading
// the body of a 2xx response succeeds (io.ReadAll(res.Body), or a
// same-package function given the response, read through its body for
// its error: an SDK that reads the body of the response ending the call
// inside the attempt), and an operation that returned without an error
// finished within its context (ctx.Err() is nil), as did one that came
// back with a failure that is not the context's (a certificate error, a
// status), also for the predicates of the package it is handed to
// (interp's outcomeval.LiveCtx). The wait interpreter
// reads a Retry-After parser of the package (a bool result of a function
// given the response) on responses without headers, through the outcome
// evaluator (package waits): the client's own schedule is what R-1
// judges. It also reads float backoffs (math.Pow, math.IsInf guards),
// the cap written with an else, and the default of a setting it cannot
// see (if max <= 0 { max = 8s }: the stand-in stays, waits_clamp.go).
//
// A local variable whose only assignment is a function literal is that
// literal: op := func() error {...}; backoff.Retry(op, b) is studied by
// every rule as if the literal were written inline, and a loop calling
// it as if it called a same-package helper (HeldFuncLit, forms.go).
//
// An operation is a call that can cross an integration boundary, because
// the Retry Policy standard governs calls to other services: a function of
// a package outside the standard library, of the standard library's
// network and database packages (package netio's std.go), a function value or a non-standard
// interface method (the model cannot see what they do), or a function of
// the analysed package whose body makes a fallible such call. A method of
// an unexported interface of the package, and a value of an unexported
// function type of the package that its exported API does not take, are
// seen through the package's own implementations and functions of that
// type (integration.go, funclits.go, package exchange). A method of an
// io interface called on a value the package points at a network
// connection (a buffered writer field set to net.Conn, or to a writer of
// the package whose Write calls it) crosses the boundary too (package netio),
// and so does a fallible call handed such a stream where it takes one
// (f.write(w.w), w.w a bufio.Writer over the conn: package netio).
// What repeats are not retries (compare-and-swap loops, dropped results,
// readiness waits, re-runs with
// changed input, failover rotation, state polls) is package notretry's
// (internal/retrysite/notretry/doc.go). Nor is a retry library's
// operation that makes an error of its own when its call succeeds with
// an empty result (c == nil: a poll until the thing appears, libsite/libpoll.go),
// nor one given to a library whose marker its users poll with
// (knowledge.Library.MarkedPolls: terraform's retry.RetryableError) that
// marks an error of its own neither made from an operation's error nor under a
// test of an operation's response (`if st != "active" { return
// retry.RetryableError(errNotYet) }`: a state poll).
// A net.Error's Timeout() read by a predicate of the package on what
// errors.As found in a certificate error is false (interp/outcomeval/astarget.go).
//
// A request handed to the package's own event loop is an operation when
// the loop's handler for it calls a server (package exchange).
//
// A library retry is a call into a retry API, read from the
// internal/knowledge tables by package libsite (internal/retrysite/libsite,
// its doc says how).
//
// Two entry kinds are not sites by themselves. A poll
// (knowledge.Entry.Poll: k8s wait.PollInfinite, PollUntilContextCancel)
// is a site only when its condition turns an operation's failure into
// (false, nil) and returns false for nothing else; a condition that
// waits for a state is a state poll (notretry/polls.go). So is a state
// poll (knowledge.Entry.StatePoll: terraform's StateChangeConf, whose
// receiver literal names a Refresh function and the Pending and Target
// states): a site only when Refresh returns a pending state where an
// operation's result was found to have failed, and nowhere else; a
// Refresh returning a state it read waits for that state
// (notretry/statepolls.go). A pace
// (knowledge.Entry.Pace: cenkalti's b.NextBackOff(), backoff.NewTicker)
// gives the waits, and the missing count, of the hand-written loop site
// that holds it when the loop model cannot tell them (libsite/paced.go).
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
// bound is then unknown (x, ok := errors.AsType[T](err) is the outcome
// seen as one type, as an errors.As target is: its tests count nothing).
// A fork that decides no exit is none (interp/joinfork.go): an if whose
// branches hold no return, goto, nor break or continue aimed outside it,
// and a loop nested in the one under study whose body holds none, meet
// again inside the loop whatever decides them (a setting read into a
// local, a range over the request's headers), so they count nothing; so
// does an if whose sides reach the same exits of the loop without coming
// back to it (`if conn.IsBusy() { continue }` beside a sleep and a
// continue: both go round again).
// One helper object is read: an attempt tracker the loop asks (`if
// retry.IsNextRetry(...)`), built by a constructor of the package that
// counts in the object (package tracker). An interface method called on
// such a tracker (the local holds that one type) is read through the
// type's method when the loop's outcome is decided (package tracker's
// Method; interp's devirtualize): client-go's withRetry.IsNextRetry,
// which also says no to a response that is neither a 429 nor a 5xx, is
// what lets a success leave request()'s loop. Any other interface method
// of the package runs the one type of the package or module that the
// package's expressions hold and that implements it (xpkg.go's
// soleImplementation): a retry policy the package installs as its
// default (var DefaultPolicy Policy = &GenericPolicy{...}; d, err :=
// policy.Retry(attempt, resp, err)) decides the loop, and a func field
// whose package values are one literal (Retryable: DefaultPredicate)
// runs that literal (interp's iife.go, valueLit), unless a setter
// stores the user's func there. A request the loop gives
// back to itself through a function of the package is the same input on
// every round, not a value the loop moves over (package rewind).
// A call of a same-package retry helper whose bound
// depends on its parameters, made with constant arguments, is a HelperCall
// site with the bound those arguments give. A struct parameter's integer
// and bool fields are the caller's too: bound at each call to the fields
// of the literal it passes, directly or through a local defined once by
// it (helperfields.go, interp's paramfields.go), unknown in the helper's
// own site unless no write of the package sets them (valueindex's
// ZeroField). An operation group whose calls sit in loops apart from
// each other is studied one loop at a time (splitByLoop: a helper's
// custom-schedule loop and its backoff loop).
//
// # Values set elsewhere in the package
//
// Retry code often reads its configuration from a struct field or a
// package variable set elsewhere (c.maxRetries set by NewClient): package
// valueindex indexes every write of each and resolves the values and the
// defaults the package ships (its doc says how, and what stays unknown).
//
// # Func values
//
// A call through a func value is resolved to the functions it may run
// when the package shows every one of them (valueindex's funcvals.go; its
// doc says which). A func value the loop gives the operation's error and
// whose bool decides the loop (if !again(err)) is a decider when it holds
// a literal (local, or returned by a factory of the module) that waits or
// counts what it captures: its body decides, its waits and count are the
// loop's; one that does neither stays a predicate (decider.go). So is a
// function of the package whose one true (a bool, or beside an error
// and a response) comes after a wait and a count of an integer
// parameter, whatever predicate it asks on the way (RetryDecision): it
// says no after a success, the loop's waits are its wait, and it is the
// operation when it sends too (resp, again, err := c.attempt(req, i)).
//
// Across packages: constants of other packages come through go/types
// (types.Const values) under every driver. Other code of another package
// lives in its syntax, which export data does not carry; the model
// declares no facts (measured: 5.4x the time and 12x the memory, every
// driver loading all dependencies from source). One route is taken
// instead, on demand and without facts (xpkg.go): a retry helper of
// another package of the same module. A call that passes a func value
// the package shows (a literal, a local holding one, a function of the
// package) to a function of another package, internal.Retry(ctx, opFn,
// next), is followed when package modsrc can read the callee's package
// from source (its doc says when: the same module, the callee's own file
// calling a func parameter in a loop or handing it on, at most 4 packages type-checked
// and 64 calls studied per pass, everything cached on the pass's model).
//
// The helper's body is then run through the same loop discovery as the
// package's own functions, by a model whose type information is the
// analysed package's and the helper's together, with each parameter
// bound to the caller's argument: a func parameter resolves to the
// caller's functions as a same-package helper's does (funcvals.go), a
// context parameter to the caller's context (timeouts). When the helper
// holds a loop that runs a bound func parameter, the call is a
// HelperCall site of the caller with the loop's bound, operations,
// outcomes and timeouts (or, when it hands the func to a retry library
// in a condition adapter whose (false, nil) is the func's failure, that
// library site: libraryHelper); unlike a same-package helper call it
// reports (the helper's own package reports the loop itself, with its
// parameters unknown). A wait written in the helper is the caller's
// retry's too: its shape is reported at the call (a schedule the helper
// computes on its receiver, NewBackoff(cfg).Retry(op), is read from the
// receiver's fields: waitnum's waits_recv.go), as a cap's position is;
// a wait whose duration is what a func value of the caller returns
// (timer.Reset(next(err)) with next bound to the caller's delay literal):
// the literal is run over successive calls with the variables it
// captures kept between them, and the wait is the caller's, at the
// literal's returned value (xpkg_waits.go, waitnum's waits_closure.go).
// A backoff object the literal captures is followed when it is defined
// once before the literal by a constructor of no arguments whose body is
// `return &T{...}` (of this package or another package of the module;
// its type is then T whatever it is declared as, an interface included),
// or by a call of a func-typed field whose one default is such a
// constructor (the value configured under a nil test, `if opts.F != nil
// { f = opts.F } else { f = backoff.NewDefault }`, is the user's, left
// aside: package funcdefault), and every other use is a call
// of T's methods in the delay literal or, in the operation literal given
// to the same call, one of a method that writes nothing or one made only
// on the way to a `return ..., nil` (bo.Reset() after a success, where
// the helper stops). Anything else done to it leaves the wait unknown. An
// integer or boolean parameter is bound to the caller's constant
// argument, so a helper whose parameter sets the count (Do(3, op)) has
// the bound that constant gives; any other argument leaves it unknown,
// as a parameter of an exported function is. An unbounded
// loop whose operation is a literal counting in a variable of the caller
// is unknown (package countsoutside; its doc says which counts end
// nothing). A helper with no such loop that hands a bound func value on,
// outside its loops, to another helper (Retry(ctx, op, opts...) calling
// RetryWithResult(ctx, func(ctx) (T, error) { return op(ctx) },
// opts...)) is followed there, in its package or another of the module,
// up to 3 helpers deep (forwardSite); variadic helpers bind their fixed
// parameters; an operation handed the bound func (a wrapper that
// recovers) runs it; a method of an interface the package declares is
// the method of the one module type implementing it among the package's
// values (soleImplementation). A helper that runs its func once
// or per item is no site, as in the package. A file that cannot be
// found, read or parsed, a callee of another module, or a panic of the
// model on the mixed information (recovered) leaves the call unknown:
// the rules stay silent, as before.
//
// A backoff object of a type of another package of the module, or of a
// dependency's package of at most MaxDepSource bytes (b :=
// &backoff.Backoff{Max: 5 * time.Minute}; time.Sleep(b.Duration()): a
// library no table names, with the defaults it fills for zero settings
// and a counter kept with sync/atomic), and a function such a package
// declares that writes nothing, are
// followed by the wait interpreter as one of the package's own is
// (waits_state.go): the methods called on it are read from that
// package's source, loaded by the same loader (same caps, the pass's
// cache; any package of the module, not only one with a loop over a func
// parameter), run by its model on the object's fields (matched by
// position and name between the export-data and source views of the
// struct), under the same conditions (a method that writes anything but
// its receiver's fields, a package variable of its package included, is
// not followed). Source that cannot be read leaves the wait unknown.
//
// Variables and fields of another package are still not followed (a
// generated SDK's internal/requestconfig loop reading options built in
// the root package), nor are a helper's calls of its own package's
// functions (they are another package's functions to the model running
// it): an exported default variable of a dependency (retryablehttp-style
// DefaultRetryMax) is unknown.
//
// # Waits computed away from the loop
//
// A wait computed by a same-package function or method, a backoff object
// or a policy interface is run by the wait interpreter (package waitnum;
// its doc says which shapes it follows and what stays unknown).
//
// # What it skips
//
// Generated files and test files (tests poll test servers; they are no
// production integration) are not analysed, nor the test support files a
// package ships (a file that imports "testing": a testing.go, a shared
// test suite's helpers), nor the hand-written loops of a test helper kept
// in an ordinary file: a function that takes a *testing.T, *testing.B,
// *testing.F or testing.TB, and the literals in it (a testutil package's
// WaitForServerReady). The project's reference retry
// package (github.com/retrylint/retrylint/retry) implements the standard
// and is not analysed as a retry site. Calls into it enforce the
// standard's numbers themselves; a call of its Do or DoValue is a Library
// site only for what the package cannot see, its operation: the requests
// it sends and the outcomes it marks retry.Retryable,
// with bound, waits and timeouts left unknown (libsite/reference.go).
//
// # Options and directives
//
// The options shared by every rule are this Analyzer's flags (package
// report's Flags and Options):
// -context, -ranges, -key-headers; drivers expose them unprefixed. A
// //retrylint:context NAME comment sets the context of a function (in its
// doc comment or body) or of the package (anywhere else). An unknown name
// or a malformed directive is a finding of the directives analyzer
// (rules.DirectiveOwner, report.ReportDirectiveProblems), not an error of the
// analysis, so that it fails every run (go vet caches clean results);
// the code it was written for keeps the -context default.
//
// # Cost
//
// The model uses the inspector, types, go/cfg and its own interpreter on
// the analysed package alone: no buildssa or ctrlflow, no facts, so
// drivers never load dependencies from source. Graphs are built only for
// functions that hold a loop, a goto or a call of themselves with an
// operation inside. The value index is one more pass of the inspector,
// made only in packages where an evaluator meets a field or package
// variable; resolved values are cached per object. Questions asked of
// every field of a package are answered from one pass per package too,
// built on first use: whether a field is a flag (interp/exits' flagindex.go)
// and which guards of the package's functions test a field (timeouts'
// indexGuards, for setUpElsewhere). On the corpus
// (scripts/bench.sh -n 5 -s corpus -m standalone, a loaded machine) it
// moved retrylint from 1.16x to 1.15x the floor in wall time and left
// peak memory at 1.06x: within the noise. Following same-module helpers
// (xpkg.go) type-checks 4 packages over the whole corpus and none over
// k8s.io/client-go/... (the cheap one-file test rejects the rest); its
// measured cost is in testdata/corpus/RESULTS.md.
//
// # Layout
//
// The model is a few packages and a table. None of them imports this
// package: each asks the model through an interface or struct of its own,
// which this package implements in a glue file named after it. Each
// package's doc says what it owns in full.
//
//   - package site (site/): the types a Result holds — Site, Bound,
//     Wait, Op, IdemKey, Outcomes, Timeouts, Setting — with their
//     accessors, and the words of a count (CountedAttempts). Plain data;
//     it imports nothing of the analysis (site.go).
//   - package report (report/): the words of a finding (subject.go,
//     report.go: Subject, Message, the Reporter every rule reports
//     through), the //retrylint:ignore and //retrylint:context directives
//     (directives.go), the options and their flags (options.go). It reads
//     site and nothing else of the model.
//   - package fixes (fixes/): the suggested fixes of the rules (Jitter,
//     Count, Codes, HoistKey): a library's R-1 fix is the recipe of its
//     knowledge table (knowledge.JitterFix) read by one builder. It reads
//     site and the tables, nothing else of the model.
//   - package typesx (typesx/): the go/ast and go/types queries the
//     packages share (typesx.go: Callee, IsNamed, VarOf, RootVar,
//     ChainRoot, AsTarget, IsErrorType...; shared.go: UsesAny,
//     AssignedVars, ObjOf, IsIdent, ReturnsIn, Union). It depends on
//     nothing of the model.
//   - package interp (interp/): the value interpreter. The evaluator
//     (eval.go, types.go: IsResponseType, HasErrorOrResponse,
//     ReturnsResponse) over its value domain (package vals, interp/vals/,
//     named in lowercase by domain.go), the path simulation (sim.go, statekey.go,
//     cfgwalk.go, timerchan.go; the exits that count nothing and the
//     select cases a walk decides are package exits, interp/exits/,
//     which interp calls through exitshost.go), the per-function graphs
//     (funcinfo.go), the outcomes tried (package outcomeval,
//     interp/outcomeval/, called through outcomehost.go) and the
//     predicates a loop decides through (decide.go, decide_body.go); the
//     purely syntactic questions of a function body (a backoff's clamps,
//     a local no loop changes, a self-contained literal, a statement that
//     jumps out of itself, ContainsOp) are package bodyscan,
//     interp/bodyscan/. Its Model is embedded in
//     this package's model, so its exported methods are the model's; it
//     asks discovery and the library readers through interp.Host
//     (host.go here) and the value index through interp.Index and
//     interp.Ranges (index.go).
//     interpnames.go here gives its names the lowercase names the model's
//     code uses (evaluator, value, env, vInt, intVal...).
//   - package valueindex (valueindex/): the package-wide value index
//     (values_index.go), the values and defaults read from it and the
//     bound chosen over them (values.go, fieldwrites.go), limits the
//     package ships switched off (offdefault.go, offcount.go) and func
//     values (funcvals.go, funcvals_shared.go). Its Index is embedded in
//     this package's model beside interp.Model; rebindDescribers
//     re-points a copy's Index at the copy's interpreter.
//   - package rangelen (valueindex/rangelen/): the list of integers a
//     range walks and the length of a range over a retry iterator, read
//     through the index; the interpreter asks it as interp.Ranges, which
//     the model gives it (SetRanges) beside the index.
//   - package funcdefault (valueindex/funcdefault/): the default a
//     func-typed field ships (Func, for the wait interpreter; Values,
//     for the library readers), read through the index.
//   - package countsoutside (valueindex/countsoutside/): the guard on a
//     count kept outside the operation's literal (countsoutside.go:
//     CountsOutside), read through the value index.
//   - package waitnum (waitnum/): the wait interpreter, which runs the
//     code computing a wait over successive attempts
//     (waits_num.go, waits_shape.go, waits_state.go, waits_pair.go,
//     waits_alt.go, waits_clamp.go, waits_typed.go, waits_next.go,
//     waits_closure.go, samples.go), through waitnum.Model (describe.go
//     here).
//   - package waitshape (waitshape/): the interpreter's number domain
//     (Num, Binary) and the shape read from the samples (Classify,
//     WaitShape.Fill), with the words of factors and growths (Float,
//     Expo, Pct) the library readers share. Pure: it imports only site.
//   - package waitvars (waitvars/): what the package does to a wait's
//     variables away from the path the wait interpreter runs: the fields
//     it writes with a random draw (DrawnFields), a wait local the loop
//     assigns again from a call or another constant (ReassignedFromCall,
//     ReassignedOtherConst). Syntax and types only.
//   - package waits (waits/): the waits between the attempts of a
//     hand-written site, found by walking its failure paths (finder.go,
//     waits.go, head.go, waits_chanvar.go, waits_dedupe.go,
//     waits_determ.go, waits_resp.go), and the failure-path retries of
//     loops that repeat on success too (periodic.go, periodic_reset.go,
//     periodic_walk.go: FailurePathRetry). It asks waits.Model
//     (glue_waits.go).
//   - package timeouts (timeouts/): the timeouts of a site (R-3:
//     timeouts.go, timeouts_resolve.go, timeouts_libs.go, ctxfield.go,
//     optcap.go), through timeouts.Model (describe.go, offdefault.go
//     here).
//   - package ops (ops/): the operations a site repeats, their HTTP
//     method and Idempotency-Key (R-6: ops.go, ops_request.go,
//     ops_keys.go, ops_libs.go, held.go), through ops.Model.
//   - package outcomes (outcomes/): the outcomes a hand-written site
//     certainly retries and the condition that decides it
//     (outcomes.go), tried through a Try the model gives it
//     (outcomes_loop.go here).
//   - package notretry (notretry/): the not-a-retry rules (queue drains,
//     pagination, protocol exchanges, readiness waits, re-runs with
//     changed input, failover rotation, state polls: notretry.go,
//     precision.go, readiness.go, reruns.go, rotation.go, payload.go,
//     polls.go), asked through notretry.Rules with the model as its Host
//     (rules.go; glue_notretry.go here).
//   - package libread (libread/): the library readers that need no
//     interpreter: the gRPC service config (grpcconfig.go,
//     grpcconfig_build.go) and a retryPolicy's waits and outcomes
//     (policy.go), through libread.Model.
//   - package libsite (libsite/): the library readers that run the
//     interpreters: a library call site's bound, waits, timeouts and
//     outcomes read from the internal/knowledge tables (libs.go,
//     libs_loop.go, libbounds.go, waits_libs.go, waits_models.go,
//     waits_libfuncs.go, outcomes_libs.go, values_libs.go, grpcconfig.go),
//     the loops a library paces (paced.go), polls (libpoll.go), kept
//     clients (keptcount.go) and the reference package's sites
//     (reference.go). The model asks it through one libsite.Reader
//     (reader.go) and answers it as libsite.Host
//     (glue_libsite.go).
//   - package modsrc (modsrc/): another package of the module read from
//     source, on demand and cached per pass (loader.go), for xpkg.go's
//     cross-package helpers and the wait interpreter's backoff objects
//     of other packages; generic over the model it holds for each
//     package (glue_modsrc.go).
//   - package tracker (tracker/): the bound of a loop that keeps its
//     count in an attempt tracker of the package (tracker.go:
//     LoopBound), and the method an interface call on such a tracker
//     runs (Method: host.go's TrackerMethod), through tracker.Model.
//   - package rewind (rewind/): a loop-carried request only rewound for
//     the next attempt (rewind.go: Rewinds).
//   - package exchange (exchange/): a request handed to the package's own
//     event loop whose handler calls a server (exchange.go:
//     IsIntegration).
//   - package netio (netio/): an io call, or a call given an io stream,
//     that goes over a network connection the package keeps (IOCall,
//     PassesStream), through netio.Host; and the standard library's
//     network packages and the calls of them that stay local (std.go:
//     NetworkStd, NetworkCall, LocalSocket).
//   - package boolfail (boolfail/): whether a bool of the package can be
//     false because an operation failed, not a predicate's answer or an
//     event received (Judge.Fails), through boolfail.Host (predicates.go).
//   - package peritem (peritem/): whether each iteration of a loop runs a
//     different operation (VariesPerItem) and the values a loop carries
//     forward (CarriedVars, CarriedArgs), through peritem.Host.
//   - package requeue (requeue/): the retries through a rate-limited work
//     queue (Sites: the requeue call after an operation's failure, its
//     limiter's waits), a job store (Reschedules: a failure handler
//     writing the job back at now+backoff(count)) or a worker's own
//     channel (SelfQueued: the failed item sent back on the channel the
//     loop received it from), through requeue.Host (glue_requeue.go here).
//   - package sitetest (sitetest/): the analyzers the model's tests state
//     their findings with (Show, ShowCorpus, ShowWaits, WithRules),
//     shared by the tests of the model's packages. Only tests import it.
//   - internal/knowledge: what the model knows of each retry library, one
//     table per library, and the key its entries are looked up by.
//   - this package: the Analyzer (retrysite.go), and the analysis that
//     fills the site types in, as methods of one per-package *model
//     (model.go). Its files form groups: discovery (loops.go, forms.go,
//     funclits.go, integration.go, heldrecursion.go, predicates.go, rounds.go, swap.go,
//     xpkg.go; it asks tracker, rewind, exchange, netio, peritem and
//     requeue), what joins a site together (details.go, outcomes_loop.go),
//     the model as the other packages see it (host.go, describe.go,
//     offdefault.go, glue_libsite.go, glue_modsrc.go, glue_notretry.go,
//     glue_requeue.go, glue_waits.go), and the names it gives theirs
//     (sitetypes.go, interpnames.go). go run ./internal/cmd/depmap lists
//     what each group uses of the others.
package retrysite
