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
// A loop that repeats on success too (a periodic renewal, a long poll, a
// pagination, a message pump) is no retry as a whole, but its failure
// path is one when it goes back to the same operation, with the same
// arguments, after a wait of its own (periodic.go): a wait no path back
// from a success passes (time.Sleep(5s); continue after a failed long
// poll), or a wait whose duration the failure path sets to something the
// success path does not (waitDur = time.Second before the shared
// time.After(waitDur)). Same arguments: no variable the loop carries into
// them (the cursor) is written on the way, except by the operation itself
// when its same-package method returns its value receiver unchanged with
// every error (p, err = p.Next(ctx)); a value-receiver Next of the package
// returning (its type, error) is such a page fetch, not an iterator. Such
// a site's bound counts consecutive failures (every run assumed to fail),
// its waits are its own waits only (a failure path that goes back at once,
// such as a re-join after losing a membership, or through the loop's
// period is not the retry), and its timeouts and the outcomes its other
// paths repeat are left unknown. A listener's Accept is no outbound
// operation (a server's accept loop drains its listen queue). A periodic task whose failure waits its normal period (the same
// wait, or one written the same way with nothing the loop changes in it),
// a failure that goes back at once or through waits the model cannot
// read, a page that moves on with the failure, and per-item loops stay
// silent.
//
// A success is a success all through: an error-typed field of a local
// that only ever holds the operation's result (res, err = produce(batch);
// if res != nil { err = res.Error }) is nil in the success scenario, so a
// loop that retries while the call fails or its result reports an error
// is a retry (eval.go).
//
// Exits that count no attempts, whatever their values (sim.go): a
// comparison of the clock (time.Since, time.Until, time.Now().Sub) with a
// limit (a time limit, R-2 counts it as no bound); a value received from a
// channel (a stop signal); a comparison with context.Canceled or
// context.DeadlineExceeded; a view of the error (errors.AsType[T](err),
// errors.As(err, &target), err.(*T)); a call of a stop check, a function
// of the package whose one select only asks whether a channel is ready
// (p.shouldStop()), and a nil test of a value the operation returned
// (interp/stopcheck.go). A field of an error value (a rate
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
// finished within its context (ctx.Err() is nil). The wait interpreter
// reads a Retry-After parser of the package (a bool result of a function
// given the response) on responses without headers, through the outcome
// evaluator (waits_resp.go): the client's own schedule is what R-1
// judges. It also reads float backoffs (math.Pow, math.IsInf guards),
// the cap written with an else, and the default of a setting it cannot
// see (if max <= 0 { max = 8s }: the stand-in stays, waits_clamp.go).
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
// retries. Nor are (precision.go): a call whose results nothing reads (it
// cannot make its function fail); a loop after the function, or every
// caller up to two calls away, has started a local process, itself or
// through a function of the package that starts one (a readiness wait);
// a loop whose every wait is a number the other side sent (a
// tagged wire field: a poll at the server's interval); a loop that gives
// its operation a new random value each time (a search for a free name);
// a loop that goes back only when the attempt's own context.WithCancel
// context was cancelled (a restart after a switch-over). Callers in
// _test.go files do not count for the readiness rules: a test exercising
// a helper is not a use of it.
//
// A request handed to the package's own event loop is an operation when
// the loop's handler calls a server (exchange.go): a function or literal
// that sends a value on a channel field (c.eventsCh <- req), then
// receives from one of its fields (<-req.doneCh) and reads another
// (return req.err), while a receive from the same field elsewhere in the
// package feeds a type switch whose case for the value's type calls,
// with the value, a function that crosses a boundary. A handler that
// works locally, a send that awaits nothing and a value no loop receives
// from that field leave the sender local work.
//
// Nor are the re-runs of reruns.go, each a question asked of every path
// of the graph from the operation back to it: a downgrade (every path
// back sets a local the call reads to one constant, where it otherwise
// holds a mode chosen elsewhere: a commit finished as an abort); a re-run
// once after reconfiguration (a flag declared before the loop, tested
// unset on the way back, set to true, and another operation run: new
// seeds); a protocol exchange (the call is given what two or more other
// operations answered, and every path back runs them again: join, then
// sync); a collision retry (the call's input is made from a clock reading
// in the loop, and the only error that goes back is one sentinel: a new
// unique key after "key exists"); a negotiation (a function of the
// package given the attempt count switches to another request from a
// fixed attempt on: a protocol version stepped down); a negotiation by
// the failure's payload (payload.go: every path back assigns a local the
// call reads from a value derived from what the failed attempt returned,
// through assignments and through calls that fill a variable whose
// address they get beside such a value, errors.As(err, &e) then
// json.Unmarshal(e.Data, &offer): the next run asks with a version the
// server listed; a path back that only records the error, or sets the
// input from anything else, stays a retry). Nor is failover through a
// rotating index (rotation.go): a counted loop bounded by the length of a
// slice field of a value (len(s.addrs), or a method of the package whose
// body is return len(recv.addrs)), whose call is given the result of a
// method of the package, on the same value, that indexes that field with
// a field of its receiver it also assigns (the next address, round
// robin): each endpoint once; the same loop bounded by a number, or an
// endpoint method that does not move its index, stays a retry. A flag
// that only holds constants (retrying = true), a request rebuilt the same way, an
// attempt number given to a call the model cannot see or used from the
// first retry on, and a call given what one other call answered (a token)
// stay retries. Nor is a loop without an attempt count in a readiness wait
// (readiness.go): a function whose name says it waits (waitX, WaitUntil-
// Ready, ...Ready) handed the thing it waits for (a parameter of a
// non-standard interface type), whose loop is its last statement, or an
// unexported one only such functions call. Nor is a retry library's
// operation that makes an error of its own when its call succeeds with
// an empty result (c == nil: a poll until the thing appears, libpoll.go).
// A net.Error's Timeout() read by a predicate of the package on what
// errors.As found in a certificate error is false (astarget.go).
//
// A library retry is a call into a retry API, with the options and fields
// that configure it, wherever the configuration is written: option
// arguments, variables configured before the call (fields assigned,
// setters called), composite literals, chained setters, configuring
// function literals, same-package constructors, builder chains on a
// client variable (c.SetBaseURL(u).SetRetryCount(n)) (libs.go). A gRPC
// service config is parsed, keys matched case-insensitively as gRPC does
// (libread): a constant string, a package variable written once, or
// a document rebuilt from a Go map or struct with json tags given to
// json.Marshal or from a fmt.Sprintf template, a string the model cannot
// know standing as a placeholder that keeps its retryPolicy unread
// (libread/grpcconfig_build.go). An acquire attempt across an integration
// boundary (TryLock(ctx) returning (bool, error), knowledge acquire.go)
// reports its outcome in its bool. Error types of the package with a
// status field carry that status through errors.As (statuserr.go). Libraries are matched
// by types.Object (package path and name), never by import name. When the
// configuration comes from somewhere the model cannot follow (a parameter,
// a struct field), the site is Opaque and rules do not assume defaults.
//
// What the model knows about each library is in internal/knowledge, one
// table per library (knowledge.Library): its entry points (a function
// runner, a retrying HTTP client, an interceptor or option, or the
// condition of a loop it paces, such as dskit's for b.Ongoing()), the
// packages whose calls and fields configure it, its attempt bound
// (count settings, fixed settings and defaults: libbounds.go reads them),
// its defaults with their source, its error markers and built-in
// predicates, and the advice and -fix rewrites the rules give in its
// terms. The settings vocabularies of waits, outcomes and timeouts are
// still code here, named per table (knowledge.Models) and mapped in
// libmodels.go and timeouts_libs.go; nothing in this package asks which
// library a site is, and no library import path is written here.
//
// Two entry kinds are not sites by themselves. A poll
// (knowledge.Entry.Poll: k8s wait.PollInfinite, PollUntilContextCancel)
// is a site only when its condition turns an operation's failure into
// (false, nil) and returns false for nothing else; a condition that
// waits for a state is a state poll (polls.go). A pace
// (knowledge.Entry.Pace: cenkalti's b.NextBackOff(), backoff.NewTicker)
// gives the waits, and the missing count, of the hand-written loop site
// that holds it when the loop model cannot tell them (paced.go).
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
// One helper object is read (tracker.go): an attempt tracker the loop
// asks (`if retry.IsNextRetry(...)`), defined once before the loop by a
// constructor of the package, or a func field the package sets to one,
// that returns &T{max: n}, whose method steps a receiver field before
// it can say yes and says no past max: at most n retries. A request
// the loop gives back to itself through a function of the package that
// returns it, nil, or a copy refilled only from it (a fresh body from
// GetBody) is the same input on every round, not a value the loop moves
// over (rewind.go).
// A call of a same-package retry helper whose bound
// depends on its parameters, made with constant arguments, is a HelperCall
// site with the bound those arguments give.
//
// # Values set elsewhere in the package
//
// Retry code often reads its configuration from a struct field or a
// package variable set elsewhere: `for i := 0; i <= c.maxRetries; i++ {
// ...; time.Sleep(c.backoffFn(i)) }` with maxRetries set by NewClient. One
// package-wide value index (values_index.go), built once per package on
// first use, records every write of each field and package variable of
// the package: assignments (constructors, setDefaults methods, option
// funcs applied to the struct), keyed and positional composite literal
// fields, package-level declarations. values.go resolves an object to
// the values of those writes: constants, other indexed objects with one
// value, conversions and arithmetic of those, and, for func-typed fields
// and variables, the one function literal or function stored there. The
// evaluator (eval.go, for bounds) and the wait interpreter (waits_num.go,
// for waits and func values called for a wait) ask it wherever they meet
// a field or package variable they could not resolve before; a method
// computing a wait (c.retryDelay(n)) was already followed through its
// body, and now sees the fields it reads. Library counts (libbounds.go)
// read fields the same way, and a library client held in a field
// (c.http.Do(req)) is configured where the package builds it, when that
// is its one value and every other use of the field is a library
// operation on it (values_libs.go); otherwise the site stays Opaque. The
// three interpreters share the index and values.go; they are not merged
// into one interpreter (each keeps its own value domain: abstract
// outcomes, numbers over attempts, library settings).
//
// A list of integers kept in a slice field or package variable (the
// statuses a transport retries, retryOnStatus copied in New from a Config
// field the package defaults to a package array) is resolved through the
// same index when every reaching write gives the same constant list
// (values_list.go); a range over it takes its elements in turn, so a 200
// that is not in the list leaves. A list a package option sets from its
// argument is the caller's, and unknown.
//
// What cannot be known makes the object unknown, and the rules silent: a
// write from a parameter (a field set by an exported constructor's or an
// option's argument), from a call, or a write whose value the model does
// not compute (x += n, x++, a multi-value assignment); a variable whose
// address is taken (&c.n passed to flag.IntVar); a field with a struct tag,
// or an exported field of a struct the package passes to a decoder
// (Unmarshal, Decode, Load, ...): both come from configuration. A
// composite literal that omits an unexported field writes its zero value,
// except when the same function writes the field after it, or calls the
// function that does (c.setDefaults(), withRetries(3)), or the package
// writes it under a test of its zero value (if c.n == 0 { c.n = 3 }, or a
// switch case 0): the zero is then a placeholder for the default. An
// exported field a literal omits is left for the user to set: no value.
// Test files are not indexed.
//
// When several values reach a site, the model reasons over all of them.
// A bound is computed once per value (up to six values of one object,
// one object per loop); the site is held to R-2 only when every value
// breaks it, with the first value written as its bound. When every value
// complies, the largest count is the bound (the site retries, for the
// other rules); when only some break, the bound is unknown and the rules
// are silent, as before. A wait or func value with several values stays what it was
// before (an opaque constant, or unknown): a fixed interval of unknown
// length is still a fixed interval.
//
// A helper may return the wait together with a verdict: `d, ok :=
// retryDelay(res, n); if !ok { break }; sleep(d)`, or `d, err :=
// c.nextWait(n)`. When the helper is a function or method of the package
// whose results are a number and a bool or an error, the wait is its
// first result, computed like a one-result helper's (waits_pair.go). A
// return that gives up (a constant false, an error other than nil) is not
// followed, as a path of the loop that leaves it is not: the wait is what
// the other returns give. Any other second result (a string, a count)
// leaves the wait unknown.
//
// # Defaults the user can change
//
// The values the package itself writes are the defaults it ships; the
// values the user gives are not the package's and are left out (values.go,
// reachingDefaults). A write is the user's when its value is a parameter
// of an exported function or method of the package (SetMaxRetries(n),
// the literal WithRetries(n) returns, NewClient(n)) or of an unexported
// function every call of which passes such a value (New(opts) calling
// privateNew(opts)), a field of one
// (opts.MaxRetries, config.RetryMax), or a conversion, arithmetic or
// struct literal of such values with constants (probe{interval:
// time.Duration(period) * time.Second, n: n}). So minio-go's `c.maxRetries
// = MaxRetry; if opts.MaxRetries > 0 { c.maxRetries = opts.MaxRetries }`
// has the one value 10, MaxRetry's, and client-go's `maxRetries: 10` in
// NewRequest keeps its 10 although (*Request).MaxRetries sets it too. The
// package's own calls of such a setter are the package's values
// (c.SetRetries(2) in the package); when the setter scales the user's
// value (c.n = n * 2) and the package calls it, the object is unknown. An
// exported field or variable the package writes only with constants was
// already known by them: the user of another package cannot be seen
// changing it either. The policy, over the defaults that remain:
//
//   - Report when every default breaks the rule (every value, as above),
//     whether or not the user can change it: the standard governs what
//     the package does unless told otherwise. The finding names the
//     default and who can change it ("makes 10 attempts = 9 retries,
//     MaxRetry's default, which New can change"); for R-2 its related
//     information points at the default's write.
//   - Stay silent when some value the package writes complies (a
//     constructor that sets 2 beside one that sets 40), when the object
//     has no default of its own (a field only a setter writes, whose
//     literal leaves it out: its zero is no default), and when the value
//     is a backoff object, a client or an interface (only numbers,
//     strings, bools, structs and lists of them, and funcs as below, are
//     defaulted: what the user gives in their place may do anything, so
//     such an object with a user write stays unknown).
//
// A func value the user can change (WithBackoff(bf) writes o.backoffFunc
// = bf) is defaulted too, when the default is the package's own and
// fully known: every func the package itself writes to it is a function
// literal, a function or method of the package, or a call of a factory
// of the package with constant arguments (a function whose whole body is
// `return func(...) {...}`, not a method nor variadic:
// BackoffLinearWithJitter(50*time.Millisecond, 0.10)), whose literal is
// run with the factory's parameters bound to the constants (values.go,
// ownFunc, funcFactory). The user's func is dropped as the user's choice.
// Any other write the package makes (a factory called with a value it
// computes, a call of another kind, a conversion, another package's
// function) leaves the func unknown; so does a func with no default
// (only the user writes it) and, for waits, one with several defaults
// (indexedFunc resolves one function only). A wait computed from such a
// default names it (Wait.Default, R-1: "waits a fixed 45ms to 55ms
// between attempts, defaultOptions's default, which WithBackoff can
// change", related information at the default's write), so that
// go-grpc-middleware's retry interceptors are held to the 50ms ±10% their
// defaultOptions ship; there, the stop-and-drain idiom
// `if !t.Stop() { <-t.C }` is no second wait (timerDrain). A library's
// own backoff function held in such a func (vault's c.config.Backoff,
// retryablehttp.RateLimitLinearJitterBackoff from DefaultConfig) gives
// its table's shape whatever its bounds (knowledge BackoffFuncs,
// waits_libfuncs.go). Backoff objects of a library the package builds
// (olivere/elastic's w.p.backoff) are not defaulted yet.
//
// Limits switched off by default (valueindex/offdefault.go, offcount.go,
// timeouts/optcap.go). Where the policy above leaves a field with no
// default of its own unknown, two shapes say in the code that the zero is
// the default and means "no limit", and are read that way when an option
// of the package writes the field and every value the package itself
// gives it is zero or nil: a time limit set up only under `f != 0`
// (context.WithTimeout(ctx, o.timeout) under `if o.timeout != 0`, a
// timer under `if cfg.maxDuration > 0`), and a count of pointer type
// tested for nil before use (`if c.maxAttempts != nil && n >=
// *c.maxAttempts`), which the evaluator reads as nil. A retry under the
// caller's context whose only time limit is such a field has no total
// cap by default (R-3, Timeouts.OffByDefault); a loop whose only count is
// such a pointer has no count by default (R-2: "its count, maxAttempts,
// is nil unless WithMaxAttempts sets it, defaultRetry's default"). An
// integer count left zero is not read this way: 0 is a number.
//
// A struct-valued field read through (cfg.lockProbe.failureThreshold) is
// read from the literals the package writes to it (lockProbe: probe{5s,
// 60}), not from every value its inner field takes, so goose's lock and
// unlock probes keep their own 60 and 30.
//
// Where: a finding about a default is reported at the retry site that
// uses it, not at the definition, with the definition named in the
// message and in the related information. A loop is one site whatever
// the number of call sites of its function, so it is reported once. A
// library's backoff that a constructor builds and a field keeps
// (retry.Do(ctx, l.retryLock, fn): the field is only ever given to the
// library) is read where it is built, and its wait finding, reported at
// the setting when the setting is in the site's own function, is
// reported at the site when the setting is in another (the constructor),
// with the setting as related information: the reviewer reads the site.
// A retrying client built once and used from several call sites (go-tfe's
// retryablehttp.Client literal used by every request), kept in a field
// its sends cannot follow (copied into another struct, read for its
// HTTPClient), keeps the sends opaque; the literal is then a site of its
// own at its definition, for its count and waits only (keptcount.go,
// knowledge BackoffFuncs.KeptClient). So is a count set on a kept client
// by a method of the library (resty's c.resty.SetRetryCount(1000) in a
// configure function: knowledge Entry.KeptCount), for the count only.
//
// A getter that falls back to a constant when the user leaves an exported
// field zero (`if w.MaxAttempts > 0 { return w.MaxAttempts }; return 10`,
// or the zero test the other way round) gives that constant, noted as the
// package's default, when the package writes no value of its own to the
// field; when it does, the getter's body is evaluated on those values.
//
// A range over a retry iterator of the package (`for range
// c.newRetryTimer(ctx, n, ...)`, whose returned iter.Seq literal yields
// once per iteration of `for i := range n`, as `if !yield(i) { return }`)
// runs at most n iterations: n is the argument the call gives, computed
// like any value, defaults included (iterrange.go).
//
// # Func values
//
// A call through a func value is resolved to the functions it may run
// when the package shows every one of them (funcvals.go): a local
// variable holding one literal; a func-typed field or package variable,
// from every value the package writes to it; a parameter of an
// unexported function never used as a value, or of a literal held in a
// local variable that is only ever called (exec := func(run func()
// (bool, error)) error {...}; exec(func() (bool, error) {...})), from
// the argument of every call: literals, functions and methods of the
// package, or func values resolved the same way (a parameter the
// function reassigns, run = wrap(run), or whose address it takes, is
// not). A parameter of an
// exported function, a field the user sets (from an exported
// constructor's or option's argument, or one a decoder fills), a call's
// result or another package's func value is unknown, and the rules stay
// silent. Over several reaching functions: the call may cross an
// integration boundary when one of them does; it may fail (its bare ok
// or decision is an outcome) when all are seen; a wait is known when
// every reaching function gives the same value (else unknown); the
// request it sends is described only when every reaching function
// sends one with the same method, by the one least at fault. A bool paired
// with an error in what such a function returns (retry, err := run()) is
// a retry decision when, in every reaching function, the returns with a
// nil error give one constant and the returns with an error another
// (return err != nil, err; return true, err under if err != nil; return
// false, nil): the loop is then held to the rules as if the error alone
// decided it; any disagreement (a "more pages" flag set either way on
// success) leaves it unknown. A counter the held literal shares with its
// function (attemptsRemaining := c.cfg.Max before exec := func...) has,
// when the literal first runs, the one value every write outside it
// gives (x++ or two different values outside: unknown); a later call
// may start lower and run fewer times, the first call's count still runs.
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
// next), is followed when:
//
//   - the callee is of the same module: its file, named by the position
//     export data records, and the analysed package's files lie under
//     one go.mod whose module path prefixes both package paths (a
//     GOPATH tree with a go.mod, as analysistest's, counts; no go.mod,
//     a relative path as -trimpath or a Bazel sandbox records, or a
//     vendored copy: not followed);
//   - the callee's own file, parsed alone, calls one of its func
//     parameters that has results inside a for or range statement (or
//     has a goto): only then is its package read, every .go file of its
//     directory that go/build's MatchFile keeps for the default build
//     context (build constraints honoured, tests aside), parsed into the
//     pass's FileSet and type-checked with go/types, importing the
//     *types.Package objects the analysed package already reaches
//     (transitively through Imports()); an import it does not reach is an
//     error the check collects and passes over;
//   - at most 4 packages per pass are type-checked, and 64 calls
//     studied; everything is cached on the pass's model (no global
//     state: safe under go vet's unitchecker and nogo).
//
// The helper's body is then run through the same loop discovery as the
// package's own functions, by a model whose type information is the
// analysed package's and the helper's together, with each parameter
// bound to the caller's argument: a func parameter resolves to the
// caller's functions as a same-package helper's does (funcvals.go), a
// context parameter to the caller's context (timeouts). When the helper
// holds a loop that runs a bound func parameter, the call is a
// HelperCall site of the caller with the loop's bound, operations,
// outcomes and timeouts; unlike a same-package helper call it reports
// (the helper's own package reports the loop itself, with its parameters
// unknown). Waits and timeout positions inside the helper are not the
// caller's to fix: waits written in the helper are dropped (the waits
// are unknown when none is left), a cap's position is the call, except
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
// aside: valueindex/funcdefault_ctor.go), and every other use is a call
// of T's methods in the delay literal or, in the operation literal given
// to the same call, one of a method that writes nothing or one made only
// on the way to a `return ..., nil` (bo.Reset() after a success, where
// the helper stops). Anything else done to it leaves the wait unknown. An
// integer or boolean parameter is bound to the caller's constant
// argument, so a helper whose parameter sets the count (Do(3, op)) has
// the bound that constant gives; any other argument leaves it unknown,
// as a parameter of an exported function is. An unbounded
// loop whose operation is a literal that writes a variable declared
// outside it and tests it in a condition of its own (n++; if n == 3 {
// return nil }) is unknown too, here and for a same-package helper given
// the literal (one guard, countsOutside): the model does not run a count
// across calls of the literal. A captured variable only written or
// logged, or tested only where the literal does not return (if url != ""
// { url = "" }), ends nothing, and the loop stays unbounded. So does a
// countdown disarmed by default (disarmedCountdown): the literal tests
// it against 0 and decrements it only while it is above 0, and outside
// it is set only by `if opt == nil { v = -1 } else { v = int(*opt) }`
// with opt an option field the package never sets (nil unless the user
// sets it, or copied from such a field): at the default, -1, it never
// runs out ("forever" as pulsar's MaxReconnectToBroker means it). Any
// other shape of the count leaves the bound unknown. A helper that runs its func once
// or per item is no site, as in the package. A file that cannot be
// found, read or parsed, a callee of another module, or a panic of the
// model on the mixed information (recovered) leaves the call unknown:
// the rules stay silent, as before.
//
// A backoff object of a type of another package of the module (b :=
// &backoff.Backoff{Max: 5 * time.Minute}; time.Sleep(b.Duration())) is
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
// The wait interpreter (waits_num.go) runs a same-package function or
// method that computes a wait with the call's arguments, up to three
// calls deep (sleepDuration -> jitterBackoff), when the function writes
// nothing outside its locals. Two more shapes are followed
// (waits_state.go):
//
//   - A backoff object of the package: a local built in the function (a
//     composite literal, its zero value, or a constructor that returns
//     one), whose method returns the next wait and keeps its state in
//     the receiver's fields (b.attempts++, b.cur *= 2). The interpreter
//     keeps the fields from one attempt to the next and runs the
//     method's body on them, so a field doubled on each call reads as
//     exponential, a field that never changes as a fixed interval, a
//     draw over the whole value as full jitter and a draw added to a
//     base as partial jitter. It is followed only when everything done
//     to it is seen: no address taken, never passed, copied, captured by
//     a closure or written in a branch before the loop, and every method
//     called on it either changes nothing or writes only the receiver's
//     own fields and is called where the interpreter evaluates it.
//   - A policy interface (c.policy.GetInterval(i)) whose field or
//     variable the package writes once, with a literal of one of its own
//     types (the default NewConfig ships): the concrete method runs on
//     the literal's fields, when it changes nothing.
//
// A helper that returns from a branch on a bool the interpreter cannot
// decide (if c.recoveryEnabled() { return c.interval }; return 0) has
// both values computed; they must agree, else the wait is unknown
// (waits_alt.go). A branch on a comparison keeps its reading: a limit
// the model cannot see is taken not to bind, a hook compared with nil
// that the package never sets is at its default.
//
// Otherwise such a wait is an unknown call and the rules stay silent. A
// wait that nothing in the loop changes (a local set before the loop,
// a field or parameter the loop does not write, with no call in it the
// model cannot see) is a fixed interval whatever its value, unless the
// package writes that field with a random draw (waitnum's
// waits_drawn.go: a policy behind an interface may draw it again before
// each attempt). A wait the interpreter cannot run at all (the attempt
// count is a field, the delay is doubled by a loop of its own) still has
// no jitter when it is computed only from constants, parameters, locals
// and fields the package writes from such values, in a function that
// draws nothing at random (waits_determ.go, ShapeNoJitter). A backoff
// object of a type of another package of the module (slack's
// internal/backoff) is followed from that package's source (see "Across
// packages"); one reached through an interface (pulsar's backoff.Policy,
// built by a func-typed field) is not.
//
// On the path under study, a branch the interpreter cannot decide whose
// other side leaves (if fatal { return } else { ... }) is the path: the
// side that goes on runs. A branch on an error of one type that only
// takes the wait from that error (if rl, ok := errors.AsType[*RateLimited](err);
// ok { d = rl.RetryAfter }, errors.As, err.(T); a guard inside that
// leaves is allowed) is the server's wait, R-5's: the shape is read on a
// failure that is not of that type, as a response without Retry-After
// is (waits_typed.go). A typed branch that sets a wait of its own keeps
// the wait unknown.
//
// A wait held in a local the loop assigns (=) again from a call (wait(d);
// err := op(); if err != nil { d = next(attempt+1); continue }; return)
// is never read as a fixed interval from one opaque value (the value the
// local held before the loop, or a helper the interpreter cannot run):
// its shape is unknown and the rules are silent (waitnum's
// waits_reassigned.go). A local the loop never assigns keeps its fixed
// interval of unknown length, and a wait computed to a known number keeps
// its reading.
//
// # What it skips
//
// Generated files and test files (tests poll test servers; they are no
// production integration) are not analysed, nor the hand-written loops of
// a test helper kept in an ordinary file: a function that takes a
// *testing.T, *testing.B, *testing.F or testing.TB, and the literals in
// it (a testutil package's WaitForServerReady). The project's reference retry
// package (github.com/retrylint/retrylint/retry) implements the standard
// and is not analysed as a retry site. Calls into it enforce the
// standard's numbers themselves; a call of its Do or DoValue is a Library
// site only for what the package cannot see, its operation: the requests
// it sends and the outcomes it marks retry.Retryable,
// with bound, waits and timeouts left unknown (reference.go).
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
// variable; resolved values are cached per object. On the corpus
// (scripts/bench.sh -n 5 -s corpus -m standalone, a loaded machine) it
// moved retrylint from 1.16x to 1.15x the floor in wall time and left
// peak memory at 1.06x: within the noise. Following same-module helpers
// (xpkg.go) type-checks 4 packages over the whole corpus and none over
// k8s.io/client-go/... (the cheap one-file test rejects the rest); its
// measured cost is in testdata/corpus/RESULTS.md.
//
// # Layout
//
// The model is a few packages and a table:
//
//   - package site (internal/retrysite/site): the types a Result holds —
//     Site, Bound, Wait, Op, IdemKey, Outcomes, Timeouts, Setting — with
//     their accessors. Plain data; it imports nothing of the analysis.
//   - package report (internal/retrysite/report): the words of a finding
//     (Subject, Message), the //retrylint:ignore and //retrylint:context
//     directives, the options and their flags, and the Reporter every
//     rule reports through. It reads site and nothing else of the model.
//   - package timeouts (internal/retrysite/timeouts): the timeouts of a
//     site. It asks the model for what it cannot read from syntax
//     and types (a duration's value, a library call's operation) through
//     its Model interface, which this package's model implements
//     (describe.go).
//   - package ops (internal/retrysite/ops): the operations a site
//     repeats, their HTTP method and Idempotency-Key, through the
//     same kind of interface (ops.Model: a function's declaration, the
//     literal a variable holds, the targets of a func value).
//   - package waitnum (internal/retrysite/waitnum): the wait
//     interpreter, which runs the code computing a wait over successive
//     attempts and reads its shape (none, fixed, linear, exponential,
//     jitter), again through an interface (waitnum.Model: the value
//     index, func value targets, response predicates).
//   - package outcomes (internal/retrysite/outcomes): the outcomes a
//     hand-written site certainly retries and the condition
//     that decides it. It tries representative outcomes through a Try
//     the model gives it (outcomes_loop.go runs the interpreter under
//     each), and asks outcomes.Model for a function's declaration.
//   - package libread (internal/retrysite/libread): the library readers
//     that need no interpreter. For now the gRPC service config: the
//     document a constant, a package variable written once, a
//     json.Marshal of a Go value or a fmt.Sprintf template gives, parsed
//     into its retry policies (grpcconfig.go here makes their sites),
//     and the waits of a gax-go Backoff. It asks libread.Model for the
//     value index's writes of a variable and a duration's value
//     (libread.go here hands the model over).
//   - package interp (internal/retrysite/interp): the value interpreter.
//     The evaluator and its value domain (eval.go), the path simulation
//     (sim.go, statekey.go, cfgwalk.go, stopcheck.go, timerchan.go), the
//     per-function graphs (funcinfo.go), the outcomes tried and the
//     predicates a loop decides through (outcomes_eval.go, statuserr.go,
//     errcode_success.go, astarget.go, decide.go, decide_body.go). Its
//     Model is embedded in this package's model, so its exported methods
//     are the model's; what it needs of discovery and the library
//     readers it asks through interp.Host, which the model implements
//     (host.go), and what it needs of the value index through
//     interp.Index. It never imports this package nor valueindex.
//     interpnames.go gives its names the lowercase names the model's
//     code uses (evaluator, value, env, vInt, intVal...).
//   - package valueindex (internal/retrysite/valueindex): the
//     package-wide value index (values_index.go), the values and defaults
//     read from it and the bound chosen over them (values.go,
//     values_list.go, fieldwrites.go, funcdefaults.go), limits the
//     package ships switched off (offdefault.go, offcount.go), the length
//     of a range over a retry iterator of the package (iterrange.go), and
//     func values (funcvals.go, funcvals_shared.go). It imports interp:
//     its Index embeds a pointer to the interpreter and gives itself to
//     it as the interp.Index. Index is embedded in this package's model
//     beside interp.Model, so its exported methods are the model's too;
//     rebindDescribers re-points a copy's Index at the copy's
//     interpreter.
//   - package typesx (internal/retrysite/typesx): the go/ast and go/types
//     queries the packages share.
//   - internal/knowledge: what the model knows of each retry library, one
//     table per library, and the key its entries are looked up by.
//   - this package: the Analyzer, and the analysis that fills the site
//     types in, as methods of one per-package *model (model.go). Its
//     files form groups: discovery (retrysite.go, loops.go, forms.go,
//     notretry.go, polls.go, paced.go, periodic.go, precision.go,
//     receiver.go, xpkg.go, rewind.go, tracker.go), the library readers that run the
//     interpreters on settings and predicates (libs.go, libs_loop.go,
//     libbounds.go, libmodels.go, grpcconfig.go, values_libs.go and the
//     *_libs.go of each aspect), the descriptions of waits (waits.go,
//     waits_resp.go, waits_determ.go), and what joins them to a site (libread.go,
//     integration.go, reference.go, details.go, outcomes_loop.go, and
//     describe.go and host.go, the model as the description packages
//     and the interpreter see it). go run ./internal/cmd/depmap lists
//     what each group uses of the others.
package retrysite
