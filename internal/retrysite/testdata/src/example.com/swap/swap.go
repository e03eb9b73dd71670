// Package swap holds compare-and-swap loops (swap.go): a conflict (the
// CAS's false with a nil error) is the attempt's failure, so a loop that
// reads, computes and swaps again after a conflict or an error retries
// the write; an in-memory CAS, a loop over keys and a loop that stops at
// the first conflict are not retries.
package swap

import (
	"math/rand"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// store is the package's interface to a key-value store, with one
// implementation over HTTP.
type store interface {
	CAS(key string, value []byte, index uint64) (bool, error)
	Read(key string) ([]byte, uint64, error)
}

type httpStore struct{ hc *http.Client }

func (h httpStore) CAS(key string, value []byte, index uint64) (bool, error) {
	resp, err := h.hc.Post("https://kv.example.com/"+key+"?cas="+strconv.FormatUint(index, 10), "application/octet-stream", nil)
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	return resp.StatusCode == http.StatusOK, nil
}

func (h httpStore) Read(key string) ([]byte, uint64, error) {
	resp, err := h.hc.Get("https://kv.example.com/" + key)
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	return nil, uint64(resp.ContentLength), nil
}

type Client struct {
	kv    store
	delay time.Duration
}

// casFixed reads, computes and swaps again after an error or a conflict,
// ten times, after a pause drawn once before the loop: the same pause
// every attempt, a fixed interval.
func (c *Client) casFixed(key string, f func([]byte) ([]byte, bool, error)) error {
	pause := time.Duration(0)
	if c.delay > 0 {
		pause = time.Duration(rand.Int63n(c.delay.Nanoseconds()))
	}
	index := uint64(0)
	// The guard on the pause reads a local no loop changes: no counter
	// (interp fixedlocal.go).
	for i := 0; i < 10; i++ { // want `loop ctx=sync retries=9`
		if i > 0 && pause > 0 {
			time.Sleep(pause) // want `R-1.*fixed interval \(pause\)`
		}
		cur, idx, err := c.kv.Read(key)
		if err != nil {
			continue
		}
		index = idx
		out, retry, err := f(cur)
		if err != nil {
			if !retry {
				return err
			}
			continue
		}
		ok, err := c.kv.CAS(key, out, index)
		if err != nil {
			continue
		}
		if !ok {
			continue
		}
		return nil
	}
	return nil
}

// casOnce stops at the first conflict: a conflict is returned, an error
// is retried at once three times.
func (c *Client) casOnce(key string, value []byte) error {
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2` `R-1.*retries at once`
		ok, err := c.kv.CAS(key, value, 0)
		if err != nil {
			continue
		}
		if !ok {
			return errConflict
		}
		return nil
	}
	return errConflict
}

var errConflict = &conflictError{}

type conflictError struct{}

func (*conflictError) Error() string { return "conflict" }

// casEach swaps one key after another: a loop over keys, not a retry.
func (c *Client) casEach(keys []string, value []byte) {
	for _, k := range keys {
		ok, err := c.kv.CAS(k, value, 0)
		if err != nil || !ok {
			time.Sleep(time.Second)
			continue
		}
	}
}

// memStore is an in-memory store: its CAS crosses no boundary.
type memStore struct {
	mu    sync.Mutex
	items map[string][]byte
	index map[string]uint64
}

func (m *memStore) CAS(key string, value []byte, index uint64) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.index[key] != index {
		return false, nil
	}
	m.items[key] = value
	m.index[key]++
	return true, nil
}

// casMemory spins on an in-memory CAS: local work, not a retry.
func casMemory(m *memStore, key string, value []byte) {
	for {
		ok, err := m.CAS(key, value, m.index[key])
		if err == nil && ok {
			return
		}
		time.Sleep(time.Second)
	}
}
