// Package rtcaller retries the request its RoundTrip is handed through a
// helper of another package of the module: the helper's operation lies
// in that package's files, so the R-6 finding goes to the call here, where
// the fix goes (report.Reporter keeps every finding in the package's files);
// so does the helper's wait, the caller's retry's schedule too.
package rtcaller

import (
	"net/http"

	"example.com/xmod/internal/retryx"
)

type transport struct{ base http.RoundTripper }

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	err := retryx.Do(3, func() error { // want `helper call ctx=sync retries=2` `R-6: retry helper retryx.Do of op retries whatever request it is handed, POST and PATCH included, and sends no Idempotency-Key header` `R-1: retry helper retryx.Do of op: its wait grows linearly by 100ms per attempt, without jitter; use full jitter`
		var err error
		resp, err = t.base.RoundTrip(req)
		return err
	})
	return resp, err
}
