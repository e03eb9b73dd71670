package knowledge

import (
	"strings"
	"time"
)

// k8s.io/apimachinery wait: ExponentialBackoff(b, cond) and
// ExponentialBackoffWithContext(ctx, b, cond), configured by a
// wait.Backoff.
var K8sWait = &Library{
	Name:     "k8s wait",
	Module:   "k8s.io/apimachinery",
	Versions: "v0.37.2",
	Paths:    []string{"k8s.io/apimachinery/pkg/util/wait"},
	Timeouts: k8sTimeouts,
	Waits:    k8sWaits,
	Entries:  []Entry{Run("ExponentialBackoff", 1, 0), Run("ExponentialBackoffWithContext", 2, 1)},
	Bound:    k8sBound,
	// A wait.Backoff literal has no defaults: Steps 0 never runs the
	// condition (k8s.io/apimachinery@v0.37.2/pkg/util/wait/backoff.go).
	Defaults: Defaults{Retries: "the condition's (false, nil); an error stops"},
}

// k8s.io/client-go retry: OnError(b, pred, fn), RetryOnConflict(b, fn).
var K8sRetry = &Library{
	Name:     "client-go retry",
	Module:   "k8s.io/client-go",
	Versions: "v0.37.2",
	Paths:    []string{"k8s.io/client-go/util/retry", "k8s.io/apimachinery/pkg/util/wait"},
	// OnError and RetryOnConflict watch no context and have no time
	// limit of their own (util/retry/util.go: wait.ExponentialBackoff).
	Timeouts: &TimeoutVocab{},
	// The writes of client-go's typed clients and of controller-runtime's
	// client (k8s.io/client-go@v0.37.2/kubernetes/typed: Update,
	// UpdateStatus, Patch, Apply, ApplyStatus; Replace* of the core
	// clients) are what conflicts.
	Outcomes: &OutcomeVocab{Model: DecidedOutcomes, Conflict: "RetryOnConflict",
		ConflictWrites: []string{"Update", "Patch", "Apply", "Replace"},
		Predicates:     []PredicateSetting{{Setting: "OnError", Arg: 1, ErrorsOnly: true, AtArg: true, Desc: "OnError predicate"}}},
	Waits:       k8sWaits,
	MarkerCalls: true,
	// k8s.io/client-go@v0.37.2/util/retry/util.go: OnError and
	// RetryOnConflict run Kubernetes API calls, whose errors are
	// *errors.StatusError carrying the response's HTTP status
	// (k8s.io/apimachinery@v0.37.2/pkg/api/errors/errors.go).
	StatusErrors: "OnError's function makes Kubernetes API calls, whose errors carry the HTTP status (apierrors.StatusError)",
	Entries:      []Entry{Run("OnError", 2, 0), Run("RetryOnConflict", 1, 0)},
	Bound:        k8sBound,
	// k8s.io/client-go@v0.37.2/util/retry/util.go:28-43: DefaultRetry
	// {Steps 5, Duration 10ms, Factor 1.0, Jitter 0.1} and DefaultBackoff
	// {Steps 4, Duration 10ms, Factor 5.0, Jitter 0.1}.
	Defaults: Defaults{
		Attempts:   5,
		Initial:    10 * time.Millisecond,
		Multiplier: 1,
		Jitter:     0.1,
		Retries:    "errors the predicate accepts (RetryOnConflict: 409 Conflict)",
	},
	Advice: Advice{
		Stop:   "make the OnError predicate return false for them",
		StopIf: []SettingHint{{"RetryOnConflict", "Get the object again in each try, or do not retry the conflict"}},
	},
}

var k8sBound = BoundTable{
	Groups: [][]Count{{
		{Setting: "Steps", Attempts: true},
		{Setting: "DefaultRetry", Fixed: &Fixed{4, "retry.DefaultRetry Steps 5 = 5 attempts = 4 retries"}},
		{Setting: "DefaultBackoff", Fixed: &Fixed{3, "retry.DefaultBackoff Steps 4 = 4 attempts = 3 retries"}},
	}},
	Defaults: []DefaultBound{{IfAny: []string{"Backoff"}, NotOpaque: true, Fixed: &Fixed{0, "Steps 0: the condition never runs"}}},
}

