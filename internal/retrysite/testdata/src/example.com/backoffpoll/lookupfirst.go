package backoffpoll

import (
	"context"
	"io"
	"net/http"
	"time"
)

// hosts lists the fallback hosts of a cluster.
type hosts struct{ c *http.Client }

func (h *hosts) list() ([]byte, error) {
	resp, err := h.c.Get("http://cluster/hosts")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// fetchFailover retries the read with a doubling backoff; on the first
// failure it also asks once for the fallback hosts. The retry is the
// read's: the lookup comes back through the backoff only while its list
// is unknown, and it is no operation of this site (primaryOps).
func fetchFailover(ctx context.Context, c *Conn, h *hosts, topic string) ([]Partition, error) {
	var fallback []byte
	for attempt := 0; attempt < 3; attempt++ { // want `loop ctx=sync retries=2`
		ps, err := c.ReadPartitions(topic)
		if err == nil {
			return ps, nil
		}
		if fallback == nil {
			fallback, _ = h.list()
		}
		if !sleep(ctx, 100*time.Millisecond<<attempt) { // want `R-1: retry of c.ReadPartitions: its wait doubles`
			return nil, ctx.Err()
		}
	}
	return nil, errUnknown
}
