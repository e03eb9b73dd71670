package a

import (
	"io"
	"log"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// A go-retryablehttp client turned into a plain *http.Client by
// StandardClient (client.go:920-924): its RoundTripper retries every
// request sent through it (roundtripper.go:37-47), with the settings of
// the client it carries. The construction is the site.

// NewClient's defaults: DefaultBackoff (no jitter), RetryMax 4, an
// HTTPClient with no Timeout.
var stdHC = retryablehttp.NewClient().StandardClient() // want `R-3: go-retryablehttp retry policy has no per-attempt timeout: go-retryablehttp.s default HTTPClient has no Timeout`

// Kept in a package var that a constructor sets as the default of a
// struct field every operation sends through (egoscale's defaultHTTPClient).
var stdDefaultHTTPClient = func() *http.Client {
	rc := retryablehttp.NewClient()
	rc.Logger = log.New(io.Discard, "", 0)
	return rc.StandardClient() // want `R-3: go-retryablehttp retry policy has no per-attempt timeout: go-retryablehttp.s default HTTPClient has no Timeout`
}()

type stdAPI struct{ hc *http.Client }

func newStdAPI() *stdAPI { return &stdAPI{hc: stdDefaultHTTPClient} }

func (a *stdAPI) get(req *http.Request) (*http.Response, error) { return a.hc.Do(req) }

// LinearJitterBackoff: attempt × a random wait in [min, max)
// (client.go:619-640) keeps a floor that grows linearly: not full jitter.
// HTTPClient.Timeout bounds each attempt.
var stdJittered = func() *http.Client {
	rc := retryablehttp.NewClient()
	rc.Backoff = retryablehttp.LinearJitterBackoff
	rc.HTTPClient.Timeout = 5 * time.Second
	return rc.StandardClient()
}()

// Must not flag: RetryMax 0 retries nothing.
var stdNoRetry = func() *http.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	return rc.StandardClient()
}()
