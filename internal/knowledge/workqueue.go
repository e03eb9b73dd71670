package knowledge

import (
	"time"

	"github.com/retrylint/retrylint/policy"
)

// Work queues that hand a failed item back (k8s.io/client-go
// util/workqueue v0.37.2; controller-runtime's priority queue v0.25.2).
//
// A controller takes an item from its queue, does the work for it and, on
// failure, gives the same item back with q.AddRateLimited(item)
// (controller-runtime: q.AddWithOpts(priorityqueue.AddOpts{RateLimited:
// true}, item)). The queue delivers it to the handler again once its rate
// limiter's delay for the item's n-th failure has passed, until
// q.Forget(item) (k8s.io/client-go@v0.37.2/util/workqueue/
// rate_limiting_queue.go:137, AddRateLimited: q.AddAfter(item,
// q.rateLimiter.When(item))). Nothing in the queue counts the requeues:
// the code gives up when it asks q.NumRequeues(item) (the client-go
// example controller's handleErr stops at 5). A requeue after a failure
// is thus a retry of that work whose count is the package's and whose
// waits are its limiter's.
//
// The limiters client-go ships draw nothing at random
// (default_rate_limiters.go): TypedItemExponentialFailureRateLimiter
// waits baseDelay*2^failures capped at maxDelay, the fast-slow limiter a
// fixed fast delay then a fixed slow one, the bucket limiter the overall
// rate of a token bucket, MaxOf the largest of its limiters and
// WithMaxWait its limiter's capped. DefaultTypedControllerRateLimiter
// (default_rate_limiters.go:50) is MaxOf(exponential 5ms..1000s, a bucket
// of 10 qps and 100 tokens).

// WorkqueuePath is client-go's workqueue package.
const WorkqueuePath = "k8s.io/client-go/util/workqueue"

// limiterPackages are the packages of the rate-limiter tables below
// (RateLimiters, RateLimitingQueues, BucketLimiterTypes) and of the
// NumRequeuesMethod.
var limiterPackages = map[string]bool{WorkqueuePath: true}

// IsLimiterPackage reports whether path is the package of the
// rate-limiter tables.
func IsLimiterPackage(path string) bool { return limiterPackages[path] }

// K8sWorkqueue names the requeue sites in messages ("workqueue retry of
// c.sync"). It is not a table of entries (internal/retrysite's
// requeue.go reads Requeues and RateLimiters below), so it is not
// registered.
var K8sWorkqueue = &Library{
	Name:     "workqueue",
	Module:   "k8s.io/client-go",
	Versions: "v0.37.2",
	Paths:    []string{WorkqueuePath, PathPriorityQueue},
}

// PathPriorityQueue is controller-runtime's priority queue package.
const PathPriorityQueue = "sigs.k8s.io/controller-runtime/pkg/controller/priorityqueue"

// A Requeue is a method that hands an item back to a rate-limited queue.
type Requeue struct {
	// Path and Type name the interface (or type) the method is declared
	// on, Method its name.
	Path, Type, Method string
	// Item is the index of the argument (the first of a variadic list)
	// that is handed back.
	Item int
	// RateLimited, when set, is the bool field of the options literal
	// at argument 0 that asks for the rate-limited delay: the call
	// requeues rate-limited only when the literal sets it to true.
	RateLimited string
}

// Requeues are the requeue methods the model knows.
var Requeues = []Requeue{
	// rate_limiting_queue.go:31 (TypedRateLimitingInterface.AddRateLimited);
	// RateLimitingInterface is TypedRateLimitingInterface[any].
	{Path: WorkqueuePath, Type: "TypedRateLimitingInterface", Method: "AddRateLimited", Item: 0},
	// controller-runtime@v0.25.2/pkg/controller/priorityqueue/priorityqueue.go:
	// AddWithOpts(o AddOpts, items ...T), AddOpts{After, RateLimited, Priority}.
	{Path: PathPriorityQueue, Type: "PriorityQueue", Method: "AddWithOpts", Item: 1, RateLimited: "RateLimited"},
}

// NumRequeuesMethod is the method a package asks how often an item has
// been requeued: a package that asks it may stop requeueing (a count).
const NumRequeuesMethod = "NumRequeues"

// A RateLimiterKind is what a workqueue limiter waits.
type RateLimiterKind int

const (
	// LimiterExponential waits Base*2^failures capped at Cap, no jitter.
	LimiterExponential RateLimiterKind = iota + 1
	// LimiterFixed waits a fixed delay (or two: fast, then slow).
	LimiterFixed
	// LimiterOf is the largest (MaxOf) or a capped (WithMaxWait) wait of
	// the limiters among its arguments (those not a time.Duration).
	LimiterOf
)

