package periodic

import (
	"net/http"
	"strconv"
	"time"
)

// A key-value client of the package: its Get sends a request, whatever
// its name says (getop.go); its cache's Get reads a map first.

type QueryOptions struct {
	Consistent bool
	WaitIndex  uint64
}

type QueryMeta struct{ LastIndex uint64 }

type KV struct {
	hc *http.Client
}

func (k *KV) Get(key string, q *QueryOptions) (string, *QueryMeta, error) {
	resp, err := k.hc.Get("https://kv.example.com/" + key + "?index=" + strconv.FormatUint(q.WaitIndex, 10))
	if err != nil {
		return "", nil, err
	}
	defer resp.Body.Close()
	return resp.Header.Get("X-Session"), &QueryMeta{}, nil
}

type cache struct {
	kv    *KV
	items map[string]string
}

// Get reads the cache and fetches on a miss: an accessor, not an
// operation.
func (c *cache) Get(key string) (string, error) {
	if v, ok := c.items[key]; ok {
		return v, nil
	}
	v, _, err := c.kv.Get(key, &QueryOptions{})
	return v, err
}

type monitor struct {
	kv        *KV
	key       string
	retries   int
	retryTime time.Duration
}

// A watch by goto: a success blocks on the next index (goto WAIT); a
// failure sets the index back to where it started and reads again after
// a fixed pause (goto RETRY): the failure path is a retry.
func (m *monitor) watch(session string) {
	opts := QueryOptions{Consistent: true}
WAIT:
	retries := m.retries
RETRY: // want `loop ctx=sync bound=\?`
	owner, meta, err := m.kv.Get(m.key, &opts)
	if err != nil {
		if retries > 0 {
			time.Sleep(m.retryTime) // want `R-1: retry of m.kv.Get \(GET\) waits a fixed interval \(m.retryTime\)`
			retries--
			opts.WaitIndex = 0
			goto RETRY
		}
		return
	}
	if owner == session {
		opts.WaitIndex = meta.LastIndex
		goto WAIT
	}
}

// The same watch whose failure goes back at once: no wait of its own, no
// retry site.
func (m *monitor) watchAtOnce(session string) {
	opts := QueryOptions{Consistent: true}
WAIT:
	owner, meta, err := m.kv.Get(m.key, &opts)
	if err != nil {
		goto WAIT
	}
	if owner == session {
		opts.WaitIndex = meta.LastIndex
		goto WAIT
	}
}

// A goto poll whose failure waits the period its success waits: the
// periodic task itself, not a retry.
func (m *monitor) pollPeriod(session string) {
	opts := QueryOptions{Consistent: true}
AGAIN:
	time.Sleep(m.retryTime)
	owner, _, err := m.kv.Get(m.key, &opts)
	if err != nil {
		goto AGAIN
	}
	if owner != session {
		goto AGAIN
	}
}

// A goto walk over keys: the failure moves on to the next key (the
// carried key changes), so nothing is run again.
func (m *monitor) walkKeys(first string) {
	key := first
	opts := QueryOptions{}
NEXT:
	next, _, err := m.kv.Get(key, &opts)
	if err != nil {
		time.Sleep(m.retryTime)
		key = next + "/"
		goto NEXT
	}
	if next != "" {
		key = next
		goto NEXT
	}
}

// A cache lookup in a loop is no operation: nothing is retried.
func (c *cache) waitFor(key string) string {
	for {
		v, err := c.Get(key)
		if err == nil {
			return v
		}
		time.Sleep(time.Second)
	}
}

// A plain retry of the package's Get, for the name rule alone.
func (m *monitor) read() (string, error) {
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		var v string
		v, _, err = m.kv.Get(m.key, &QueryOptions{})
		if err == nil {
			return v, nil
		}
		time.Sleep(time.Second) // want `R-1: retry of m.kv.Get \(GET\) waits a fixed 1s`
	}
	return "", err
}