// k8s.io/apimachinery wait polls with no count and no timeout: the
// condition runs every interval until it returns true or an error, or
// the context ends (k8s.io/apimachinery@v0.37.2/pkg/util/wait/poll.go:
// PollUntilContextCancel, PollInfinite, PollInfiniteWithContext,
// PollImmediateInfinite, PollImmediateInfiniteWithContext; the interval
// is fixed, no jitter). A call is a retry only when the condition's
// (false, nil) follows an operation's failure; a condition that waits
// for a state is a state poll (Entry.Poll). wait.JitterUntil is not
// here: it runs its function every period whatever the outcome, a
// periodic task, not a retry.
var K8sPoll = &Library{
	Name:     "k8s wait poll",
	Module:   "k8s.io/apimachinery",
	Versions: "v0.37.2",
	Paths:    []string{"k8s.io/apimachinery/pkg/util/wait"},
	Outcomes: &OutcomeVocab{Model: PollOutcomes},
	Waits:    &WaitVocab{Model: IntervalWaits},
	Entries: []Entry{
		PollEntry("PollInfinite", 1, 0),
		PollEntry("PollInfiniteWithContext", 2, 1),
		PollEntry("PollImmediateInfinite", 1, 0),
		PollEntry("PollImmediateInfiniteWithContext", 2, 1),
		PollEntry("PollUntilContextCancel", 3, 1),
	},
	Bound: BoundTable{Defaults: []DefaultBound{{Unbounded: "the poll runs the condition until it returns true, with no count"}}},
	Defaults: Defaults{
		Multiplier: 1,
		Retries:    "the condition's (false, nil); an error stops",
	},
}

// k8s.io/apimachinery wait.BackoffManager (deprecated, still used):
// a hand-written loop paced by mgr.Backoff(), a timer for the next wait
// (`<-mgr.Backoff().C()` after a failure). Backoff() never ends: the
// manager has no count (Steps math.MaxInt32).
//
// k8s.io/apimachinery@v0.37.2/pkg/util/wait/backoff.go:370-403:
// NewExponentialBackoffManager(initBackoff, maxBackoff, resetDuration,
// backoffFactor, jitter, clock) steps a Backoff{Duration: initBackoff,
// Factor: backoffFactor, Jitter: jitter, Steps: math.MaxInt32, Cap:
// maxBackoff}: each wait is the backoff plus up to jitter × it more
// (Jitter(d, f) = d + rand·f·d), growing ×backoffFactor up to
// maxBackoff, and starting over at initBackoff when Backoff() was not
// called for resetDuration. backoff.go:433-449:
// NewJitteredBackoffManager(duration, jitter, clock) waits duration plus
// up to jitter × duration (none for jitter <= 0): a fixed interval.
//
// wait.BackoffUntil(f, mgr, sliding, stop) and JitterUntil(f, period,
// jitterFactor, sliding, stop) (= BackoffUntil with a jittered manager)
// run f, which returns nothing, every wait until stop is closed,
// whatever happened in f: periodic tasks, not retries, and not entries
// here (the model stays silent on them).
var K8sBackoffManager = &Library{
	Name:     "k8s wait BackoffManager",
	Module:   "k8s.io/apimachinery",
	Versions: "v0.37.2",
	Paths:    []string{"k8s.io/apimachinery/pkg/util/wait"},
	Waits:    k8sManagerWaits,
	Entries: []Entry{
		PacedBy("BackoffManager.Backoff", PaceNext, "a wait.BackoffManager never stops (Steps math.MaxInt32): the loop has no count"),
	},
	Bound: BoundTable{Defaults: []DefaultBound{{Unbounded: "a wait.BackoffManager never stops (Steps math.MaxInt32)"}}},
	Defaults: Defaults{
		Multiplier: 1,
		Retries:    "whatever the loop it paces retries",
	},
}

// k8sWaits is wait.Backoff's vocabulary (SpreadWaits, Upward): Step
// waits Duration, then Duration ×= Factor up to Cap, each wait plus up to
// Jitter × it more (k8s.io/apimachinery@v0.37.2/pkg/util/wait/backoff.go:
// Step, Jitter). A literal starts from zero; client-go's presets
// (k8s.io/client-go@v0.37.2/util/retry/util.go:28-43): DefaultRetry
// {Duration 10ms, Factor 1.0, Jitter 0.1}, DefaultBackoff {Duration
// 10ms, Factor 5.0, Jitter 0.1}.
var k8sWaits = &WaitVocab{
	Model:  SpreadWaits,
	Upward: true,
	Kinds: []WaitKind{
		{Setting: "DefaultRetry", Label: "retry.DefaultRetry", Initial: 10 * time.Millisecond, Multiplier: 1, Randomization: 0.1},
		{Setting: "DefaultBackoff", Label: "retry.DefaultBackoff", Initial: 10 * time.Millisecond, Multiplier: 5, Randomization: 0.1},
		{Setting: "Backoff", Label: "wait.Backoff"},
	},
	Base:              []string{"Duration"},
	Cap:               []string{"Cap"},
	Multiplier:        []string{"Factor"},
	Randomization:     []string{"Jitter"},
	BaseName:          "Duration",
	MultiplierName:    "Factor",
	RandomizationName: "Jitter",
	// Step() adds rand(0, Jitter×Duration) to Duration, or nothing
	// (k8s.io/apimachinery@v0.37.2/pkg/util/wait/backoff.go delay,
	// wait.go:92-98 Jitter): whatever the Backoff, no wait is drawn from 0.
	Fallback: &WaitKind{Shape: KindAddedJitter, At: AtSite,
		Desc: "partial jitter whatever its wait.Backoff: Jitter only adds to each wait, never drawn from 0"},
}

