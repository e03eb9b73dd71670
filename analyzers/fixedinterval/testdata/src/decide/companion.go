package decide

import (
	"bytes"
	"errors"
	"net/http"
)

// A recursion gated by the bool the operation returns beside its error
// (canRetry: a temporary error or a 429) and by its own count re-sends at
// once: the bool is what the operation said of its failure, no hidden
// state the recursion refreshes.

type transport struct {
	hc    *http.Client
	tries int
}

func (t *transport) post(b []byte) (bool, error) {
	resp, err := t.hc.Post("https://api.example.com/item", "application/json", bytes.NewReader(b))
	if err != nil {
		return true, err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return resp.StatusCode == http.StatusTooManyRequests, errors.New(resp.Status)
	}
	return false, nil
}

func (t *transport) Send(b []byte) error { return t.send(b, t.tries) }

func (t *transport) send(b []byte, left int) error { // want `R-1: recursive retry of t\.post \(POST\) retries at once`
	canRetry, err := t.post(b)
	if err != nil {
		if !canRetry || left <= 0 {
			return err
		}
		return t.send(b, left-1)
	}
	return nil
}

// Must not flag: the bool comes from another call than the operation
// (a cache's freshness check that also fails): the recursion refreshes
// state the model cannot see, once.

type store struct {
	t     *transport
	cache interface{ Check() (bool, error) }
}

func (s *store) put(b []byte) error {
	_, err := s.t.post(b)
	if err != nil {
		fresh, cerr := s.cache.Check()
		if cerr != nil || fresh {
			return err
		}
		return s.put(b)
	}
	return nil
}
