package retry

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/retrylint/retrylint/policy"
)

// BudgetConfig configures a Budget.
type BudgetConfig struct {
	// Ratio is the largest share of requests to one dependency that may be
	// retries over the rolling window. Zero means policy.BudgetRatio
	// (20%); R-7 allows no more.
	Ratio float64

	// Reserve is how many retries a dependency may make in the window
	// beyond Ratio of its requests. Zero means DefaultBudgetReserve (3); a
	// negative value means none; more than MaxBudgetReserve is an error.
	// Without a reserve a dependency that has seen fewer than 1/Ratio
	// requests in the window (five at 20%) could not retry at all, so the
	// first failure of a cold process, or of a dependency called rarely,
	// would never be retried. gRPC's retry throttling, the reference for
	// R-7's 20%, starts with a full token bucket for the same reason;
	// Envoy's retry budget keeps min_retry_concurrency (3 by default) and
	// Finagle's RetryBudget minRetriesPerSec. Under load the reserve is
	// noise: retries stay within Ratio*requests + Reserve per window.
	Reserve int

	// OnExhausted is called when a dependency's budget becomes spent,
	// once per spell: it is called again only after a retry to that
	// dependency has been allowed since. R-7 says exhaustion should open a
	// circuit breaker; see the retrygobreaker package. It must not block.
	OnExhausted func(dependency string)

	// Clock replaces the real clock, for tests. Only Now is used.
	Clock Clock
}

// A Budget is a retry budget per downstream dependency: over a
// rolling window of policy.BudgetWindow (30s), at most Ratio of the
// requests sent to a dependency may be retries. Do and the transport
// record every attempt in it and ask it before every retry; when the
// budget is spent the retry is suppressed and the original error returned.
//
// The window advances in steps of a tenth of its length. Counters are
// sharded so that recording scales with cores; concurrent checks may let a
// few more retries through than the ratio, at most one per goroutine
// checking at the same instant.
//
// A retry is allowed while retries <= Ratio*requests + Reserve over the
// window (the retry counted among both): the reserve (BudgetConfig.Reserve,
// DefaultBudgetReserve by default) lets a cold dependency retry its first
// failures, and under load adds only a constant to the ratio.
type Budget struct {
	ratio       float64
	reserve     float64
	onExhausted func(string)
	clock       Clock

	mu   sync.Mutex                            // serialises adding dependencies
	deps atomic.Pointer[map[string]*depBudget] // copy on write
}

const (
	// DefaultBudgetReserve is the reserve of a BudgetConfig that sets
	// none: the retries of one synchronous call at the standard's default
	// count, and Envoy's default min_retry_concurrency.
	DefaultBudgetReserve = 3
	// MaxBudgetReserve is the largest reserve NewBudget accepts, so that
	// the reserve cannot stand in for a budget.
	MaxBudgetReserve = 20
)

const (
	budgetBuckets = 10
	budgetStep    = policy.BudgetWindow / budgetBuckets
)

type bucket struct {
	epoch    atomic.Int64 // the step this bucket counts, as now/budgetStep
	requests atomic.Int64
	retries  atomic.Int64
}

type shard struct {
	mu      sync.Mutex // serialises rolling a bucket over
	buckets [budgetBuckets]bucket
	_       [256 - (8+budgetBuckets*24)%256]byte // keep shards off each other's cache lines
}

type depBudget struct {
	shards []shard // read by every request: keep writes off this line
	mask   uint32
	_      [64]byte
	// exhausted is written only when the budget runs out or recovers.
	exhausted atomic.Bool
	// closed caches the sums of the window's finished steps, which no
	// longer change, so that a check reads only the current step of each
	// shard; it is rewritten once per step.
	closedMu   sync.Mutex
	closedStep atomic.Int64
	closedReqs atomic.Int64
	closedRets atomic.Int64
	_          [64]byte
}

// NewBudget returns a Budget. It fails when Ratio is negative or above
// policy.BudgetRatio, or Reserve above MaxBudgetReserve.
func NewBudget(c BudgetConfig) (*Budget, error) {
	r := c.Ratio
	if r == 0 {
		r = policy.BudgetRatio
	}
	if r < 0 || r > policy.BudgetRatio {
		return nil, fmt.Errorf("%w: budget ratio %v outside (0, %v] (R-7)", ErrInvalidPolicy, c.Ratio, policy.BudgetRatio)
	}
	reserve := c.Reserve
	switch {
	case reserve == 0:
		reserve = DefaultBudgetReserve
	case reserve < 0:
		reserve = 0
	case reserve > MaxBudgetReserve:
		return nil, fmt.Errorf("%w: budget reserve %d above %d (R-7)", ErrInvalidPolicy, c.Reserve, MaxBudgetReserve)
	}
	b := &Budget{ratio: r, reserve: float64(reserve), onExhausted: c.OnExhausted, clock: c.Clock}
	m := map[string]*depBudget{}
	b.deps.Store(&m)
	return b, nil
}

var defaultBudget = sync.OnceValue(func() *Budget {
	b, _ := NewBudget(BudgetConfig{})
	return b
})

// DefaultBudget returns the process-wide budget that a Policy with a nil
// Budget uses: 20% over 30s per dependency, plus DefaultBudgetReserve.
func DefaultBudget() *Budget { return defaultBudget() }

