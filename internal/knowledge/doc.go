// Package knowledge holds what retrylint knows about each retry library,
// as one table per library (one file each), in the spirit of
// staticcheck's knowledge package and the printf checker's tables.
//
// A table (Library) states, for its library and version range: the
// entry points that run an operation under retry (Entries), the packages
// whose calls, fields and option values configure it (Paths), how its
// settings bound the attempts and how attempts map to retries (Bound),
// its defaults (Defaults, each with a source reference in a comment:
// module version and file), the settings of its waits, base, cap,
// multiplier and jitter (Waits, a vocabulary of a wait model:
// waitmodels.go), the outcomes it retries by default and the predicate
// and code settings that change them (Outcomes, a vocabulary of an
// outcome model: outcomemodels.go), and the advice the rules give in
// its terms (Advice). The model (internal/retrysite) reads the tables
// through Library and the lookup functions; its interpreters are keyed
// by model, never by library. Adding a library is a table file, declared
// with register, and testdata.
//
// A table names its packages by import path, and a copy of one under
// another path (vendored, forked) is recognised by its code (Copies,
// copies.go): the table's entry points with their shape and its
// settings' names and types, derived from the table itself. The paths
// stay for what code cannot show (a table whose settings live in
// another package) and for speed.
//
// The timeouts of its settings are a TimeoutVocab (Timeouts,
// timeoutmodels.go, read by internal/retrysite/timeouts): Context, the
// rules that find the context the library watches (the argument of a
// setting, the entry's context or request argument, the caller's, or
// Background with the reason), tried in order, with PassesToOp when the
// library hands it to the operation; Caps, the total-time caps, chosen
// by the kind of configuration (Kinds), with the settings that cap, what
// a value of 0 means (ZeroNever), whether Defaults.MaxElapsed caps
// without them (Default) or why nothing does (Absent, AbsentIf); Client,
// the settings that give the library's HTTP client an attempt timeout or
// a client, and the constructors whose client has none (NoTimeout says
// why); Worst, the base and cap settings of the longest waits between
// attempts, for the worst case. No vocabulary: a configuration, each
// call brings the caller's context.
//
// Its HTTP requests are a RequestVocab (Requests, requestmodels.go, read
// by internal/retrysite/ops): Funcs, the functions that send, with the
// positions of the request and the client and the method they decide, or
// that wrap a request and its client for a later send (Wrap, Unwrap);
// Origins, the functions that make or copy a request (where its method
// and its context come from); Types and Senders, the request types and
// the types whose methods send; Responses, whether its Response is an
// HTTP response; a Builder type with its BuilderSends, the setters of
// method, headers and hooks (Sets) and the Client methods that make one
// (NewRequest); KeyTransports, transports that add an Idempotency-Key.
// net/http's own vocabulary is apis.go's httpRequests.
//
// Besides the libraries, apis.go lists the other packages the model
// names: sleep functions, request constructors and rewinders, the gRPC
// status vocabulary, key generators, error classifiers (configerrs.go,
// k8s.go), acquire and swap attempts.
//
// # The libraries
//
// Each library, the version its table was read at, its entry points and
// its defaults, with where they were read (paths are in the module at
// that version; the table file has the details).
//
//   - cenkalti/backoff/v4 (github.com/cenkalti/backoff/v4 v4.3.0):
//     Retry, RetryNotify, RetryNotifyWithTimer, RetryWithData,
//     RetryNotifyWithData, RetryNotifyWithTimerAndData; hand-written
//     loops paced by ExponentialBackOff.NextBackOff, NewTicker and
//     NewTickerWithTimer. No count: retries until MaxElapsedTime, 15m
//     from NewExponentialBackOff, never when 0; waits 500ms ×1.5 up to
//     60s, ±50%; every error but backoff.Permanent (exponential.go:79-83,
//     retry.go).
//     Timeouts: the context of WithContext(b, ctx); MaxElapsedTime
//     caps an ExponentialBackOff (15m from the constructor, none in a
//     literal, never when 0), a ConstantBackOff or ZeroBackOff never.
//   - cenkalti/backoff/v5 (v5.0.3): Retry(ctx, op, opts...); loops paced
//     by NextBackOff and NewTicker. No count unless WithMaxTries;
//     MaxElapsedTime 15m (retry.go:10); the same waits
//     (exponential.go:58-61); every error but backoff.Permanent.
//     Timeouts: Retry's ctx; WithMaxElapsedTime caps (15m, never when
//     0).
//   - retry-go/v4 (github.com/avast/retry-go/v4 v4.7.0): Do, DoWithData.
//     10 attempts; Delay 100ms doubled plus a random [0, 100ms)
//     (CombineDelay(BackOffDelay, RandomDelay)); no time limit, context
//     Background; every error but retry.Unrecoverable, or what RetryIf
//     says (options.go newDefaultRetryConfig).
//     Timeouts: Context(ctx), context.Background() by default; no cap.
//   - retry-go/v5 (v5.1.1): New(opts...).Do, RetrierWithData.Do. The
//     same defaults (options.go:88-91).
//   - go-retryablehttp (github.com/hashicorp/go-retryablehttp v0.7.8):
//     Client.Do, Get, Head, Post, PostForm, StandardClient, and the
//     package-level Get, Head, Post, PostForm on the default client;
//     fields set after NewClient. RetryMax 4; DefaultBackoff 1s doubled
//     up to 30s without jitter (LinearJitterBackoff: attempt × random
//     [min, max)); DefaultRetryPolicy: connection errors, 429 and 5xx
//     but 501; the default HTTPClient has no Timeout (client.go:49-51,
//     551-659).
//     Timeouts: Do's request's context (none for Get, Head, Post,
//     PostForm); no cap; Timeout or HTTPClient give an attempt timeout;
//     worst case from RetryWaitMin and RetryWaitMax doubling.
//     Requests: Client.Do, Get, Head, Post, PostForm, RoundTripper
//     sends; NewRequest(WithContext), FromRequest, Request.WithContext.
//   - sethvargo/go-retry (v0.5.0): Do, DoValue. No count, cap or jitter
//     unless wrapped (WithMaxRetries, WithMaxDuration, WithCappedDuration,
//     WithJitter, WithJitterPercent, WithFullJitter); only errors wrapped
//     in retry.RetryableError (backoff_*.go).
//     Timeouts: Do's ctx, handed to the function; WithMaxDuration caps.
//   - failsafe-go (github.com/failsafe-go/failsafe-go v0.9.8):
//     Executor.Run, Get, RunWithExecution, GetWithExecution, RunAsync,
//     GetAsync; failsafehttp NewRoundTripper(WithExecutor),
//     NewRequest(WithExecutor). 2 retries, no delay, no time limit,
//     every error (HandleIf narrows it, AbortIf stops it)
//     (retrypolicy/retry.go:14).
//     Timeouts: the executor's WithContext, a failsafehttp request's
//     request context, a round tripper's caller's; WithMaxDuration caps.
//     Requests: failsafehttp.NewRequest(req, client) wraps what
//     Request.Do sends.
//   - k8s wait (k8s.io/apimachinery v0.37.2): ExponentialBackoff,
//     ExponentialBackoffWithContext. A wait.Backoff literal has no
//     defaults: Steps 0 never runs the condition; each wait Duration
//     ×Factor up to Cap plus up to Jitter × it more
//     (pkg/util/wait/backoff.go); the condition's (false, nil) retries.
//     Timeouts: ExponentialBackoffWithContext's ctx, handed to the
//     condition.
//   - k8s wait poll (v0.37.2): PollInfinite(WithContext),
//     PollImmediateInfinite(WithContext), PollUntilContextCancel. No
//     count, a fixed interval; a retry only when the condition turns an
//     operation's failure into (false, nil) (poll.go). JitterUntil and
//     BackoffUntil run a function whatever it did: periodic tasks, not
//     entries.
//   - k8s wait BackoffManager (v0.37.2): loops paced by
//     BackoffManager.Backoff. No count (Steps math.MaxInt32)
//     (backoff.go:370-449).
//   - client-go retry (k8s.io/client-go v0.37.2): OnError,
//     RetryOnConflict. DefaultRetry {Steps 5, 10ms, Factor 1, Jitter
//     0.1}, DefaultBackoff {Steps 4, 10ms, Factor 5, Jitter 0.1}; what the
//     predicate accepts, RetryOnConflict 409 (util/retry/util.go:28-43).
//   - resty/v2 (github.com/go-resty/resty/v2 v2.17.2): Request.Get, Post,
//     Put, Patch, Delete, Head, Options, Execute, Send, Trace with
//     retries on; a kept Client.SetRetryCount. RetryCount 0 (no
//     retries); equal jitter 100ms doubled up to 2s; errors only unless
//     retry conditions are added; New's client has no Timeout
//     (retry.go:18-19, client.go:708, 1459).
//     Timeouts (v2 and v3): SetContext, Background without; no cap;
//     SetTimeout or NewWithClient give an attempt timeout, New's client
//     has none; worst case from SetRetryWaitTime and
//     SetRetryMaxWaitTime doubling. Requests: Request is a builder
//     (SetHeader, SetHeaders, SetMethod, hooks; Get ... Trace, Execute,
//     Send), Client.R and NewRequest make one.
//   - resty/v3 (resty.dev/v3 v3.0.0-rc.4): the same Request methods.
//     RetryCount 0; 100ms up to 2s; errors, 429 and 5xx on idempotent
//     methods (POST and PATCH with SetRetryAllowNonIdempotent) (retry.go).
//   - gRPC service config (google.golang.org/grpc v1.85.0):
//     WithDefaultServiceConfig, the document a constant, a map or struct
//     given to json.Marshal, or a fmt.Sprintf template. maxAttempts cut
//     to 5 (or WithMaxCallAttempts); each backoff ×random 0.8-1.2; the
//     retryableStatusCodes listed (service_config.go, stream.go).
//   - go-grpc-middleware retry (v1.4.0), and
//     go-grpc-middleware/v2 retry (v2.3.4, defaults read at v2.3.3):
//     UnaryClientInterceptor, StreamClientInterceptor. Max 0 (off), BackoffLinearWithJitter(50ms,
//     0.10), ResourceExhausted and Unavailable (retry/options.go,
//     interceptors/retry/options.go:20-30).
//   - aws-sdk-go-v2 retry (github.com/aws/aws-sdk-go-v2 v1.47.7):
//     retry.NewStandard, NewAdaptiveMode, AddWithMaxAttempts,
//     AddWithErrorCodes, config.WithRetryMaxAttempts. 3 attempts, full
//     jitter up to 20s, throttling and transient codes
//     (aws/retry/standard.go:29-37).
//   - gax-go (github.com/googleapis/gax-go/v2 v2.27.0, Backoff read at
//     v2.26.2): WithRetry. No count (the call's deadline); full jitter
//     from 1s ×2 up to 30s, a Multiplier of 1 never grows; the codes of
//     OnCodes and OnHTTPCodes or what OnErrorFunc accepts
//     (call_option.go:186-205).
//   - dskit backoff (github.com/grafana/dskit
//     v0.0.0-20260703122047-de1ec7541c44): loops whose condition is
//     b.Ongoing(). A Config has no defaults (MaxRetries 0: until the
//     context ends); each Wait draws from [d, 2d), d MinBackoff doubled
//     up to MaxBackoff (backoff/backoff.go).
//     Timeouts: the ctx given to backoff.New; no cap.
//   - go-resiliency retrier (github.com/eapache/go-resiliency v1.7.0):
//     Retrier.Run, RunCtx, RunFn. The backoff's length is the retries
//     (ConstantBackoff, ExponentialBackoff, LimitedExponentialBackoff);
//     jitter 0 until SetJitter; every error (DefaultClassifier)
//     (retrier/retrier.go:23-42, 118-140, classifier.go:19-28).
//   - terraform-plugin-sdk retry (github.com/hashicorp/terraform-plugin-sdk/v2
//     v2.40.1): helper/retry and helper/resource RetryContext, Retry;
//     StateChangeConf.WaitForState(Context) as state polls. No count (its
//     Timeout ends it); waits 500ms (RetryContext) or 200ms doubling up
//     to 10s, no jitter, PollInterval a fixed wait; only errors returned
//     as retry.RetryableError (helper/retry/wait.go:18-75, state.go:56-206).
//   - asynq (github.com/hibiken/asynq v0.24.0): NewServer for the
//     waits and total time of a server's task retries, Client.Enqueue and
//     EnqueueContext for a task's bound. MaxRetry 25 (client.go:296);
//     DefaultRetryDelayFunc n^4+15s plus rand(30)×(n+1)s, polynomial with
//     a random part above its floor (server.go:369); no total cap; every
//     handler error but asynq.SkipRetry. An async job: AsyncEvent.
//   - retrylint retry (this module): Do, DoValue, the standard's own
//     policy (package retry).
//   - fasthttp (github.com/valyala/fasthttp v1.69.0): no retry entry; its
//     request vocabulary only. Requests: Do, DoTimeout, DoDeadline,
//     DoRedirects of Client, HostClient, LBClient, PipelineClient and the
//     package, which send argument 0 (client.go:36-113, 407-493).
package knowledge
