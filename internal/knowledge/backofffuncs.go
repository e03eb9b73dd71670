package knowledge

// A library's backoff functions: functions of the library a user plugs
// in as the wait of a retrying client (retryablehttp's Client.Backoff =
// retryablehttp.LinearJitterBackoff). Their schedule has one shape
// whatever bounds they are given, so a site whose wait setting holds one
// of them (directly, or through a local or a field the package defaults
// to it) waits with that shape even when the bounds, or the rest of the
// client's configuration, come from somewhere the model cannot see.

// FuncWaitShape is the schedule of a library backoff function.
type FuncWaitShape int

const (
	// FuncWaitUnknown: not a backoff function the table knows.
	FuncWaitUnknown FuncWaitShape = iota
	// FuncWaitLinear: attempt × a wait drawn between the bounds
	// (linear growth, partial jitter).
	FuncWaitLinear
	// FuncWaitExpoNoJitter: the lower bound doubled per attempt up to
	// the upper bound, no jitter.
	FuncWaitExpoNoJitter
)

// A FuncWait is one backoff function of a library.
type FuncWait struct {
	Shape FuncWaitShape
	// What is the schedule in words, for findings.
	What string
}

// BackoffFuncs says which setting of a library takes a backoff function
// (Setting, the field or method name) and the library's own functions
// for it, by name.
type BackoffFuncs struct {
	Setting string
	Funcs   map[string]FuncWait
	// KeptClient is the library's client type (in Paths[0]): a literal
	// of it that the package keeps in a field its sends cannot follow
	// (internal/retrysite/libsite keptcount.go) is a site for its count and waits.
	KeptClient string
	// Default is the function the library's constructors (the wait
	// table's DefaultIf) put in Setting: what a client the package
	// builds with one of them and never sets a function on runs.
	Default string
}

// BackoffFunc returns what the library's backoff function named name
// waits, if the table knows it.
func (l *Library) BackoffFunc(name string) (FuncWait, bool) {
	if l == nil || l.Backoffs == nil {
		return FuncWait{}, false
	}
	w, ok := l.Backoffs.Funcs[name]
	return w, ok && w.Shape != FuncWaitUnknown
}

// retryableHTTPBackoffs are go-retryablehttp's Backoff functions
// (github.com/hashicorp/go-retryablehttp@v0.7.8/client.go:551-659).
var retryableHTTPBackoffs = &BackoffFuncs{
	Setting:    "Backoff",
	KeptClient: "Client",
	// client.go:440-450: NewClient sets Backoff: DefaultBackoff.
	Default: "DefaultBackoff",
	Funcs: map[string]FuncWait{
		// client.go:551: min × 2^attemptNum capped at max, no jitter
		// (a 429/503 Retry-After aside).
		"DefaultBackoff": {FuncWaitExpoNoJitter, "doubles without jitter"},
		// client.go:619: (min + random[0, max-min)) × (attemptNum+1).
		"LinearJitterBackoff": {FuncWaitLinear, "grows linearly with partial jitter"},
		// client.go:647: the Retry-After of a 429/503, else
		// LinearJitterBackoff.
		"RateLimitLinearJitterBackoff": {FuncWaitLinear, "grows linearly with partial jitter"},
	},
}
