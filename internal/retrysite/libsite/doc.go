// Package libsite reads the library retry sites of a package: where a
// call into a retry library is a site, and the bound, waits, outcomes
// and timeouts its configuration gives, read from the internal/knowledge
// tables by the model's interpreters. It owns the library readers that
// run an interpreter (package libread holds those that need none):
// finding the sites and collecting their settings (libs.go, libs_loop.go,
// values_libs.go), their bound (libbounds.go), waits (waits_libs.go,
// waits_libfuncs.go, waits_models.go), outcomes (outcomes_libs.go), the
// sites of a gRPC service config (grpcconfig.go), the hand-written loops a library paces
// (paced.go), a library poll that is no retry (libpoll.go), a client
// built once and kept (keptcount.go), and the sites of the project's
// reference retry package (reference.go), whose retry.Policy is judged
// with the package's own check, policy.Settings.Resolve (refpolicy.go).
//
// A library retry is a call into a retry API, with the options and fields
// that configure it, wherever the configuration is written: option
// arguments, variables configured before the call (fields assigned,
// setters called), composite literals, chained setters, configuring
// function literals, same-package constructors (their returns, a bare
// return's named results), builder chains on a client variable
// (c.SetBaseURL(u).SetRetryCount(n)) (libs.go). An option a helper
// appends under an if from the user's value (`if job.MaxRetries != nil {
// opts = append(opts, asynq.MaxRetry(*job.MaxRetries)) }`) is the user's
// choice and left out: the library's default holds until the user gives
// one (libs.go, userOption). A gRPC
// service config is parsed, keys matched case-insensitively as gRPC does
// (libread): a constant string, a package variable written once, or
// a document rebuilt from a Go map or struct with json tags given to
// json.Marshal or from a fmt.Sprintf template, a string the model cannot
// know standing as a placeholder that keeps its retryPolicy unread
// (libread/grpcconfig_build.go; grpcconfig.go here makes one site per
// valid policy). An acquire attempt across an integration
// boundary (TryLock(ctx) returning (bool, error), knowledge acquire.go)
// reports its outcome in its bool. Error types of the package with a
// status field carry that status through errors.As (interp/outcomeval/statuserr.go). Libraries are matched
// by types.Object (package path and name), never by import name, and a
// library package copied under another path (a vendored k8s wait) by its
// code: knowledge.Copies, kept for the pass, says which library package
// a package's exported API copies; a
// package that reaches no library package through its imports, directly
// or through its dependencies' APIs (ReachesLibrary), is not walked for
// library calls at all. When the
// configuration comes from somewhere the model cannot follow (a parameter,
// a struct field), the site is Opaque and rules do not assume defaults.
// So is a configuration that is a value of a type of the user's with
// methods of its own, given where the library takes an interface (a
// cenkalti BackOff whose NextBackOff stops after its own count): the
// table describes the library's types, not the user's (what such a type's
// methods return is not read yet). A type that only embeds a library
// type, with no method of its own, runs the library's methods: its
// defaults hold.
// One exception: a configuration handed in whole as a parameter of the
// site's function, or of the declaration around it (Site.CallerConfig),
// of a type the library's table describes (BoundTable.Caller: dskit's
// backoff.Config is forever at its zero value and makes 10 attempts at
// its flag default) takes each of those bounds in turn (Bound.Alts), and
// the site's context decides (callercfg.go).
//
// What the model knows about each library is in internal/knowledge, one
// table per library (knowledge.Library): its entry points (a function
// runner, a retrying HTTP client, an interceptor or option, or the
// condition of a loop it paces, such as dskit's for b.Ongoing()), the
// packages whose calls and fields configure it, its attempt bound
// (count settings, fixed settings and defaults: libbounds.go reads them),
// its defaults with their source, its error markers and built-in
// predicates, and the advice and -fix rewrites the rules give in its
// terms.
//
// Waits and outcomes are read by model: a table gives its vocabulary
// for a model libraries share, and waits_models.go and outcomes_libs.go
// interpret the model, keyed by the model, never by the library.
// SpreadWaits (knowledge.WaitVocab) reads a schedule chosen by a setting
// (a constructor, a type literal, a preset) or by a function value given
// to one (retry-go's DelayType and CombineDelay, retryablehttp's Backoff,
// grpc-middleware's WithBackoff(BackoffExponentialWithJitter(d, f)),
// resty's RetryConstantDelayStrategy, aws's NewExponentialJitterBackoff;
// a delay function of the package is run by the wait interpreter), from a
// base growing ×multiplier up to a cap, with the values the settings,
// the kind's arguments or the table's defaults give, each wait
// randomised ± a factor, ± a percentage or a duration, up to a factor
// more, drawn below it (full, equal or added jitter) or not at all; its
// messages are the table's templates. It reads cenkalti/backoff v4 and
// v5, k8s wait.Backoff and BackoffManager, go-resiliency, retry-go,
// go-retryablehttp, resty, sethvargo/go-retry, failsafe-go,
// grpc-middleware, aws, gax and dskit (its Loop and Fallback: the waits
// of any configuration of a loop that calls b.Wait()). IntervalWaits is
// a poll's interval (the k8s poll). A backoff function of the table held
// through locals and fields of the package is read by waits_libfuncs.go,
// a gRPC retryPolicy's waits by libread.
//
// DecidedOutcomes (knowledge.OutcomeVocab) reads, for a function runner,
// what its function returns for each outcome of the operations it calls,
// judged by the library's error rule (every error but a permanent one,
// only marked ones, every error) or a predicate setting; for a client or
// an option, its predicate settings (ORed, or the last; aborts; built-in
// predicates of the tables) tried on the table's outcome families, its
// code lists (the last, or with Union all of them, named error codes
// mapped to statuses) and its default outcomes; a conflict retry
// (RetryOnConflict) retries 409 only when its function writes what it
// does not read again. ServiceConfigOutcomes and PollOutcomes are a gRPC
// retryPolicy's codes and a poll's condition.
//
// The timeouts of a library's settings are read from the table's
// TimeoutVocab by package timeouts (timeouts_libs.go), its requests from
// its RequestVocab by package ops. Nothing here asks which library a site
// is, and no library import path is written here.
//
// # Rules
//
// The package never imports package retrysite (an import cycle). A
// Reader (reader.go) embeds the model's interpreter (interp.Model) and
// value index (valueindex.Index) and holds its description packages
// (timeouts, ops, waitnum); what else it needs of the model, the answers
// of discovery and of the not-a-retry rules (whether a call may be the
// operation, a library entry's operation arguments, whether a site
// retries nothing, a poll's retries and wait) and the value index's
// writes and durations that package libread asks, it asks through Host,
// which package retrysite's model implements (glue_libsite.go). The
// model keeps one Reader and asks it through its exported methods: the library
// sites of a file, the kept clients, the paced loops, and the integer,
// duration, function and code-list values the rest of the model reads.
// The names it uses for the site types and the interpreter's values are
// those package retrysite uses (names.go).
package libsite
