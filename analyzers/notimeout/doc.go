// Package notimeout defines an Analyzer that enforces R-3 of the Retry
// Policy standard and the timeout companion standard (INTG-STD-035) at
// retry sites: every attempt has a timeout, and every retry has a total
// duration cap no longer than its context's.
//
// # Analyzer notimeout
//
// notimeout: every retry attempt has a timeout and every retry has a total cap
//
// A retry without timeouts turns one slow dependency into an outage: a
// hung attempt holds its caller, and a retry loop with no total cap keeps
// a request, a worker or a message busy for as long as the dependency is
// down. R-3 caps the whole retry at 30 seconds for synchronous API calls
// (and gRPC unary calls) and at 24 hours for async events, webhooks and
// batch items.
//
// At every retry site (a hand-written loop, goto loop or recursion, or a
// retry library call or configuration) the analyzer reports:
//
//   - An attempt with no timeout: an HTTP call made through a client with
//     no Timeout (http.DefaultClient, the package-level http.Get, Head,
//     Post and PostForm, an &http.Client{} or http.Client{Transport: t}
//     literal with no Timeout field, whose Transport sets no dial, TLS or
//     response-header timeout, and no later c.Timeout = ...
//     assignment, go-retryablehttp's default HTTPClient, a resty client
//     without SetTimeout) whose request context has no deadline either
//     (http.NewRequest, context.Background(), context.TODO()). A
//     per-attempt context.WithTimeout or WithDeadline on the request is a
//     timeout. A client or request that comes from a parameter, a struct
//     field or another package is not reported: the model cannot see it.
//     The caller's deadline bounds the whole retry, not one attempt: a
//     retrying client the package builds with no attempt timeout (resty's
//     New without SetTimeout, go-retryablehttp's default HTTPClient) is
//     reported under the caller's context too ("only the caller's
//     deadline stops it"), and so is a gRPC unary call in a hand-written
//     retry whose context gets no deadline per attempt (a package that
//     configures interceptors or a service config, or call options the
//     model cannot see, stays silent), and go-grpc-middleware's retry
//     interceptor without WithPerRetryTimeout.
//   - A retry with no total duration cap: a loop whose context is created
//     locally with no deadline (context.Background/TODO, or a request made
//     with http.NewRequest) and that neither has a deadline around it nor
//     checks the elapsed time (time.Since(start) > d, time.Now().After(
//     deadline), a timer made before the loop); a loop or recursion with
//     no context at all and no attempt count that checks no elapsed time
//     (a reconnect of net.Dial until it succeeds); cenkalti/backoff with a
//     ConstantBackOff or MaxElapsedTime 0 (never stops); sethvargo/go-retry
//     without WithMaxDuration; failsafe-go without WithMaxDuration;
//     retry-go, go-retryablehttp and resty, which have no time limit of
//     their own, without a context that has a deadline.
//   - A cap above the context's: cenkalti/backoff's default MaxElapsedTime
//     of 15 minutes, an explicit MaxElapsedTime, WithMaxDuration,
//     context.WithTimeout or elapsed-time check longer than the cap.
//   - A worst case above the cap, where it can be computed: a known count
//     of attempts, a constant timeout per attempt and constant or capped
//     waits, with the arithmetic in the message ("5 attempts x 10s timeout
//   - waits 1s+2s+4s+8s = 65s > 30s"). When the waits cannot be
//     computed the sum counts the attempts alone, a lower bound. A
//     timeout set up by a function of the package the attempt calls
//     (fetch(ctx) building a client with a Timeout, or doing
//     context.WithTimeout itself) counts; under a context parameter no
//     call in the package gives a deadline the message says "sets no
//     deadline on ctx", and a deadline every call gives caps it.
//
// # What stays silent
//
// R-3 asks every retry loop for a total duration cap of its own, whatever
// its count; a caller's deadline is not the loop's own cap, but the
// caller may have set one. So when the retry runs under a context that
// comes from the caller (a parameter, r.Context(), a struct field), the
// analyzer reports neither a missing cap nor a default cap there, except
// in three cases where the package's own code decides the worst case:
//
//   - The worst case is known from the package's own settings and is
//     above the context's cap: a known attempt count (the package's
//     defaults count: maxRetries: 3, or *cfg.MaxRetries defaulted to
//     Int64(2)) times a known per-attempt timeout the package sets (the
//     Timeout of the client it ships, a constant context.WithTimeout per
//     attempt), plus the known waits, with the arithmetic in the message
//     ("can take 3 attempts x 1m20s timeout + waits ... > the 30s cap").
//     A client built in a local with the package's timeout and handed
//     by address to the retrying client (r.HTTPClient = &c, its address
//     taken nowhere else) has that timeout, a write of the user's value
//     (if cfg.Timeout != nil { c.Timeout = *cfg.Timeout }) left out.
//   - Every attempt goes through an HTTP client the package itself builds
//     or defaults to with no Timeout (http.DefaultClient used or set as
//     the default of a client field, an http.Client literal without
//     Timeout whose transport sets no timeout either), with a request
//     the package visibly builds with the caller's context (a request
//     made without one, or the user's request given to an exported
//     method, may not carry that deadline), and neither the loop nor
//     anything an attempt runs through (the package's helpers, the
//     handlers and middlewares it builds around the client's Do) sets a
//     time limit of its own: only the caller's deadline stops a hung
//     attempt and the loop ("has no total duration cap: by default, attempts via
//     http.DefaultClient have no timeout; only the caller's deadline stops
//     it"). A client or doer the user configures through an option or a
//     setter is the user's choice, and a time limit behind `if f != 0` of
//     a field the package itself never sets (a per-attempt RequestTimeout
//     the user may set) is off by default: neither keeps the rule silent.
//   - The retry's only time limit is one its package offers but ships
//     switched off (below).
//
// Two more cases make a retry's own limit the one that ends it, and the
// message says so first:
//
//   - The retry never watches its operation's context ("never watches
//     ctx"): cenkalti/backoff/v4's Retry without WithContext, retry-go
//     without Context(ctx), v5's Retry given context.Background(), a `for
//     {}` loop whose waits are plain sleeps and whose only way out is
//     success. When ctx ends every attempt fails at once and the retry
//     runs on to its MaxElapsedTime (15m by default), or forever. The
//     operation or a predicate that looks at the context's end (ctx.Err(),
//     <-ctx.Done(), errors.Is(err, context.Canceled)) watches it. Such
//     a loop never watches a deadline its own function sets either.
//   - The retry watches a context parameter no call in the package gives
//     a deadline ("sets no deadline on ctx"), and its own limit runs past
//     the cap: a library's default MaxElapsedTime, or no limit and no
//     count. When every call of the function in the package (followed
//     through forwarders) passes a context with a deadline, that deadline
//     is the cap.
//   - A hand-written retry (or a call of a retry helper) whose only limit
//     is its context parameter, which its function never reassigns and
//     which not every call in the package is known to give a deadline
//     (an exported function's callers are elsewhere), relies on a
//     deadline it never sets. It is reported when it can run past the
//     cap whatever its attempts take: its waits alone exceed it ("relies
//     on ctx's deadline, which it never sets, and can take waits 4 x 10s
//     = 40s > the 30s cap"), or nothing but success ends it ("no attempt
//     count, and only ctx's deadline, which it never sets, ends it"). A
//     function calling itself passes its own context on: its other
//     callers decide. A call of the package that gives the context
//     context.Background() or TODO (go c.reconnect(context.Background()))
//     gets a second finding, where the fix goes: "is given a context with
//     no deadline here; it ...".
//
// Everything else under the caller's context stays silent: a client that
// comes from a parameter or from another package, an interface or func
// field the package calls unguarded, a Timeout or a transport timeout the
// package sets on its client, a time limit the package ships on (an
// option that defaults to a timeout), a count or a timeout the model
// cannot compute, a request with no context (that is the attempt's own
// finding when the model sees the send). When the code cannot tell, the
// analyzer stays silent. An explicit cap written in the code
// (context.WithTimeout(ctx, 2*time.Minute) around the loop, WithMaxDuration,
// MaxElapsedTime) is reported when it exceeds the context's cap whatever
// the parent context, since the code says the retry may run that long.
// A hand-written loop that uses no context at all is reported only for
// attempts with no timeout: its operations may carry timeouts of their
// own. A hand-written retry under the caller's context whose only time
// limit is one its package offers but ships switched off is reported ("has no total duration cap by default: its deadline, from
// settings.timeout, is off unless WithTimeout sets it"), with the
// default as related information. The code says it: the limit (a
// context.WithTimeout, a timer, an elapsed-time check over the whole
// retry or per attempt, in the function or a helper the loop calls that
// returns the attempt's context) is set up only under `f != 0` (or `> 0`,
// `!= nil`) for a field f of the package, an option or setter of the
// package writes f from the user's value, and every value the package
// itself gives f is zero (a literal that leaves it out or writes 0, a
// variable of its type declared without a value). A default of its own
// (`timeout: 20 * time.Second`), a zero the package replaces (`if
// o.timeout == 0 { o.timeout = d }`), a limit from a plain parameter and
// a field no option sets stay silent there. A loop that sets up no limit
// itself but tests such a field (in its body or a helper it calls: a
// stream path retrying a context error `else if o.perCallTimeout != 0 {
// continue }` while only the unary path sets the deadline up) runs under
// the same switched-off limit and is reported alike ("it reads
// callOpts.perCallTimeout, off by default, the deadline perCallContext
// sets up"); a field the package ships set, or never makes a time limit
// of, stays silent, as does a loop with a cap of its own.
// Library configurations applied to every call (go-grpc-middleware,
// aws-sdk-go-v2, gax-go, failsafehttp round trippers) take each call's
// context from the caller and are not reported for their cap. A gRPC
// service config is the exception, because it can cap itself: a
// methodConfig "timeout" is each call's deadline, attempts and waits
// included. A retryPolicy whose methodConfig has none is reported ("no
// methodConfig "timeout"; add "timeout": "30s""), and so is a
// "timeout" above the cap. It is not reported when the package makes
// gRPC unary calls and gives every one of them a deadline (in the calling
// function, or from every caller of it). A configuration the model cannot see whole (an
// option from a parameter or another package) is not reported either.
//
// # The project's retry package
//
// The project's github.com/retrylint/retrylint/retry enforces R-3
// itself, and refuses before the first attempt a retry.Policy outside
// the standard. The analyzer judges the Policy values it can see the way
// the package does (see maxretries for which values it sees) and reports
// the ones refused for a duration: a MaxDuration above the context's cap
// or negative, a WebhookSchedule outside the webhook context, a negative
// AttemptTimeout, and an async or webhook Policy with no DeadLetter hook
// (R-8, which R-3's last sentence asks for too). The finding is at the
// literal, in the package's words: "retry.Do of fetch refuses its
// retry.Policy: MaxDuration 2m0s exceeds the synchronous API call cap of
// 30s". A DeadLetter the model cannot see (a parameter) is not guessed
// to be nil. A Policy it accepts caps the whole retry within the
// standard: not reported.
//
// Outside retry sites the analyzer reports nothing: a single call through
// http.DefaultClient is the timeout standard's business, not the retry
// policy's, and flagging every http.Get would bury the retry findings.
// Precision comes first in a merge gate.
//
// # Context
//
// The cap is the one of the site's context: "sync" unless set with
// -context, or with a //retrylint:context comment for a package or a
// function (see maxretries). gRPC configurations are gRPC unary calls.
//
// # Fix
//
// Give every attempt a timeout (a Timeout on the http.Client, or
// context.WithTimeout per attempt), and cap the whole retry (a deadline
// on the loop's context, an elapsed-time check, the library's own cap:
// MaxElapsedTime, WithMaxElapsedTime, WithMaxDuration, retry.Context with
// a deadline). The project's github.com/retrylint/retrylint/retry package
// does both: retry.Do(ctx, retry.Policy{AttemptTimeout: d}, op) caps the
// whole retry at the context's R-3 cap by default (Policy.MaxDuration),
// and &http.Client{Transport: retry.NewTransport(nil, retry.Policy{})}
// retries HTTP requests the same way. No automatic fix is suggested: the
// right timeout for a dependency is a design decision, not a rewrite.
package notimeout
