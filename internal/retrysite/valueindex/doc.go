// Package valueindex is the model's package-wide value index: for every
// struct field and package-level variable of the package, each value the
// package gives it, and what the model computes from those values.
//
// It owns
//   - the index itself (values_index.go): the writes of each field and
//     package variable, built once per package in one walk of the files,
//     the calls of the package's functions and their parameters;
//   - the values read from it (values.go): the integers a field or
//     variable holds (IntValues, WriteInt), the defaults the package ships
//     and who can change them (CollectDefaultNotes, NoteFuncDefault,
//     defaultNote.Annotate), the bound chosen over the values that reach
//     a site (BoundOverValues, ChooseBound), the functions a factory or a
//     field returns (IndexedFunc, FuncFactory), the writes of a field
//     (fieldwrites.go); the defaults of a func field are package
//     funcdefault's (funcdefault/), which reads this index;
//   - limits the package ships switched off: a field it leaves zero or
//     nil that an option sets (offdefault.go, offcount.go), and an
//     exported integer count it never sets and reads only as a switch
//     (`max > 0 && n >= max`: 0 is "no limit", offcount.go; package
//     offcount, offcount/, reads the switch in the code);
//   - what the package ships when the user changes nothing: the values
//     it gives a field or variable of any type, the user's left out
//     (ShippedValues), whether a field is one it never sets (ShippedOff),
//     and the integer a pointer default points to (*cfg.MaxRetries
//     defaulted to Int64(2), derefInt) (shipped.go);
//   - func values (funcvals.go): the functions a func-typed parameter,
//     field or variable may run (FuncValueTargets), the decision a
//     called function returns beside its error (and whether every such
//     function decides by its error alone, stepping nothing:
//     outcomeDecided), and counters two held closures share
//     (funcvals_shared.go);
//   - settings no write of the package sets (offflag.go, ZeroField).
//
// Two packages below it read the index for one question each: rangelen
// (the integers a range walks, the length of a range over a retry
// iterator; the model gives it to the interpreter as interp.Ranges) and
// funcdefault (the default of a func-typed field); countsoutside reads
// it for a count kept outside an operation's literal. The index itself
// asks package offcount, which reads only the files and type information
// it is given, whether every read of a field tests it as a switch.
//
// It reads the value interpreter (package interp): its Index embeds an
// *interp.Model, whose exported methods are the index's, and evaluates
// with interp's evaluator and values. The interpreter asks the index
// only through interp.Index (interp.go here implements it), which Init
// and Rebind give it. It also reads go/ast, go/types, the site types,
// typesx, waitnum's numeric helpers and report (ChooseBound's options).
// It must not import package retrysite or the packages that describe a
// site (ops, timeouts, outcomes, libread): what it asks of discovery goes
// through the interpreter's Host. The retry-site model embeds Index
// beside interp.Model; a copy of the model must Rebind its Index to its
// own interpreter (retrysite's rebindDescribers).
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
// body, and now sees the fields it reads. Library counts (libsite/libbounds.go)
// read fields the same way, and a library client held in a field
// (c.http.Do(req)) is configured where the package builds it, when that
// is its one value and every other use of the field is a library
// operation on it (libsite/values_libs.go); otherwise the site stays Opaque. The
// three interpreters share the index and values.go; they are not merged
// into one interpreter (each keeps its own value domain: abstract
// outcomes, numbers over attempts, library settings).
//
// A list of integers kept in a slice field or package variable (the
// statuses a transport retries, retryOnStatus copied in New from a Config
// field the package defaults to a package array) is resolved through the
// same index when every reaching write gives the same constant list
// (package rangelen, rangelen/, which the interpreter asks as
// interp.Ranges); a range over it takes its elements in turn.
//
// What cannot be known makes the object unknown, and the rules silent: a
// write from a parameter (a field set by an exported constructor's or an
// option's argument), from a call, or a write whose value the model does
// not compute (x += n, x++, a multi-value assignment); a variable whose
// address is taken (&c.n passed to flag.IntVar); a field with a struct tag,
// or an exported field of a struct the package passes to a decoder
// (Unmarshal, Decode, Load, ...): both come from configuration, unless
// the package replaces their zero with a default (the default is then
// the value, as for a parameter's). A
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
// BackoffLinearWithJitter(50*time.Millisecond, 0.10), or a literal called
// at once that defines its own locals and returns one), whose literal is
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
// libsite/waits_libfuncs.go). Backoff objects of a library the package builds
// (olivere/elastic's w.p.backoff) are not defaulted yet.
//
// Limits switched off by default (offdefault.go, offcount.go,
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
// integer count left zero is not read this way: 0 is a number. A loop
// that sets no limit up itself but tests a field some other guard of the
// package makes a time limit of (the stream path testing perCallTimeout
// that only perCallContext turns into a deadline) runs under the same
// switched-off limit (timeouts/optcap.go setUpElsewhere).
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
// own at its definition, for its count and waits only (libsite/keptcount.go,
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
// like any value, defaults included (package rangelen).
//
// # Func values
//
// A call through a func value is resolved to the functions it may run
// when the package shows every one of them (funcvals.go): a local
// variable holding one literal, or any local from every value its
// function assigns it (var op func(); if reply { op = ... } else { op =
// ... }), its address never taken; a func-typed field or package variable,
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
// success) leaves it unknown. Below a nil exit, `if err == nil || ... {
// return ... }` with err not written again, err is not nil: a return
// there is no success's, so its bool may be anything (a classifier's,
// return isRetriable(err), err) and the success's bool is read from the
// exit (go-grpc-middleware's receiveMsgAndIndicateRetry). A count read
// from the package's default of a setting the user can change is marked
// so (Bound.UserDefault): a 0 there switches the retry off until the
// user turns it on, and the rules judge it as on. A counter the held literal shares with its
// function (attemptsRemaining := c.cfg.Max before exec := func...) has,
// when the literal first runs, the one value every write outside it
// gives (x++ or two different values outside: unknown); a later call
// may start lower and run fewer times, the first call's count still runs.
//
// # Counts outside the loop
//
// The guard on a count a loop's operation keeps in a variable of the
// caller reads the index from package countsoutside (its doc says which
// counts end nothing).
package valueindex
