package knowledge

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/retrylint/retrylint/policy"
)

// A Library is one retry library's table.
type Library struct {
	// Name is the library's short name for messages:
	// "cenkalti/backoff/v4", "retry-go/v4", "go-retryablehttp".
	Name string
	// Module and Versions name the module and the version the table was
	// written against (its defaults are read from that version's source
	// in the module cache); other versions of the same major are assumed
	// to match until a table says otherwise.
	Module   string
	Versions string
	// Paths are the import paths of the library's packages; settings
	// are collected from calls, types and fields of these packages.
	Paths []string
	// ForcesContext is true for configurations whose context is fixed
	// (gRPC service configs and interceptors are gRPC unary calls).
	ForcesContext bool
	Context       policy.Context
	// Entries are the functions and methods that run or configure
	// retries: each call of one is a retry site.
	Entries []Entry
	// EnabledBy names the count setting that switches retries on when
	// the library's default is no retries (resty's SetRetryCount): a
	// call of an entry is a site only when it is set to other than 0.
	EnabledBy string
	// ServiceConfig marks gRPC service configs: the site's settings are
	// JSON documents whose retryPolicy the model reads. CapOption is the
	// option, of Paths[0], that caps maxAttempts when written in the same
	// function (its argument; below 2 means CapDefault), CapDefault the
	// cap without it.
	ServiceConfig bool
	CapOption     string
	CapDefault    int
	// Reference marks the project's own retry package, whose vocabulary
	// is Policy.
	Reference bool
	Policy    *PolicyVocab
	// Timeouts is the library's timeout vocabulary (timeoutmodels.go):
	// the context it watches, its total caps, its client's attempt
	// timeout; nil: a configuration, each call brings the caller's
	// context.
	Timeouts *TimeoutVocab
	// Requests is the library's HTTP request vocabulary
	// (requestmodels.go): its request builders, the methods that send
	// and those that set the method and headers; nil: none.
	Requests *RequestVocab
	// Outcomes is the library's outcome vocabulary (outcomemodels.go);
	// nil: the outcomes are unknown.
	Outcomes *OutcomeVocab
	// Waits is the library's wait vocabulary in a model libraries share
	// (waitmodels.go); nil: the waits are unknown.
	Waits *WaitVocab
	// HeaderHooks are settings that may set headers before every retry
	// (retryablehttp's PrepareRetry): a key missing from the request is
	// then unknown, not missing.
	HeaderHooks []string
	// IdempotentOnly is true when the library retries POST and PATCH only
	// when AllowNonIdempotent is set to true (resty v3).
	IdempotentOnly     bool
	AllowNonIdempotent []string
	// Markers are the library's functions that mark an error, by name
	// in any of its packages; Predicates its built-in retry predicates.
	Markers    map[string]MarkerKind
	Predicates map[string]PredicateKind
	// MarkerCalls is true when calls of the library's packages inside
	// a retried function are markers (backoff.Permanent,
	// retry.RetryableError), not operations.
	MarkerCalls bool
	// MarkedPolls is true when the library's retryable marker is used
	// to poll: a function that marks an error of its own, made neither
	// from an operation's error nor under a test of an operation's
	// response (`if st != "ready" { return
	// retry.RetryableError(errNotYet) }`), waits for a state, and the
	// call is no site (internal/retrysite libsite/libpoll.go). Not set
	// where marking a fresh error is how an attempt fails (sethvargo's
	// Do around pg_try_advisory_lock: `if !locked { return
	// retry.RetryableError(errors.New("failed to acquire lock")) }`).
	MarkedPolls bool
	// StatusErrors, when set, says why the errors of the functions the
	// library retries carry an HTTP status (client-go: Kubernetes API
	// errors): a predicate that accepts every error then retries the
	// non-retryable statuses too, where for errors of unknown kind the
	// model stays silent.
	StatusErrors string
	// Bound says how the settings bound the attempts.
	Bound BoundTable
	// Defaults are the library's defaults, with source references.
	Defaults Defaults
	// Advice is what the rules tell users, in the library's terms.
	Advice Advice
	// Backoffs are the library's own backoff functions (backofffuncs.go).
	Backoffs *BackoffFuncs
}

