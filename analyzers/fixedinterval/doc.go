// Package fixedinterval defines an Analyzer that enforces R-1 of the Retry
// Policy standard: the waits between retries are exponential backoff with
// full jitter.
//
// # Analyzer fixedinterval
//
// fixedinterval: waits between retries must be exponential backoff with full jitter
//
// R-1 sets the wait before retry n:
//
//	sleep = random_between(0, min(cap, base * 2^n))    base 1s, cap 30s by default
//
// Decorrelated jitter, min(cap, random_between(base, previous*3)), is
// allowed. Fixed intervals and equal jitter must not be used, and nothing
// else meets the rule: the standard's enforcement table blocks the merge.
//
// The analyzer reports a retry site when its wait between attempts is:
//
//   - no wait at all (the loop retries at once, or some failures do);
//   - a fixed interval: a literal or a value that does not change between
//     attempts, given to time.Sleep, time.After (also in a select), a
//     timer, a ticker that paces the loop, a same-package helper that
//     sleeps, or another package's sleep given one duration
//     (clock.Sleep(d), sleeputil.CancellableSleep(ctx, d)); a random
//     wait under a fixed ceiling, or a fixed interval with a little
//     jitter, is still fixed: it never grows;
//   - linear or polynomial in the attempt (d*attempt, attempt*attempt*d);
//   - exponential without jitter (d<<attempt, a delay doubled on every
//     attempt, math.Pow with no random term);
//   - equal jitter (x/2 + random(x/2)), or other partial jitter: a fixed
//     floor under the random part, or a spread of ±f around the backoff;
//     a draw capped after it is drawn (min(cap, random(base*2^n))), whose
//     waits sit on the cap half the time or more;
//     When it fits, the message says how far it is from full jitter: the
//     shortest wait it can draw, as a share of the longest;
//   - a fixed schedule of waits (a list indexed by the attempt), except in
//     webhook code (//retrylint:context webhook), where R-3 asks for one.
//
// It accepts full jitter (a random draw over [0, ceiling) of an
// exponential ceiling) and decorrelated jitter (a random draw whose range
// grows with the previous draw), however they are written: math/rand,
// math/rand/v2 and crypto/rand draws, min/max and math.Min caps, helpers
// of the same package that compute the wait.
//
// The project's github.com/retrylint/retrylint/retry waits with full (or
// decorrelated) jitter, and refuses before the first attempt a
// retry.Policy whose backoff is outside R-1: a BaseDelay above its
// MaxDelay (the defaults, 1s and 30s, count), a negative one, an unknown
// Jitter. The analyzer reports such a Policy at its literal, in the
// package's words ("retry.Do of fetch refuses its retry.Policy:
// BaseDelay 5s exceeds MaxDelay 2s"); see maxretries for the Policy
// values it sees.
//
// # How waits are found
//
// A wait counts when it lies on a path along which a failure of the
// operation leads back to the same operation (the retry-site model's
// definition of a retry): sleeps on a success path, after the last
// attempt or in loops that are not retries (polling a job, pacing a list
// of items, periodic work) are not this rule's business. The model then
// runs the loop body over successive attempts, with random draws at the
// bottom, middle and top of their range, and reads the shape from the
// waits it computes: how the ceiling grows, and how far below it the
// floor lies. Values it cannot see (a parameter, a field, a value
// computed before the loop) stand for constants, since they do not
// change between attempts; a wait from an object the model cannot read
// (b.NextBackOff(), a rate limiter's Wait) is not reported. A retry that
// makes no retries is not reported either, except when its count of 0
// is a default the user can change (go-grpc-middleware's max, 0 until
// WithMax turns retries on): the waits it makes once on are judged.
//
// The finding sits on the wait. When the wait is a default the package
// sets in another function (a constructor's literal, a DefaultConfig, a
// helper that returns the default function), a second finding, "the
// default set here", sits where the fix goes, once per default; so does
// one at a function of the package set as a library's backoff
// (client.Backoff = c.retryBackoff: "the wait computed here"). When the
// wait is read through an interface whose implementation the package
// ships, the finding at that implementation is the one.
//
// # Libraries
//
// Library waits are read from their settings, with each library's
// defaults:
//
//	cenkalti/backoff     ConstantBackOff, ZeroBackOff: reported.
//	                     ExponentialBackOff: RandomizationFactor 0 is exponential
//	                     without jitter, Multiplier 1 a fixed interval, the
//	                     default 0.5 partial jitter (±50%); RandomizationFactor 1
//	                     draws from [0, 2x] and is accepted. v5's Retry uses the
//	                     default ExponentialBackOff unless given WithBackOff.
//	retry-go             FixedDelay, BackOffDelay, RandomDelay alone, and the
//	                     default CombineDelay(BackOffDelay, RandomDelay) (partial:
//	                     the backoff plus at most MaxJitter): reported.
//	                     FullJitterBackoffDelay: accepted.
//	go-retryablehttp     DefaultBackoff (exponential, no jitter) and
//	                     LinearJitterBackoff: reported.
//	sethvargo/go-retry   NewConstant, NewFibonacci, NewExponential without jitter,
//	                     WithJitter and WithJitterPercent below 100 (±): reported.
//	                     WithFullJitter: accepted.
//	failsafe-go          no delay (the default), WithDelay, WithBackoff without
//	                     jitter, WithJitter and WithJitterFactor below 1 (±),
//	                     WithRandomDelay: reported.
//	k8s wait.Backoff     Factor <= 1 (fixed), Jitter 0 (exponential), Jitter > 0
//	                     (adds on top of the backoff: partial); client-go's
//	                     retry.DefaultRetry (Factor 1) and DefaultBackoff: reported.
//	resty                the built-in backoff is equal jitter; v3's
//	                     RetryConstantDelayStrategy is fixed: reported.
//	gRPC service config  gRPC multiplies every retryPolicy backoff by a random
//	                     0.8-1.2 (grpc v1.85), so every retryPolicy is partial
//	                     jitter at best, and a fixed interval when
//	                     backoffMultiplier <= 1 or initialBackoff = maxBackoff:
//	                     reported, pointing to a client interceptor
//	                     (github.com/retrylint/retrylint/retry/retrygrpc).
//	go-grpc-middleware   BackoffLinear, BackoffLinearWithJitter (the default,
//	                     50ms ±10%), BackoffExponential, and
//	                     BackoffExponentialWithJitter below 1 (±): reported.
//	aws-sdk-go-v2        ExponentialJitterBackoff: full jitter, accepted.
//	gax-go               Backoff draws from [0, ceiling): accepted.
//
// Configurations the model cannot follow (a backoff passed in as a
// parameter, options built elsewhere, a custom delay function of another
// package) are not reported. Custom delay functions of the same package
// (retry-go DelayType, go-retryablehttp Backoff) are read like
// hand-written waits. Calls of github.com/retrylint/retrylint/retry are
// compliant by construction.
//
// # Fixes
//
// The analyzer suggests (the fixes are computed by
// internal/retrysite/fixes; a library's is the recipe of its knowledge
// table, knowledge.JitterFix):
//
//   - cenkalti ExponentialBackOff: RandomizationFactor (or
//     WithRandomizationFactor) set to 1, or the option added to
//     NewExponentialBackOff; with, on a v4 NewExponentialBackOff(opts...),
//     WithInitialInterval(500ms), WithMultiplier(2) and
//     WithMaxInterval(15s), each unless the site sets it, so that each wait
//     is drawn from [0, min(30s, 1s×2^n)] (the defaults, 500ms ×1.5 up to
//     1m, would reach 2m);
//   - retry-go: DelayType set to FullJitterBackoffDelay, or
//     DelayType(retry.FullJitterBackoffDelay) added to the options; with
//     Delay(time.Second) and MaxDelay(30*time.Second) unless set (the
//     defaults, 100ms and no cap, grow without end);
//   - a hand-written wait with an attempt counter in scope: the duration
//     replaced by
//     time.Duration(rand.Int64N(int64(min(30*time.Second, time.Second<<min(attempt, 5))))),
//     importing math/rand/v2 when needed (Int63n when the file uses
//     math/rand).
//
// By hand, per library (or use github.com/retrylint/retrylint/retry:
// retry.Do(ctx, retry.Policy{}, op), or &http.Client{Transport:
// retry.NewTransport(nil, retry.Policy{})}):
//
//	hand-written loop    wait time.Duration(rand.Int64N(int64(min(30*time.Second,
//	                     time.Second<<min(attempt, 5))))): the shift is bounded,
//	                     so it never overflows however many attempts there are
//	cenkalti/backoff     an ExponentialBackOff with RandomizationFactor 1 (each
//	                     wait drawn from [0, 2x]), InitialInterval 500ms,
//	                     Multiplier 2 and MaxInterval 15s
//	retry-go             DelayType(retry.FullJitterBackoffDelay) with
//	                     Delay(time.Second) and MaxDelay(30*time.Second)
//	go-retryablehttp     a full-jitter Backoff function, or retry.NewTransport
//	sethvargo/go-retry   an exponential backoff wrapped in WithFullJitter
//	                     (WithCappedDuration for the cap)
//	failsafe-go          WithBackoff(time.Second, 30*time.Second) with
//	                     WithJitterFactor(1)
//	k8s wait.Backoff     Jitter only adds on top of the backoff: no setting
//	                     gives full jitter; use the retry package
//	resty                the built-in backoff is equal jitter: set a full-jitter
//	                     delay (SetRetryAfter in v2, SetRetryDelayStrategy in
//	                     v3), or retry.NewTransport
//	gRPC service config  no retryPolicy gives full jitter: drop it and retry in
//	                     a client interceptor, retrygrpc.UnaryClientInterceptor
//	go-grpc-middleware   WithBackoff(BackoffExponentialWithJitter(time.Second, 1)),
//	                     or retrygrpc.UnaryClientInterceptor
package fixedinterval
