package knowledge

import "time"

// hashicorp/go-retryablehttp: a Client's requests retry.
var RetryableHTTP = &Library{
	Name:        "go-retryablehttp",
	Module:      "github.com/hashicorp/go-retryablehttp",
	Versions:    "v0.7.8",
	Paths:       []string{"github.com/hashicorp/go-retryablehttp"},
	Timeouts:    retryableHTTPTimeouts,
	Requests:    retryableHTTPRequests,
	MarkerCalls: true,
	Predicates:  map[string]PredicateKind{"DefaultRetryPolicy": PredHTTPDefaultPolicy, "ErrorPropagatedRetryPolicy": PredHTTPDefaultPolicy},
	Entries: []Entry{
		sends(Method("Client.Do", 0), SendsCall),
		sends(Method("Client.Get", -1), SendsCall),
		sends(Method("Client.Head", -1), SendsCall),
		sends(Method("Client.Post", -1), SendsCall),
		sends(Method("Client.PostForm", -1), SendsCall),
		sends(Method("Client.StandardClient", -1), SendsClient),
		sends(Plain("Get"), SendsCall), sends(Plain("Head"), SendsCall),
		sends(Plain("Post"), SendsCall), sends(Plain("PostForm"), SendsCall),
	},
	HeaderHooks: []string{"PrepareRetry"},
	Waits:       retryableHTTPWaits,
	// client.go: CheckRetry decides, given the response and the error;
	// DefaultRetryPolicy retries connection errors, 429 and 5xx but 501.
	Outcomes: &OutcomeVocab{Model: DecidedOutcomes, Predicates: []PredicateSetting{{Setting: "CheckRetry"}},
		Families: []OutcomeFamily{FamilyHTTP, FamilyCert}, DefaultHTTP: []int{429, 500, 502, 503, 504, 505}, DefaultDesc: "retryablehttp.DefaultRetryPolicy"},
	Backoffs: retryableHTTPBackoffs,
	Bound: BoundTable{
		Groups: [][]Count{{{Setting: "RetryMax"}}},
		Defaults: []DefaultBound{
			{If: []string{"NewClient"}, Fixed: &Fixed{4, "go-retryablehttp's default RetryMax 4 = 4 retries"}},
			// A package-level Get/Post on the default client.
			{PackageCall: true, Fixed: &Fixed{4, "go-retryablehttp's default RetryMax 4 = 4 retries"}},
			// A Client literal with no RetryMax.
			{If: []string{"Client"}, NotOpaque: true, Fixed: &Fixed{0, "RetryMax 0 = 0 retries"}},
		},
	},
	// github.com/hashicorp/go-retryablehttp@v0.7.8/client.go:49-51
	// (defaultRetryWaitMin 1s, defaultRetryWaitMax 30s, defaultRetryMax
	// 4), Backoff DefaultBackoff (exponential, Retry-After honoured),
	// CheckRetry DefaultRetryPolicy.
	Defaults: Defaults{
		Attempts:   5,
		Initial:    time.Second,
		Max:        30 * time.Second,
		Multiplier: 2,
		Retries:    "connection errors, 429 and 5xx but 501 (DefaultRetryPolicy)",
	},
	Advice: Advice{
		Stop:     "make CheckRetry return false for them",
		TotalCap: "send the request with a context from context.WithTimeout(ctx, %s) (retryablehttp.NewRequestWithContext)",
	},
}