// An Entry is a library entry point.
type Entry struct {
	// Func is "Name" for a package function or "Type.Method" for a
	// method, in package Path (Paths[0] when empty).
	Func string
	Path string
	// Op is the index of the argument the library runs under retry
	// (-1: none; the operation is elsewhere, a request or a client).
	Op int
	// Cfg are the indices of the arguments that configure the call;
	// CfgFrom >= 0 adds every argument from that index on.
	Cfg     []int
	CfgFrom int
	// Recv is true when the receiver's construction configures the call.
	Recv bool
	// Sends says which requests the entry retries when it is a
	// retrying HTTP client rather than a function runner.
	Sends Sends
	// LoopCond marks a method that paces a hand-written loop as its
	// condition (dskit's for b.Ongoing()): a call is a site only as the
	// condition of a for statement, and the operations are the loop
	// body's.
	LoopCond bool
	// LoopResets are methods that, called in such a loop, start the
	// backoff over after a success (dskit's b.Reset()): the loop keeps
	// going after success, a watch or a poll, not a retry.
	LoopResets []string
	// Poll marks an entry that polls a condition at a fixed interval,
	// the argument at Interval (k8s wait.PollInfinite): a call is a retry
	// site only when the condition's false result follows the failure
	// of an operation in it (internal/retrysite polls.go); a condition
	// that waits for a state is a state poll, not a retry.
	Poll     bool
	Interval int
	// Pace marks an entry that paces a hand-written retry loop rather
	// than running one: the method whose result is the next wait
	// (cenkalti's b.NextBackOff(), Stop ending the loop) or the
	// constructor of a ticker whose channel the loop ranges over
	// (backoff.NewTicker(b)). Its calls are not sites; they give the
	// waits of the loop that holds them (internal/retrysite/libsite paced.go),
	// and PaceWhy, when set, is why that loop has no count.
	Pace    Pace
	PaceWhy string
	// KeptCount marks a method that sets the retry count of a client
	// the package keeps in a field or package variable (resty's
	// Client.SetRetryCount on c.resty): every request the client sends
	// later retries that many times, from wherever it is sent. A call on
	// such a client is a site of its own for the count only: the
	// requests, their waits, outcomes and timeouts are each send's
	// (internal/retrysite/libsite keptcount.go).
	KeptCount bool
	// StatePoll marks a method entry that polls the refresh function a
	// field of its receiver holds (terraform's StateChangeConf.Refresh,
	// returning (result, state, error)) until the state is one the
	// Target field lists, going on while it is one the Pending field
	// lists: a call is a retry site only when the refresh function turns
	// an operation's failure into a pending state and returns a pending
	// state for nothing else (internal/retrysite notretry/statepolls.go);
	// a refresh that waits for a resource's state is a state poll.
	StatePoll *StatePoll
}

// StatePoll names the receiver fields of a state-poll entry.
type StatePoll struct {
	// Refresh holds the function polled; Pending and Target the lists
	// of states that go on and that end the poll.
	Refresh, Pending, Target string
}

// StatePollEntry is a method entry configured by its receiver, a struct
// whose fields sp names (see Entry.StatePoll).
func StatePollEntry(fn string, sp StatePoll) Entry {
	return Entry{Func: fn, Op: -1, CfgFrom: -1, Recv: true, StatePoll: &sp}
}

// Pace says how an entry paces a hand-written loop.
type Pace int

const (
	// NoPace: the entry is not a loop's pace.
	NoPace Pace = iota
	// PaceNext: a method whose result is the wait before the next try.
	PaceNext
	// PaceTicker: a constructor whose result's C channel ticks once per
	// try.
	PaceTicker
)

// PacedBy is an entry that paces a hand-written loop (see Entry.Pace):
// a method configured by its receiver (PaceNext), or a constructor
// configured by its argument at 0 (PaceTicker).
func PacedBy(fn string, p Pace, why string) Entry {
	e := Entry{Func: fn, Op: -1, CfgFrom: -1, Pace: p, PaceWhy: why}
	if p == PaceNext {
		e.Recv = true
	} else {
		e.Cfg = []int{0}
	}
	return e
}

// Sends says which requests a retrying-client entry retries.
type Sends int

