package knowledge

// Timeout vocabularies: what bounds the time of a library's retries, in
// the library's terms. A table gives its TimeoutVocab (Library.Timeouts):
// where the context the library watches comes from, which settings cap
// the total elapsed time (with the table's default MaxElapsed and what 0
// means), and, for a retrying HTTP client, which settings give each
// attempt a timeout and how long its waits can be. One interpreter reads
// every vocabulary (internal/retrysite/timeouts, timeouts_libs.go), never
// keyed by library. A table with no vocabulary is a configuration: each
// call brings the caller's context (gRPC service configs, interceptors,
// aws, gax, failsafehttp round trippers).
//
// Reasons are templates: {lib} is the library's name, {kind} the name of
// the setting that chose the CapRule with a leading "New" cut
// ("ConstantBackOff").

// A TimeoutVocab is a library's vocabulary of timeouts.
type TimeoutVocab struct {
	// Context are the rules that find the context the library watches,
	// tried in order: the first that applies decides. When none applies
	// the library watches no context.
	Context []ContextRule
	// Caps are the total-time caps. The last present setting among the
	// rules' Kinds chooses the rule; with none present, the first rule
	// with no Kinds applies (if any).
	Caps []CapRule
	// Client, when set, is how the library's HTTP client gets a
	// per-attempt timeout.
	Client *ClientTimeout
	// Worst, when set, are the longest waits between the client's
	// attempts, for the worst case of a site whose bound and attempt
	// timeout are known.
	Worst *WorstWaits
	// Attempt, when set, is the setting that gives each attempt a
	// timeout of a library that sends no HTTP itself.
	Attempt *AttemptTimeout
}

// An AttemptTimeout is the setting that times each attempt out (its
// argument 0). A configuration the model sees whole that retries (a known
// count above 0) without it has no per-attempt timeout, for the reason
// Missing, unless the package gives the setting elsewhere (per call:
// gRPC call options); Fix ends the message.
type AttemptTimeout struct {
	Settings []string
	Missing  string
	Fix      string
}

// A ContextRule says where the watched context comes from.
type ContextRule struct {
	// Entries, when set, are the names of the entry functions (without
	// type: "Do", "NewRequest") the rule applies to.
	Entries []string
	// Setting, when set, makes the rule apply only when the setting is
	// present: the context is its argument Arg.
	Setting string
	Arg     int
	// EntryArg (with FromEntry) is the index of the entry call's
	// argument that holds the context, or with Request the request
	// whose context it is; a call with fewer arguments brings the
	// caller's.
	FromEntry bool
	EntryArg  int
	Request   bool
	// PassesToOp is true when the library hands that context to the
	// operation (its first parameter, a context.Context).
	PassesToOp bool
	// Caller: each call brings the caller's context.
	Caller bool
	// Background, when set, says why the context is
	// context.Background() (the library's default).
	Background string
}

// A CapRule is a total-time cap of a kind of configuration.
type CapRule struct {
	// Kinds are the settings that choose this rule (constructors,
	// literals); empty: the rule of a site with none of the kinds.
	Kinds []string
	// Settings cap the total time, the value at argument 0 (the last
	// present decides); Desc names them in messages (the setting's name
	// when empty).
	Settings []string
	Desc     string
	// ZeroNever, when set, is the reason a value <= 0 caps nothing.
	ZeroNever string
	// Default is true when, with none of Settings, the table's
	// Defaults.MaxElapsed caps (at the kind's setting, or the call).
	Default bool
	// Absent, when set, is the reason there is no cap without Settings
	// (and no Default); with AbsentIf, only when one of those settings
	// is present.
	Absent   string
	AbsentIf []string
}

// A ClientTimeout says how a library's HTTP client times its attempts
// out. The model takes, in order: the last Timeout setting (its argument
// 0 is the attempt timeout), the last Client setting (argument 0 is an
// *http.Client), then, for a configuration it sees whole, a Default
// setting (or a lone package-level call with DefaultPackageCall) that
// makes a client with no timeout, for the reason NoTimeout.
//
// The caller's context is no attempt timeout: its deadline bounds the
// whole retry, so a hung attempt holds it to the end. A client with no
// timeout is reported under the caller's context too (Fix, the short
// advice at the end of the message: "; set one with SetTimeout").
type ClientTimeout struct {
	Timeout            []string
	Client             []string
	Default            []string
	DefaultPackageCall bool
	NoTimeout          string
	Fix                string
}

// WorstWaits are the longest waits of a retrying HTTP client: Base
// doubled up to Cap (argument 0 of each setting; the table's
// Defaults.Initial and Max without them). With Func set, a function
// given to that setting keeps them known only when it is FuncDefault.
// Exact is true when they are the longest waits exactly (no Retry-After
// header can lengthen them), unless one of InexactIf is present.
type WorstWaits struct {
	Base, Cap   string
	Func        string
	FuncDefault string
	Exact       bool
	InexactIf   []string
}

// UntimedClients are functions of other modules that return an
// *http.Client with no Timeout: a client built by one has no attempt
// timeout (github.com/hashicorp/go-cleanhttp@v0.5.2/cleanhttp.go:
// DefaultClient and DefaultPooledClient return &http.Client{Transport:
// ...} with no Timeout).
var UntimedClients = map[string]string{
	"github.com/hashicorp/go-cleanhttp.DefaultClient":       "cleanhttp.DefaultClient has no Timeout",
	"github.com/hashicorp/go-cleanhttp.DefaultPooledClient": "cleanhttp.DefaultPooledClient has no Timeout",
}