// retryableHTTPWaits (SpreadWaits): the Backoff field takes a backoff
// function, given RetryWaitMin and RetryWaitMax (1s and 30s from
// NewClient; a package-level Get uses the default client): one of the
// library's (client.go:551-659: DefaultBackoff min×2^attempt capped at
// max, no jitter; LinearJitterBackoff and RateLimitLinearJitterBackoff
// attempt × a random wait in [min, max)), or one of the caller's, run by
// the wait interpreter with (min, max, attempt from 0). DefaultBackoff
// never adds jitter whatever its bounds, so its shape is known when the
// bounds are not.
var retryableHTTPWaits = &WaitVocab{
	Model:    SpreadWaits,
	AnyOrder: true,
	Base:     []string{"RetryWaitMin"},
	Cap:      []string{"RetryWaitMax"},
	Funcs: &WaitFuncs{
		Setting: []string{"Backoff"},
		Local:   &LocalWait{Attempt: 2, Start: 0, BindBase: Arg(0), BindCap: Arg(1)},
		Kinds: map[string]WaitKind{
			"DefaultBackoff":               {TableDefaults: true, Suffix: " (DefaultBackoff)"},
			"LinearJitterBackoff":          {Shape: KindLinear, TableDefaults: true, Desc: "grows linearly: attempt × a random wait between {base} and {cap} (LinearJitterBackoff)"},
			"RateLimitLinearJitterBackoff": {Shape: KindLinear, TableDefaults: true, Desc: "grows linearly: attempt × a random wait between {base} and {cap} (RateLimitLinearJitterBackoff)"},
		},
	},
	Default:            &WaitKind{TableDefaults: true, Suffix: " (go-retryablehttp's DefaultBackoff)"},
	DefaultIf:          []string{"NewClient"},
	DefaultPackageCall: true,
	DefaultUnknown:     &WaitKind{TableDefaults: true, Suffix: " (go-retryablehttp's DefaultBackoff; RetryWaitMin and RetryWaitMax only bound it)"},
}

// retryableHTTPTimeouts: no time limit; the request's context stops it
// (a package-level Get or a Client.Get makes a request with none). The
// HTTPClient NewClient makes (cleanhttp.DefaultPooledClient,
// github.com/hashicorp/go-cleanhttp@v0.5.2/cleanhttp.go) has no Timeout.
// DefaultBackoff waits RetryWaitMin×2^n up to RetryWaitMax (1s and 30s,
// client.go:49-51, 551-575), or as long as a 429/503 Retry-After says:
// the doubling waits are a lower bound of the worst case.
// Client.StandardClient (client.go:920-924) wraps the client in an
// *http.Client with no Timeout whose RoundTripper (roundtripper.go:37-47)
// runs Client.Do with the request's one context for every attempt: a
// deadline there caps the whole retry, and only the client's
// HTTPClient.Timeout bounds one attempt (R-3 at the StandardClient call).
var retryableHTTPTimeouts = &TimeoutVocab{
	Context: []ContextRule{
		{Entries: []string{"Do"}, FromEntry: true, EntryArg: 0, Request: true},
		{Entries: []string{"Get", "Head", "Post", "PostForm"}, Background: "its request has no context"},
		{Caller: true},
	},
	Caps: []CapRule{{Absent: "{lib} has no time limit of its own"}},
	Client: &ClientTimeout{
		Timeout: []string{"Timeout"}, Client: []string{"HTTPClient"},
		Default: []string{"NewClient", "Client"}, DefaultPackageCall: true,
		NoTimeout: "go-retryablehttp's default HTTPClient (cleanhttp.DefaultPooledClient) has no Timeout",
		Fix:       "; set HTTPClient.Timeout",
	},
	Worst: &WorstWaits{Base: "RetryWaitMin", Cap: "RetryWaitMax", Func: "Backoff", FuncDefault: "DefaultBackoff"},
}

// retryableHTTPRequests: a Client sends like net/http's, its Request
// wraps an *http.Request, and its RoundTripper retries each request
// (github.com/hashicorp/go-retryablehttp@v0.7.8/client.go,
// roundtripper.go).
var retryableHTTPRequests = &RequestVocab{
	Types:   []string{"Request"},
	Senders: []string{"Client"},
	Funcs:   clientSends("RoundTripper.RoundTrip"),
	Origins: map[string]Origin{
		"NewRequest":            MethodAt(0).Ctx(RequestNoContext, "retryablehttp.NewRequest"),
		"NewRequestWithContext": MethodAt(1).Ctx(RequestContextArg, "retryablehttp.NewRequestWithContext"),
		"FromRequest":           CopyOf(0).Ctx(RequestFrom, "retryablehttp.FromRequest"),
		"Request.WithContext":   CopyOf(RecvArg).Ctx(RequestContextArg, "retryablehttp.Request.WithContext"),
	},
}