const (
	// SendsNothing: the entry runs a function (Op) or configures.
	SendsNothing Sends = iota
	// SendsCall: the call itself sends the request (Client.Do(req),
	// resty's Request.Post(url), failsafehttp.NewRequest).
	SendsCall
	// SendsClient: the call builds an *http.Client whose sends retry
	// (retryablehttp Client.StandardClient()).
	SendsClient
	// SendsTransport: the call builds a RoundTripper whose sends retry
	// (failsafehttp.NewRoundTripper).
	SendsTransport
)

// Run is an entry point that runs the argument at op under retry,
// configured by the arguments at cfg (a negative index -i stands for
// every argument from i on).
func Run(fn string, op int, cfg ...int) Entry {
	e := Entry{Func: fn, Op: op, CfgFrom: -1}
	for _, i := range cfg {
		if i < 0 {
			e.CfgFrom = -i
			continue
		}
		e.Cfg = append(e.Cfg, i)
	}
	return e
}

// Config is an entry point configured by its arguments from index from
// on, with no operation argument (an option, an interceptor).
func Config(fn string, from int) Entry { return Entry{Func: fn, Op: -1, CfgFrom: from} }

// Method is a method entry point configured by its receiver that runs
// the argument at op (-1: none).
func Method(fn string, op int) Entry { return Entry{Func: fn, Op: op, CfgFrom: -1, Recv: true} }

// PollEntry is an entry that polls the condition at op every interval
// (the argument at interval) with no count.
func PollEntry(fn string, op, interval int) Entry {
	return Entry{Func: fn, Op: op, CfgFrom: -1, Poll: true, Interval: interval}
}

func sends(e Entry, s Sends) Entry { e.Sends = s; return e }

// Plain is an entry point with nothing to follow (a package-level call
// on the library's default client).
func Plain(fn string) Entry { return Entry{Func: fn, Op: -1, CfgFrom: -1} }

// Key returns the entry's "path.Name" or "path.Type.Method".
func (e Entry) Key(l *Library) string {
	return cmp.Or(e.Path, l.Paths[0]) + "." + e.Func
}

// Defaults are a library's defaults. Zero fields are unknown or do not
// apply; each table says where the values come from.
type Defaults struct {
	// Attempts is the default attempt count (0: none or unlimited; see
	// the table's Bound).
	Attempts int
	// Initial, Max, Multiplier and Jitter describe the default wait:
	// the first wait, its cap, the growth per attempt, and the
	// randomization (a factor of the wait, 0 none).
	Initial    time.Duration
	Max        time.Duration
	Multiplier float64
	Jitter     float64
	// MaxElapsed is the default total cap (0: none).
	MaxElapsed time.Duration
	// Retries says which outcomes the library retries by default.
	Retries string
}

// Advice is what the rules say, in the library's terms.
type Advice struct {
	// JitterFix is the mechanical R-1 rewrite -fix offers (fixes.go);
	// nil: the library has no one-setting fix.
	JitterFix *JitterFix
	// OptionsCall names the setting whose call takes the options when it
	// is not the entry call (retry-go v5's New); -fix adds options there.
	OptionsCall string
	// Codes is the setting that lists the retried codes, for the R-4 fix
	// that removes non-retryable ones; empty: no such fix.
	Codes CodeList
	// Stop says how to stop retrying a non-retryable outcome.
	Stop string
	// StopIf overrides Stop for sites with a setting (client-go's
	// RetryOnConflict); the first that applies wins.
	StopIf []SettingHint
	// TotalCap says how to cap the retries' total time; %s is the
	// limit. Empty: the generic advice.
	TotalCap string
}

// A SettingHint is advice for sites with a setting.
type SettingHint struct{ Setting, Hint string }

// A CodeList is the setting that lists the codes a library retries.
type CodeList struct {
	// Setting is the setting's name (WithCodes, OnCodes).
	Setting string
	// Literal is true when the codes are one slice literal argument
	// (gax OnCodes([]codes.Code{...}, b)), false when they are the
	// setting's arguments (WithCodes(c1, c2)).
	Literal bool
	// Overrides are settings that decide besides the list; with one of
	// them present the list is not all there is.
	Overrides []string
}

