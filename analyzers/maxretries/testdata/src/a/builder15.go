package a

import (
	"time"

	"github.com/go-resty/resty/v2"
)

// resty's SetRetryCount in a builder chain on a client variable: each
// setter returns its receiver, so the chain configures the variable
// (linodego's configureRetries form, issue 15).
func restyBuilderChain() {
	r := resty.New()
	r.SetBaseURL("https://api.example.com").SetRetryCount(1000).SetRetryMaxWaitTime(time.Second)
	_, _ = r.R().Get("/v4/instances") // want `R-2: resty/v2 retry of r\.R\(\)\.Get \(GET\) makes SetRetryCount\(1000\) = 1000 retries, outside 1-5`
}

// Must not flag.

// A count within range in the chain.
func restyBuilderChainInRange() {
	r := resty.New()
	r.SetBaseURL("https://api.example.com").SetRetryCount(3).SetRetryMaxWaitTime(time.Second)
	_, _ = r.R().Get("/v4/instances")
}

// The chain configures another client: r has no retries.
func restyBuilderOtherClient() {
	r := resty.New()
	other := resty.New()
	other.SetBaseURL("https://api.example.com").SetRetryCount(1000)
	_, _ = r.R().Get("/v4/instances")
}
