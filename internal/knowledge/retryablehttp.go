package knowledge

import "time"

// hashicorp/go-retryablehttp: a Client's requests retry.
var RetryableHTTP = &Library{
	Name:        "go-retryablehttp",
	Module:      "github.com/hashicorp/go-retryablehttp",
	Versions:    "v0.7.8",
	Paths:       []string{"github.com/hashicorp/go-retryablehttp"},
	Models:      Models{Waits: "retryablehttp", Outcomes: "retryablehttp", Timeouts: "retryablehttp", Ops: "retryablehttp"},
	MarkerCalls: true,
	Predicates:  map[string]PredicateKind{"DefaultRetryPolicy": PredRetryableHTTPDefault, "ErrorPropagatedRetryPolicy": PredRetryableHTTPDefault},
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
	Backoffs:    retryableHTTPBackoffs,
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