// A BoundTable says how a library's settings bound its attempts. The
// model takes the first group whose last present setting decides, then
// the defaults.
type BoundTable struct {
	// Groups are tried in order: in each, the last setting (in source
	// order) among the group's counts decides the bound.
	Groups [][]Count
	// Defaults apply when no group decides: the first whose settings
	// are all present (or that has none) applies.
	Defaults []DefaultBound
	// Caller, when set, says what a configuration the site takes whole
	// from a parameter of its function (the caller's, which the model
	// cannot see) may be: each way the library itself makes one, with
	// the bound it gives. The site's bound is each of them in turn, and
	// a rule speaks only when every one breaks its range.
	Caller *CallerConfig
}

// A CallerConfig is what a library's configuration handed in by the
// caller may be, in the library's own terms (BoundTable.Caller).
type CallerConfig struct {
	// Type is the configuration's type, declared in one of the
	// library's packages ("Config"); a parameter of that type, or a
	// pointer to it, is the caller's configuration.
	Type string
	// Makes are the library's ways of making one (its zero value, the
	// defaults of the flags it registers), each a Fixed or Unbounded
	// bound; Counted and Unbounded say what the way does, briefly
	// ("none at its zero value", "9 retries at its flag default"), for a
	// message that names them all.
	Makes []DefaultBound
}

// A Count is a setting that sets or fixes the attempt bound.
type Count struct {
	// Setting is the setting's name (an option, a setter, a field).
	Setting string
	// Arg is the index of the count among the setting's arguments.
	Arg int
	// Attempts is true when the count is attempts (else retries).
	Attempts bool
	// ZeroUnbounded is true when 0 means no limit.
	ZeroUnbounded bool
	// NonPositive, when set, is the bound a count <= 0 stands for
	// (aws: 0 means the default 3 attempts); %d is the count, %s the
	// setting.
	NonPositive *Fixed
	// Fixed, when set, is the bound the setting stands for whatever its
	// arguments (DefaultRetry, StopBackOff).
	Fixed *Fixed
	// Unbounded, when set, means the setting retries forever; it is the
	// reason, with %s for the library's name.
	Unbounded string
}

// Fixed is a known number of retries and how it is counted.
type Fixed struct {
	Retries int
	Counted string
}

// A DefaultBound is the bound a site has when no count decides.
type DefaultBound struct {
	// If are settings that must all be present.
	If []string
	// IfAny are settings of which one must be present.
	IfAny []string
	// PackageCall is true when the site must be a lone package-level
	// call (retryablehttp.Get on the default client).
	PackageCall bool
	// NotOpaque is true when the default holds only if the model sees
	// the whole configuration; otherwise the bound is unknown.
	NotOpaque bool
	// Fixed is the bound; Unbounded the reason when it is unbounded
	// (%s: the library's name). Neither: unknown.
	Fixed     *Fixed
	Unbounded string
}

// All returns every table.
func All() []*Library { return all }

var all = []*Library{
	CenkaltiV4, CenkaltiV5, RetryGoV4, RetryGoV5, RetryableHTTP, Sethvargo,
	Failsafe, K8sWait, K8sPoll, K8sRetry, K8sBackoffManager, RestyV2, RestyV3, GRPCConfig, GRPCMwV1,
	GRPCMwV2, AWS, Gax, Reference, Dskit,
}

// register adds a table to All: a table file declares its library as
// var X = register(&Library{...}), with no line to add here (package
// variables are initialised before init reads all).
func register(l *Library) *Library {
	all = append(all, l)
	return l
}

var (
	entries  = map[string]*entryRef{}
	packages = map[string]bool{}
)

type entryRef struct {
	lib *Library
	e   Entry
}

func init() {
	for _, l := range all {
		for _, e := range l.Entries {
			k := e.Key(l)
			if _, dup := entries[k]; dup {
				continue // the first table wins; TestTables reports it
			}
			entries[k] = &entryRef{l, e}
			p := k[:strings.LastIndexByte(k, '/')+1]
			rest := k[len(p):]
			packages[p+rest[:strings.IndexByte(rest, '.')]] = true
		}
	}
}

// Lookup returns the table and entry of a function named by key
// ("path.Name" or "path.Type.Method").
func Lookup(key string) (*Library, Entry, bool) {
	r, ok := entries[key]
	if !ok {
		return nil, Entry{}, false
	}
	return r.lib, r.e, true
}

// Has reports whether pkg is one of the library's packages.
func (l *Library) Has(pkg string) bool {
	return slices.Contains(l.Paths, pkg)
}
