package caller

import (
	"net/http"
	"time"

	"example.com/depmod/statuses"
)

// A loop that goes round on the statuses a dependency's predicate names:
// read from its source, the predicate answers false for a 200, so the
// success leaves and the loop is a retry of the 502-504 (and 429 when
// the unknown setting says so).

type feed struct {
	hc              *http.Client
	ignoreRateLimit bool
}

func (f *feed) fetch(url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := f.hc.Get(url)
		if err != nil {
			return nil, err
		}
		if !statuses.Should(resp.StatusCode, !f.ignoreRateLimit) {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(2 * time.Second) // want `R-1: retry of f\.hc\.Get \(GET\) waits a fixed 2s between attempts`
	}
	return nil, http.ErrHandlerTimeout
}

// Must not flag: the same loop goes round on every status (a poll of a
// feed until it changes), so a success comes back: no retry.
func (f *feed) poll(url string, seen string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := f.hc.Get(url)
		if err != nil {
			return nil, err
		}
		if !statuses.Should(resp.StatusCode, true) && resp.Header.Get("ETag") != seen {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(2 * time.Second)
	}
	return nil, http.ErrHandlerTimeout
}
