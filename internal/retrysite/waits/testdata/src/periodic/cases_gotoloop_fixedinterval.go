package periodic

import (
	"net/http"
	"time"
)

// A watch written with goto (a consul-style lock monitor): a failed read
// is retried after a fixed pause with the index set back to where it
// started (getop.go: the package's Get sends a request).

type queryOptions struct{ waitIndex uint64 }

type kvClient struct{ hc *http.Client }

func (k *kvClient) Get(key string, q *queryOptions) (string, uint64, error) {
	resp, err := k.hc.Get("https://kv.example.com/" + key)
	if err != nil {
		return "", 0, err
	}
	defer resp.Body.Close()
	return resp.Header.Get("X-Session"), q.waitIndex + 1, nil
}

const monitorRetryTime = 2 * time.Second

func monitorLock(kv *kvClient, key, session string) {
	opts := queryOptions{}
WAIT:
	retries := 3
RETRY: // want `loop ctx=sync retries=3`
	owner, index, err := kv.Get(key, &opts)
	if err != nil {
		if retries > 0 {
			time.Sleep(monitorRetryTime) // want `R-1.*fixed 2s`
			retries--
			opts.waitIndex = 0
			goto RETRY
		}
		return
	}
	if owner == session {
		opts.waitIndex = index
		goto WAIT
	}
}

// The same watch whose failure waits the watch's own period: silent.
func monitorPeriod(kv *kvClient, key, session string) {
	opts := queryOptions{}
AGAIN:
	time.Sleep(monitorRetryTime)
	owner, _, err := kv.Get(key, &opts)
	if err != nil {
		goto AGAIN
	}
	if owner == session {
		goto AGAIN
	}
}
