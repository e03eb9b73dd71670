package knowledge

import (
	"strings"
	"time"
)

// restySend are resty's Request methods that send: a call of one is a
// site when the client or request has retries switched on.
var restySend = []string{"Get", "Post", "Put", "Patch", "Delete", "Head", "Options", "Execute", "Send", "Trace"}

func restyEntries() []Entry {
	var es []Entry
	for _, m := range restySend {
		es = append(es, sends(Method("Request."+m, -1), SendsCall))
	}
	return es
}

// go-resty v2: client.R().SetRetryCount(n).Get(url), or the count on
// the client. github.com/go-resty/resty/v2@v2.17.2/retry.go:18-19
// (defaultWaitTime 100ms, defaultMaxWaitTime 2s) and client.go:1459;
// RetryCount 0: no retries.
var RestyV2 = resty("resty/v2", "github.com/go-resty/resty/v2", "v2.17.2", true, "errors only (v2), unless retry conditions are added",
	// github.com/go-resty/resty/v2@v2.17.2/client.go:708: SetRetryCount
	// sets Client.RetryCount, copied into every request the client makes
	// (request.go:1047-1068: Execute retries r.client.RetryCount times).
	keptCount(Method("Client.SetRetryCount", -1)))

// resty v3 (resty.dev/v3). resty.dev/v3@v3.0.0-rc.4/retry.go
// (defaultWaitTime 100ms, defaultMaxWaitTime 2s); RetryCount 0: no
// retries. POST and PATCH are retried only with
// SetRetryAllowNonIdempotent(true) (retry.go).
var RestyV3 = func() *Library {
	l := resty("resty/v3", "resty.dev/v3", "v3.0.0-rc.4", false, "errors, 429 and 5xx (v3's default conditions) on idempotent methods")
	l.IdempotentOnly, l.AllowNonIdempotent = true, []string{"SetRetryAllowNonIdempotent", "IsRetryAllowNonIdempotent"}
	return l
}()

// resty is the table of either major: the same request methods, settings
// and waits (v2's SetRetryAfter aside).
func resty(name, path, version string, v2 bool, retries string, more ...Entry) *Library {
	return &Library{
		Name:      name,
		Module:    path,
		Versions:  version,
		Paths:     []string{path},
		Waits:     restyWaits(v2),
		Outcomes:  restyOutcomes,
		Timeouts:  restyTimeouts,
		Requests:  restyRequests,
		Entries:   append(restyEntries(), more...),
		EnabledBy: "SetRetryCount",
		Bound:     restyBound,
		Defaults: Defaults{
			Initial:    100 * time.Millisecond,
			Max:        2 * time.Second,
			Multiplier: 2,
			Jitter:     0.5,
			Retries:    retries,
		},
		Advice: restyAdvice,
	}
}

func keptCount(e Entry) Entry { e.KeptCount = true; return e }

var restyBound = BoundTable{Groups: [][]Count{{{Setting: "SetRetryCount"}}}}

var restyAdvice = Advice{
	Stop:     "make the retry conditions return false for them",
	TotalCap: "SetContext with a context from context.WithTimeout(ctx, %s)",
}

// restyWaits (SpreadWaits): resty's built-in backoff waits half of
// min(max, min×2^attempt) plus a random draw of the other half (equal
// jitter), from SetRetryWaitTime and SetRetryMaxWaitTime (100ms and 2s;
// <= 0 means the default) (github.com/go-resty/resty/v2@v2.17.2/retry.go
// backoff, resty.dev/v3@v3.0.0-rc.4/retry.go).
// SetRetryDelayStrategy(RetryConstantDelayStrategy(d)) (v3) waits d; any
// other strategy, and v2's SetRetryAfter function, are unknown (v2's
// SetRetryAfter takes priority over the rest).
func restyWaits(v2 bool) *WaitVocab {
	v := &WaitVocab{
		Model:              SpreadWaits,
		AnyOrder:           true,
		FirstKindWins:      true,
		NonPositiveDefault: true,
		Base:               []string{"SetRetryWaitTime"},
		Cap:                []string{"SetRetryMaxWaitTime"},
		Funcs: &WaitFuncs{
			Setting: []string{"SetRetryDelayStrategy"},
			Kinds:   map[string]WaitKind{"RetryConstantDelayStrategy": {Shape: KindConstant, Label: "RetryConstantDelayStrategy", BaseArg: Arg(0)}},
		},
		Default: &WaitKind{Shape: KindEqualJitter, TableDefaults: true, At: AtSite,
			Desc: "equal jitter: waits at least half of the backoff, which {grows} (resty's built-in backoff)"},
	}
	if v2 {
		v.Kinds = []WaitKind{{Setting: "SetRetryAfter", Shape: KindUnknown}}
	}
	return v
}