func (b *Budget) now() time.Time {
	if b.clock != nil {
		return b.clock.Now()
	}
	return time.Now()
}

func (b *Budget) dep(name string) *depBudget {
	if d := (*b.deps.Load())[name]; d != nil {
		return d
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	old := *b.deps.Load()
	if d := old[name]; d != nil {
		return d
	}
	n := 1
	for n < 2*runtime.GOMAXPROCS(0) && n < 64 {
		n *= 2
	}
	d := &depBudget{shards: make([]shard, n), mask: uint32(n - 1)}
	m := make(map[string]*depBudget, len(old)+1)
	for k, v := range old {
		m[k] = v
	}
	m[name] = d
	b.deps.Store(&m)
	return d
}

// Request records a first attempt of a request to dependency. Do and the
// transport call it; call it yourself only for requests that do not go
// through them.
func (b *Budget) Request(dependency string) {
	b.dep(dependency).add(b.now(), 0)
}

// AllowRetry reports whether one more retry to dependency stays within the
// budget and, if so, records it (as a request and a retry). When it does
// not, it calls the OnExhausted hook, once per spell.
func (b *Budget) AllowRetry(dependency string) bool {
	ok, _ := b.allowRetry(dependency)
	return ok
}

func (b *Budget) allowRetry(dependency string) (bool, float64) {
	return b.allowRetryDep(b.dep(dependency), dependency)
}

func (b *Budget) allowRetryDep(d *depBudget, dependency string) (bool, float64) {
	now := b.now()
	reqs, rets := d.sum(now)
	if !b.allows(reqs, rets) {
		if d.exhausted.CompareAndSwap(false, true) && b.onExhausted != nil {
			b.onExhausted(dependency)
		}
		return false, b.util(reqs, rets)
	}
	if d.exhausted.Load() {
		d.exhausted.Store(false)
	}
	d.add(now, 1)
	return true, b.util(reqs+1, rets+1)
}

// allows reports whether one more retry fits in a window that holds reqs
// requests and rets retries: the retry counts among both.
func (b *Budget) allows(reqs, rets int64) bool {
	return float64(rets+1) <= b.ratio*float64(reqs+1)+b.reserve
}

// Utilization returns the share of dependency's retry budget in use over
// the window: retries / (Ratio*requests + Reserve), close to 1 or more
// when spent.
// It is the retry_budget_utilization_ratio gauge of R-10.
func (b *Budget) Utilization(dependency string) float64 {
	reqs, rets := b.dep(dependency).sum(b.now())
	return b.util(reqs, rets)
}

func (b *Budget) util(reqs, rets int64) float64 {
	room := b.ratio*float64(reqs) + b.reserve
	if room <= 0 {
		if rets > 0 {
			return 1
		}
		return 0
	}
	return float64(rets) / room
}

// A shardHint picks the shard a P writes to. sync.Pool keeps one per P
// and hands it back to code running on that P, which keeps each core's
// writes on its own cache lines; when the pool is emptied by a garbage
// collection, new hints are dealt round-robin.
type shardHint struct{ n uint32 }

var (
	shardHints sync.Pool
	nextHint   atomic.Uint32
)

// add records one request, which is a retry when retry is 1.
func (d *depBudget) add(now time.Time, retry int64) {
	e := now.UnixNano() / int64(budgetStep)
	h, _ := shardHints.Get().(*shardHint)
	if h == nil {
		h = &shardHint{uint32(nextHint.Add(1))}
	}
	s := &d.shards[h.n&d.mask]
	shardHints.Put(h)
	bk := &s.buckets[uint64(e)%budgetBuckets]
	if bk.epoch.Load() != e {
		s.mu.Lock()
		if bk.epoch.Load() != e {
			bk.requests.Store(0)
			bk.retries.Store(0)
			bk.epoch.Store(e)
		}
		s.mu.Unlock()
	}
	bk.requests.Add(1)
	if retry != 0 {
		bk.retries.Add(retry)
	}
}

// sum returns the requests and retries recorded in the window that ends
// at now: the finished steps, from the cache, and the current one.
func (d *depBudget) sum(now time.Time) (reqs, rets int64) {
	e := now.UnixNano() / int64(budgetStep)
	if d.closedStep.Load() != e {
		d.closedMu.Lock()
		if d.closedStep.Load() != e {
			var cr, ct int64
			for i := range d.shards {
				for j := range d.shards[i].buckets {
					bk := &d.shards[i].buckets[j]
					if ep := bk.epoch.Load(); ep < e && e-ep < budgetBuckets {
						cr += bk.requests.Load()
						ct += bk.retries.Load()
					}
				}
			}
			d.closedReqs.Store(cr)
			d.closedRets.Store(ct)
			d.closedStep.Store(e)
		}
		d.closedMu.Unlock()
	}
	reqs, rets = d.closedReqs.Load(), d.closedRets.Load()
	j := uint64(e) % budgetBuckets
	for i := range d.shards {
		bk := &d.shards[i].buckets[j]
		if bk.epoch.Load() == e {
			reqs += bk.requests.Load()
			rets += bk.retries.Load()
		}
	}
	return reqs, rets
}