// A RateLimiter is a constructor of a workqueue rate limiter, or a
// queue constructor given one.
type RateLimiter struct {
	Func string // in WorkqueuePath
	Kind RateLimiterKind
	// BaseArg and CapArg are the arguments that give the first and the
	// largest wait (-1: Base and Cap, the constructor's own).
	BaseArg, CapArg int
	Base, Cap       time.Duration
}

// RateLimiters are the limiter constructors of client-go's workqueue
// (default_rate_limiters.go, v0.37.2), untyped and Typed alike.
var RateLimiters = []RateLimiter{
	// :44 and :50: MaxOf(exponential 5ms..1000s, bucket 10 qps / 100).
	{Func: "DefaultControllerRateLimiter", Kind: LimiterExponential, BaseArg: -1, CapArg: -1, Base: 5 * time.Millisecond, Cap: 1000 * time.Second},
	{Func: "DefaultTypedControllerRateLimiter", Kind: LimiterExponential, BaseArg: -1, CapArg: -1, Base: 5 * time.Millisecond, Cap: 1000 * time.Second},
	// :95 and :99: baseDelay*2^failures, capped at maxDelay.
	{Func: "NewItemExponentialFailureRateLimiter", Kind: LimiterExponential, BaseArg: 0, CapArg: 1},
	{Func: "NewTypedItemExponentialFailureRateLimiter", Kind: LimiterExponential, BaseArg: 0, CapArg: 1},
	// :108 and :112: exponential 1ms..1000s.
	{Func: "DefaultItemBasedRateLimiter", Kind: LimiterExponential, BaseArg: -1, CapArg: -1, Base: time.Millisecond, Cap: 1000 * time.Second},
	{Func: "DefaultTypedItemBasedRateLimiter", Kind: LimiterExponential, BaseArg: -1, CapArg: -1, Base: time.Millisecond, Cap: 1000 * time.Second},
	// :168 and :172: fastDelay for maxFastAttempts, then slowDelay.
	{Func: "NewItemFastSlowRateLimiter", Kind: LimiterFixed, BaseArg: 0, CapArg: 1},
	{Func: "NewTypedItemFastSlowRateLimiter", Kind: LimiterFixed, BaseArg: 0, CapArg: 1},
	// :235 and :239: the largest wait of its limiters.
	{Func: "NewMaxOfRateLimiter", Kind: LimiterOf, BaseArg: -1, CapArg: -1},
	{Func: "NewTypedMaxOfRateLimiter", Kind: LimiterOf, BaseArg: -1, CapArg: -1},
	// :272 and :276: its limiter's wait, capped at maxDelay.
	{Func: "NewWithMaxWaitRateLimiter", Kind: LimiterOf, BaseArg: -1, CapArg: 1},
	{Func: "NewTypedWithMaxWaitRateLimiter", Kind: LimiterOf, BaseArg: -1, CapArg: 1},
}

// BucketLimiterTypes are the token-bucket limiter types: an overall rate,
// no wait per item (default_rate_limiters.go:57).
var BucketLimiterTypes = []string{"BucketRateLimiter", "TypedBucketRateLimiter"}

// RateLimitingQueues are the queue constructors of client-go's workqueue
// (rate_limiting_queue.go, v0.37.2), by the index of their limiter
// argument.
var RateLimitingQueues = map[string]int{
	"NewRateLimitingQueue":                      0,
	"NewTypedRateLimitingQueue":                 0,
	"NewRateLimitingQueueWithConfig":            0,
	"NewTypedRateLimitingQueueWithConfig":       0,
	"NewNamedRateLimitingQueue":                 0,
	"NewRateLimitingQueueWithDelayingInterface": 1,
}

// JobStore names the retries through a job store in messages ("job store
// retry of h.Run"): a failure handler writing the job back with a later
// run time (internal/retrysite's requeue/reschedule.go), an async job's
// retry. Not a table.
var JobStore = &Library{Name: "job store", ForcesContext: true, Context: policy.AsyncEvent,
	Advice: Advice{TotalCap: "stop rescheduling a job whose first run is older than %s and route it to a DLQ"}}

// OwnQueue names the retries through a worker's own queue in messages
// ("own queue retry of t.post"): a worker that puts a failed item back
// on the channel it receives its items from (internal/retrysite's
// requeue/selfqueue.go), processing what others queued: async events.
// Not a table.
var OwnQueue = &Library{Name: "own queue", ForcesContext: true, Context: policy.AsyncEvent}
