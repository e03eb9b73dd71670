// Package maxretries defines an Analyzer that enforces R-2 of the Retry
// Policy standard: every retry has a maximum retry count, inside the
// range allowed for its context.
//
// # Analyzer maxretries
//
// maxretries: retry counts must be bounded and inside their context's range
//
// R-2 sets, in retries (the first attempt is not a retry):
//
//	Context                  Default  Allowed
//	Synchronous API calls    3        1-5
//	Async event processing   5        1-10
//	Webhook delivery         5        3-8
//	Batch job items          3        1-5
//	gRPC unary calls         3        1-5
//
// Exceeding the upper bound requires Integration Architecture Board
// approval; suppress the finding with the approval's reference.
//
// The analyzer reports every retry site whose bound is known and outside
// the range of its context, and every unbounded retry: a loop with no
// attempt count (a context, a deadline or an elapsed-time check alone is
// not a count), or whose count some path goes round without ending (a
// count set to -1 under a deadline, a count only some failures advance:
// "no attempt count is sure to end the loop"), retry-go Attempts(0) or UntilSucceeded, cenkalti/backoff
// with only a time limit (no WithMaxRetries or WithMaxTries), sethvargo
// without WithMaxRetries, failsafe-go WithMaxRetries(-1), aws
// AddWithMaxAttempts(r, 0), gax-go retries (which stop only at the
// deadline).
//
// It counts what each library counts and converts to retries: retry-go
// Attempts, cenkalti v5 WithMaxTries, gRPC maxAttempts (capped by gRPC at
// 5 unless grpc.WithMaxCallAttempts raises it), aws MaxAttempts, k8s
// Backoff.Steps, failsafe WithMaxAttempts and go-grpc-middleware WithMax
// count attempts; cenkalti v4 WithMaxRetries, go-retryablehttp RetryMax,
// resty SetRetryCount, sethvargo WithMaxRetries and failsafe
// WithMaxRetries count retries; a loop `for i := 0; i < n; i++` makes n
// attempts. Library defaults count too: retry-go makes 10 attempts unless
// told otherwise (9 retries, over the synchronous limit).
//
// Bounds that come from parameters, fields or configuration are not
// reported: the model cannot see them. One exception: a library
// configuration handed in whole as a parameter (backoff.New(ctx, cfg)
// with cfg the caller's dskit backoff.Config) whose library says what it
// can be (its zero value retries forever, its flag default makes 10
// attempts): reported when every way the library makes one breaks the
// range ("cfg, the caller's backoff.Config, has none at its zero value
// and 9 retries at its flag default"), silent when one complies. A call of a retry helper in the
// same package with a constant count (retry(8, op) for
// func retry(attempts int, op func() error) error) is reported at the
// call. A site that makes no retries at all (a count of one attempt) is
// not a retry and is not reported.
//
// # The project's retry package
//
// The project's own github.com/retrylint/retrylint/retry checks the
// retry.Policy it is given before the first attempt (policy.Settings,
// the same check) and refuses one outside the standard: such a
// retry.Do or retry.DoValue never runs. The analyzer judges the
// Policy values it can see (a composite literal, a local or unexported
// package variable set once from one, with fields assigned before the
// call) as retry.Do does, under the Policy's own Context (sync when it is
// unset, whatever -context and the directives say: the package reads its
// field). A count retry.Do refuses is reported at the literal, in the
// package's words ("retry.Do of fetch refuses its retry.Policy:
// MaxRetries 20 is outside the async event processing range 1-10"); so
// is an unknown context. A Policy it accepts makes its MaxRetries, or
// its context's default when zero, retries, and -ranges judges that
// count like any other ("makes retry.Policy's default of 3 retries,
// outside 1-2"). A field the model cannot evaluate (a parameter) is not
// guessed: the Policy is reported only when every value the field may
// hold is refused, and not at all when its Context is unknown. A Policy
// from a parameter, a call or an exported variable is not judged.
//
// # Context
//
// The context is "sync" unless set for the whole run with -context=NAME,
// for a package with a //retrylint:context NAME comment outside any
// function, or for one function with the comment in its doc or body.
// gRPC service configs and gRPC interceptors are always gRPC unary calls.
// With neither, a retry in an unexported function that only ever runs in
// a goroutine the package starts (go c.flush(), a task literal handed to
// a package function that only starts or queues it) is an asynchronous
// event's: a background worker's retries have the async range and cap.
// The ranges can be tightened per run with -ranges (sync=1-3,...).
//
// # Fix
//
// When the count is an integer literal the analyzer suggests rewriting it
// to the context's default, in the unit the code counts.
package maxretries