// k8sManagerWaits: a BackoffManager's constructor takes a wait.Backoff's
// values as arguments (backoff.go:370-403 and 433-449, above):
// NewExponentialBackoffManager(initBackoff, maxBackoff, resetDuration,
// backoffFactor, jitter, clock), NewJitteredBackoffManager(duration,
// jitter, clock) (Factor 1).
var k8sManagerWaits = &WaitVocab{
	Model:  SpreadWaits,
	Upward: true,
	Kinds: []WaitKind{
		{Setting: "NewExponentialBackoffManager", Label: "wait.NewExponentialBackoffManager", Multiplier: 1,
			BaseArg: Arg(0), CapArg: Arg(1), MultiplierArg: Arg(3), RandomizationArg: Arg(4)},
		{Setting: "NewJitteredBackoffManager", Label: "wait.NewJitteredBackoffManager", Multiplier: 1,
			BaseArg: Arg(0), RandomizationArg: Arg(1)},
	},
	BaseName:          "Duration",
	MultiplierName:    "Factor",
	RandomizationName: "Jitter",
}

// k8sStatusClassifiers are apimachinery's error classifiers and the HTTP
// status of the errors each matches
// (k8s.io/apimachinery@v0.37.2/pkg/api/errors/errors.go: IsNotFound
// tests for metav1.StatusReasonNotFound, which NewNotFound builds with
// http.StatusNotFound, and so on).
var k8sStatusClassifiers = map[string]int{
	"IsBadRequest":                 400,
	"IsUnauthorized":               401,
	"IsForbidden":                  403,
	"IsNotFound":                   404,
	"IsMethodNotSupported":         405,
	"IsNotAcceptable":              406,
	"IsConflict":                   409,
	"IsAlreadyExists":              409,
	"IsGone":                       410,
	"IsResourceExpired":            410,
	"IsRequestEntityTooLargeError": 413,
	"IsUnsupportedMediaType":       415,
	"IsInvalid":                    422,
	"IsTooManyRequests":            429,
	"IsInternalError":              500,
	"IsServerTimeout":              500,
	"IsServiceUnavailable":         503,
	"IsTimeout":                    504,
}

// StatusClassifier returns the HTTP status of the errors the function
// named by key ("path.Name") reports true for, when it is an error
// classifier of the tables (apierrors.IsConflict: 409).
func StatusClassifier(key string) (int, bool) {
	i := strings.LastIndexByte(key, '.')
	if i < 0 || key[:i] != PathK8sAPIErrors {
		return 0, false
	}
	c, ok := k8sStatusClassifiers[key[i+1:]]
	return c, ok
}

// k8sTimeouts: ExponentialBackoffWithContext(ctx, b, cond) stops at
// ctx's end and hands ctx to the condition; ExponentialBackoff watches
// none; Steps bound the time, no cap of their own
// (k8s.io/apimachinery@v0.37.2/pkg/util/wait/backoff.go).
var k8sTimeouts = &TimeoutVocab{
	Context: []ContextRule{{Entries: []string{"ExponentialBackoffWithContext"}, FromEntry: true, EntryArg: 0, PassesToOp: true}},
}

// existsPredicates report that an operation failed because what it
// creates is there already (k8s.io/apimachinery@v0.37.2/pkg/api/errors
// IsAlreadyExists: metav1.StatusReasonAlreadyExists; os.IsExist:
// fs.ErrExist). Repeating the same create can never get past such an
// error: a loop that goes back only on it tries a new candidate each time
// (a generated name, a random port), a search, not a retry
// (internal/retrysite/notretry candidates.go).
var existsPredicates = map[string]bool{PathK8sAPIErrors + ".IsAlreadyExists": true, "os.IsExist": true}

// IsExistsPredicate reports whether the function named by key
// ("path.Name") reports an "already exists" failure.
func IsExistsPredicate(key string) bool { return existsPredicates[key] }

// existsErrors are the sentinel errors of the standard library that say
// the thing exists already.
var existsErrors = map[string]bool{"io/fs.ErrExist": true, "os.ErrExist": true}

// IsExistsError reports whether the package-level error variable name of
// package path says the thing made exists already: fs.ErrExist, and a
// package's own sentinel named for it (ErrAlreadyExists, ErrKeyExists,
// ErrDuplicateKey, ErrQueueDeduplicated). Repeating the operation
// unchanged cannot get past such a failure, so a loop that goes back on
// it alone changes something first (a new candidate, a lookup of the
// holder): it is not a retry (internal/retrysite/notretry candidates.go).
func IsExistsError(path, name string) bool {
	if existsErrors[path+"."+name] {
		return true
	}
	if !strings.HasPrefix(name, "Err") {
		return false
	}
	lower := strings.ToLower(name)
	return strings.Contains(lower, "exist") && !strings.Contains(lower, "notexist") && !strings.Contains(lower, "nonexist") ||
		strings.Contains(lower, "duplicate")
}
