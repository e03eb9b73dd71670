// Package idemkey defines an Analyzer that enforces R-6 of the Retry
// Policy standard: a retried POST or PATCH carries one Idempotency-Key per
// logical operation.
//
// # Analyzer idemkey
//
// idemkey: a retried POST or PATCH carries one stable Idempotency-Key
//
// R-6 lets GET, HEAD, OPTIONS, PUT and DELETE be retried as they are. A
// retried POST or PATCH must carry an Idempotency-Key header whose value
// the client generates once per logical operation (a UUID v4) and sends,
// unchanged, on every attempt; keys are at most 64 characters. The server
// keeps the key and answers a duplicate with the first response, so a
// retry after a lost response does not charge a card twice.
//
// The analyzer reports a retry site that repeats a POST or PATCH when
//
//   - no Idempotency-Key header is set on the request;
//   - the key is generated inside the retried code (uuid.New, NewString,
//     NewRandom, crypto/rand, math/rand, time.Now and values built from
//     them, in the loop body, in the closure given to a retry library, or
//     in a helper called from there), so every attempt sends a new key;
//   - the key is a constant, so every operation shares one key (the
//     message also says when the constant is longer than 64 characters).
//
// Retry sites are hand-written loops, goto loops and recursive retries,
// closures given to retry libraries (retry-go, cenkalti/backoff,
// sethvargo, failsafe-go, ..., and github.com/retrylint/retrylint/retry's
// own Do and DoValue, whose operation is retried like any other), and
// retrying clients, even with no loop in
// sight: go-retryablehttp's Client.Do, Post and PostForm (RetryMax is 4 by
// default), resty requests when retries are on (resty v3 retries POST and
// PATCH only after SetRetryAllowNonIdempotent(true)), failsafehttp
// requests, and *http.Client values whose transport retries
// (retryablehttp's StandardClient(), failsafehttp.NewRoundTripper),
// followed through variables, struct fields and constructors of the
// package. A retrying client the package hands to its users (returned by
// an exported function, or kept in an exported field of an exported
// type) sends whatever requests they build: with no method filter (a
// CheckRetry that compares the request's Method, or gives it to a
// predicate) and no header hook (PrepareRetry), it retries POST and PATCH
// without a key, reported where it is built. A client that makes no retries (RetryMax = 0) is not reported,
// unless the 0 is a default of the package that the user can change.
//
// The method is found wherever it is decided: http.MethodPost and "POST"
// in http.NewRequest(WithContext), retryablehttp.NewRequest, &http.Request
// literals and req.Method assignments; http.Post and PostForm; resty's
// Post, Patch and Execute("POST", ...); and through helpers of the same
// package that build or send the request, with their parameters bound to
// the caller's arguments. A method read from a field of the package's
// own types (an endpoint table's Method, written by NewEndpoint from the
// constants its callers pass; a request wrapper's method field) may be
// any value the package writes there, and a method from an exported
// interface no type of the package implements (apiRequest.Method()) is
// whatever its users return: a retry that may send a POST or PATCH that
// way is judged as one. A request kept in a field of the package's own
// types (a request wrapper, a request configuration that options
// change: DefaultRequestConfig(rq) storing its parameter, followed to
// the package's calls) is every request the package stores there; its
// headers are set out of sight, so it may carry a key only when the
// package names a key header somewhere. When the retry's function takes the method as a
// parameter (an SDK's request loop behind unexported forwarders), the
// methods its callers in the package pass are tried, each with that
// caller's headers: a POST or PATCH one of them sends through the retry
// without a key is reported, the caller's method named as related
// information; a retry or forwarder that compares the method itself is
// left alone. A header counts however it is set: Header.Set,
// Header.Add, req.Header["Idempotency-Key"] = ..., resty SetHeader and
// SetHeaders, a header map built before the request, headers copied by a
// range loop. Names are compared the way net/http canonicalises them;
// -key-headers=NAME,... accepts more names.
//
// These are compliant and silent:
//
//   - a key generated once before the first attempt, passed in as a
//     parameter, or taken from the caller's options;
//   - a request built once, its key set once, then re-sent (with GetBody
//     rewinding its body), including a key set only when the request has
//     none yet (if req.Header.Get("Idempotency-Key") == "");
//   - a retrying client given a request whose key is already set: the
//     client re-sends the same headers;
//   - a client whose transport is github.com/retrylint/retrylint/retry's
//     NewTransport, which adds a key to every POST and PATCH that has none
//     and keeps it for every attempt;
//   - in an operation given to retry.Do or retry.DoValue, a request whose
//     context visibly carries a key (retry.WithIdempotencyKey on the
//     context given to Do, or called in the operation), for a retry
//     transport to send.
//
// When the model cannot see how the request is prepared (request options
// called through function values, headers copied from a parameter, a
// request that comes from the caller) it stays silent.
//
// The finding is at the call that sends the request in the retried code
// (for clients that retry in their transport, at the send, wherever it is
// in the package), names the site and the method, and points to where the
// method is decided and the key generated. A send through a retrying
// client kept in a field whose construction is the site of its retry
// policy (configured by several functions, so the sends cannot see it) is
// reported once at the construction, the send named as related
// information.
//
// # Fix
//
// Generate the key once per operation, before the first attempt, and set
// it on every attempt:
//
//	key := uuid.NewString()
//	for attempt := 0; attempt < 3; attempt++ {
//		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, body())
//		req.Header.Set("Idempotency-Key", key)
//		...
//	}
//
// or send through the retry package, whose transport adds the key:
//
//	client := &http.Client{Transport: retry.NewTransport(nil, retry.Policy{})}
//
// When the key is generated inside a retry loop or a retry library's
// closure by an expression that needs nothing from the retried code
// (uuid.NewString()), the analyzer suggests hoisting it before the loop
// (or the library call): the `key := uuid.NewString()` statement moves
// out, or the expression is replaced by a variable defined there.
package idemkey