// restyOutcomes: the retry conditions are ORed; with none resty retries
// errors only (v2@v2.17.2/retry.go, request.go).
var restyOutcomes = &OutcomeVocab{
	Model: DecidedOutcomes,
	Predicates: []PredicateSetting{{Setting: "AddRetryCondition", Or: true}, {Setting: "AddRetryConditions", Or: true},
		{Setting: "SetRetryConditions", Or: true}, {Setting: "RetryConditions", Or: true}},
	Families:         []OutcomeFamily{FamilyHTTP},
	DefaultDesc:      "resty retries errors only",
	DefaultAnyConfig: true,
}

// restyTimeouts: no time limit; the request's SetContext stops it. The
// client New() makes has no attempt timeout, and SetTimeout gives it one:
//
//   - v2: New builds an http.Client{Jar} with no Timeout
//     (github.com/go-resty/resty/v2@v2.17.2/resty.go:20-25); createClient
//     gives it a transport with a 30s dial and a 10s TLS handshake timeout
//     but no ResponseHeaderTimeout (client.go:1449-1452,
//     transport.go:17-35): a server that accepts and never answers holds
//     the attempt. SetTimeout sets the http.Client's Timeout, which times
//     each attempt (client.go:662-663).
//   - v3: New is NewWithDialerAndTransportSettings(nil, nil), an
//     http.Client{Jar, Transport} with no Timeout
//     (resty.dev/v3@v3.0.0-rc.4/resty.go:26-28, 56-61), its transport's
//     ResponseHeaderTimeout set only from TransportSettings
//     (resty.go:139-141). Client.SetTimeout (client.go:1304-1307), copied
//     into each request by R (client.go:736), and Request.SetTimeout
//     (request.go:1049-1051) time each attempt with context.WithTimeout
//     (client.go:2490, request.go:1910-1920), unless the request's context
//     has a deadline already.
//
// NewWithClient's http.Client decides. Waits are at most
// min(RetryMaxWaitTime, RetryWaitTime×2^n), 100ms and 2s by default
// (retry.go:18-19), unless Retry-After, a delay strategy or a condition
// changes them.
var restyTimeouts = &TimeoutVocab{
	Context: []ContextRule{{Setting: "SetContext"}, {Background: "the request has no SetContext"}},
	Caps:    []CapRule{{Absent: "{lib} has no time limit of its own"}},
	Client: &ClientTimeout{
		Timeout: []string{"SetTimeout"}, Client: []string{"NewWithClient"}, Default: []string{"New"},
		NoTimeout: "the resty client has no SetTimeout (resty.New's http.Client has no Timeout)",
		Fix:       "; set one with SetTimeout",
	},
	Worst: &WorstWaits{Base: "SetRetryWaitTime", Cap: "SetRetryMaxWaitTime", Exact: true,
		InexactIf: []string{"SetRetryAfter", "SetRetryDelayStrategy", "AddRetryCondition"}},
}

// restyRequests: a Request is a builder: its setters set the method and
// headers, its Get ... Trace send with that method, Execute(method, url)
// with its argument, Send with the method SetMethod gave; Client.R() and
// Client.NewRequest() make one that carries the client's headers and
// hooks (github.com/go-resty/resty/v2@v2.17.2/request.go, client.go;
// resty.dev/v3@v3.0.0-rc.4 likewise).
var restyRequests = &RequestVocab{
	Builder:      "Request",
	Senders:      []string{"Request"},
	Responses:    true,
	BuilderSends: restyBuilderSends(),
	Client:       "Client",
	NewRequest:   []string{"R", "NewRequest"},
	Sets: map[string]RequestSet{
		"SetHeader": SetsHeader, "SetHeaderVerbatim": SetsHeader,
		"SetHeaders": SetsHeaders, "SetHeaderMultiValues": SetsHeaders,
		"SetMethod": SetsMethod,
		// Middlewares may set headers on every attempt.
		"OnBeforeRequest": SetsHook, "SetPreRequestHook": SetsHook,
		"AddRequestMiddleware": SetsHook, "SetRequestMiddlewares": SetsHook,
	},
}

func restyBuilderSends() map[string]BuilderSend {
	m := map[string]BuilderSend{}
	for _, name := range restySend {
		switch name {
		case "Execute":
			m[name] = BuilderSend{MethodArg: 0}
		case "Send":
			m[name] = BuilderSend{MethodArg: NoArg}
		default:
			m[name] = BuilderSend{Method: strings.ToUpper(name), MethodArg: NoArg}
		}
	}
	return m
}
