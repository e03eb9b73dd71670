// Package nonretryable defines an Analyzer that enforces R-4 and the TLS
// part of R-9 of the Retry Policy standard: failures that must not be
// retried are not retried.
//
// # Analyzer nonretryable
//
// nonretryable: never retry client errors, non-retryable gRPC codes or TLS certificate errors
//
// R-4 classifies failures. Must not be retried: HTTP 400, 401, 403, 404,
// 409, 422 and every other 4xx except 408 and 429; gRPC INVALID_ARGUMENT,
// NOT_FOUND, PERMISSION_DENIED, UNAUTHENTICATED and UNIMPLEMENTED. R-9:
// TLS certificate errors must not be retried either, since a certificate
// error may be a man-in-the-middle and retrying re-exposes the request.
// Retrying 408, 429, 500, 502, 503, 504, UNAVAILABLE, DEADLINE_EXCEEDED,
// RESOURCE_EXHAUSTED and ABORTED is what the standard asks for; outcomes
// it names in neither list (2xx, 3xx, 501, CANCELLED, UNKNOWN, INTERNAL,
// ...) are not reported, nor is 425 Too Early, which the server sends to
// have the request sent again once the TLS handshake is complete (RFC
// 8470 section 5.2). One or two unnamed 4xx are named in the message
// ("retries 418"); more read "and other 4xx".
//
// The analyzer reports a retry site when an outcome that must not be
// retried certainly leads to another attempt, and names the outcomes
// ("retries 400, 401, 403, 404, 409, 422 and other 4xx"). The retry-site
// model tries each outcome in turn (every status R-4 names, 405, 406, 410,
// 413, 415, 418, 425, 451 for the other 4xx, and 2xx, 3xx and 5xx; every
// gRPC code) and follows the code that decides:
//
//   - hand-written loops, goto loops and recursion: the conditions after
//     the operation, through `resp.StatusCode != 200`, `>= 400`,
//     `!resp.IsSuccess()`, resty's IsError and IsStatusFailure, switches
//     (with fallthrough), maps and slices of constant codes
//     (`retryable[resp.StatusCode]`, `slices.Contains(codes, c)`),
//     status.Code(err), status.FromError(err) and st.Code(), and
//     predicates of the same package (`shouldRetry(code)`,
//     `isRetryable(resp)`) through their bodies;
//   - go-retryablehttp CheckRetry (retryablehttp.DefaultRetryPolicy is
//     compliant: it retries 429 and 5xx but 501 and stops on certificate
//     errors), resty retry conditions (Response.IsError is true for every
//     4xx), failsafe-go HandleIf and AbortIf, client-go retry.OnError
//     predicates (apierrors.IsNotFound, IsForbidden, IsUnauthorized,
//     IsBadRequest, IsInvalid, IsConflict, ...), retry-go RetryIf,
//     go-grpc-middleware WithRetriable, gax-go OnErrorFunc: the predicate's
//     body is evaluated for each outcome;
//   - cenkalti/backoff, retry-go and sethvargo/go-retry: the retried
//     function is evaluated for each outcome of the operations it calls.
//     cenkalti retries every error but backoff.Permanent, retry-go every
//     error but retry.Unrecoverable (or what RetryIf says), sethvargo only
//     retry.RetryableError;
//   - github.com/retrylint/retrylint/retry's Do and DoValue: an
//     operation that marks a non-retryable status (a *retry.StatusError
//     literal with a constant StatusCode, directly, through a variable or
//     wrapped with %w) or a TLS certificate error literal with
//     retry.Retryable asks for it to be retried. The package refuses (a
//     Retryable mark never overrides ), so the code says what
//     it does not do; it is reported all the same;
//   - code lists: gRPC service-config retryableStatusCodes (names or
//     numbers), go-grpc-middleware WithCodes (UNAVAILABLE and
//     RESOURCE_EXHAUSTED by default), gax-go OnCodes and OnHTTPCodes, aws
//     AddWithErrorCodes and RetryableErrorCode / RetryableHTTPStatusCode
//     retryables (well-known AWS error codes such as AccessDeniedException
//     or ValidationException are mapped to their HTTP status; unknown codes
//     are not reported).
//
// # Conflicts
//
// client-go retry.RetryOnConflict retries 409 Conflict by design:
// optimistic concurrency that reads the object again and re-applies the
// change. It is reported only when the retried function writes (Update,
// Patch, Apply) without reading the object again first (a Get, a List, a
// lister, CreateOrUpdate, directly or in a same-package function it
// calls): each try then sends the same stale object and conflicts again.
// The same holds for hand-written loops and retry functions that retry
// Kubernetes API conflicts.
//
// # Precision
//
// When the decision depends on something the model cannot see (a
// predicate from a parameter, another package's function, a string match
// on the error text), the outcome is not counted: the analyzer stays
// silent rather than guess.
//
// A retry of an HTTP request whose code tests the request's error only
// against nil (`if err != nil { continue }`, `err == nil && ...`) retries
// every error the client returns: it classifies nothing, and a TLS
// certificate error (an x509 error in a *url.Error) leads to another
// attempt like a reset connection. It is reported as "retries every
// error, TLS certificate errors included" (R-9). So does a retry
// library's decision over an HTTP client's errors: a retryablehttp
// CheckRetry or resty condition that retries every error, a function
// given to cenkalti, retry-go, sethvargo or failsafe-go that returns (or
// marks retryable) the error of the request it sends ("retries TLS
// certificate errors"). The request is sent by
// net/http, by a same-package helper that sends one, or by a method with
// the shape of http.Client.Do (func(*http.Request) (*http.Response,
// error)) of an interface or of another package. Code that does more
// with the error than compare it with nil, return, log, wrap or copy it
// (a predicate given it, errors.Is or As, a type switch, err.Error())
// classifies, and only what its classification certainly lets through is
// reported. When every test it makes is one the analyzer reads (a
// comparison, errors.Is or As, a type assertion or switch, the text
// tested with strings, bytes or regexp, a function of the package that
// reads its parameter so and whose answer is returned or dropped, as
// return c.retry(err); handing the error to a logger's builder,
// log.Warn().Err(err), or to a call with no result decides nothing) and
// none matches a certificate error, the certificate error is retried:
// `errors.Is(err, context.Canceled) || errors.Is(err, errQuota)` around
// an HTTP request is reported. A predicate of another package or a func
// value (shouldRetry(err)), or one of the package whose answer the
// decision tests (err = classify(err); if err != nil), may stop on
// certificate errors: silent. A TLS
// dial (tls.Dial, tls.DialWithDialer, a tls.Dialer, a Conn's Handshake,
// directly or in a function of the package up to three calls deep)
// meets certificates as an HTTP request does. Other operations (a gRPC call, a database, another package's
// function that sends no request the model sees) are not claimed to
// return certificate errors: a bare `if err != nil { retry }` around
// them, a function that returns its operation's error to cenkalti, or
// OnError(b, func(error) bool { return true }, fn), is not reported. A
// decision that does inspect errors and still lets one through is
// reported: `status.Code(err) != codes.InvalidArgument` retries
// NOT_FOUND; `errors.As(err, &netErr)` retries certificate errors, since
// an HTTP client returns them as a *url.Error, which is a net.Error (a
// check of netErr.Timeout() does not: certificate errors are not
// timeouts). A certificate error of a net/http client's send has the
// layers net/http gives it since Go 1.20, *url.Error{Err:
// *tls.CertificateVerificationError{Err: the x509 error}}: errors.As
// finds any of them, a type assertion or a type switch only the outer
// one (a RoundTrip's error, or another operation's, is taken to match
// any certificate type). A decision that tests for a certificate
// error type and still retries one is reported with the test that
// misses: "its x509.UnknownAuthorityError test never matches an HTTP
// client's error" (v.Err.(x509.UnknownAuthorityError) on the *url.Error,
// the check copied from old go-retryablehttp policies). A test of the
// error's text (regexp, strings.Contains, ==) is read on the texts Go
// gives an unknown authority, an expired certificate, a name mismatch
// and the macOS verifier's refusal, and decides only when it says the
// same of all four. A predicate in a func field is the package's
// default when the user gives none. HTTP statuses are read from a
// response, so any decision that retries one is reported.
//
// When another function of the package makes the retry decision (a
// CheckRetry literal installed by a configure function), the finding at
// the site has a copy at the decision, where the fix goes ("..., the
// decision made here"), once per decision.
//
// Serialization and configuration errors are not modelled: Go code
// does not retry them in a shape the analyzer can tell apart.
//
// # Fix
//
// Return, or mark the error permanent, for the codes named: a loop
// returns or breaks on 4xx other than 408 and 429; cenkalti returns
// backoff.Permanent(err), retry-go retry.Unrecoverable(err); a predicate
// returns false. policy.ClassifyHTTPStatus and policy.ClassifyGRPCCode
// classify outcomes as the standard does, and
// github.com/retrylint/retrylint/retry retries exactly the retryable
// ones. When go-grpc-middleware WithCodes or a gax-go OnCodes literal
// lists the codes as constants, the analyzer suggests removing the
// non-retryable ones.
package nonretryable
