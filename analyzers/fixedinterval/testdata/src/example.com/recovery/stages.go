package recovery

import (
	"errors"
	"math/rand"
	"net"
	"net/http"
	"time"
)

type Topology interface {
	Recover(c *Conn) error
}

// recoverStages re-dials, then re-opens every session, then recovers the
// topology; each stage that fails goes round again through the one wait
// at the top. The walk from the last stage back to it passes that wait
// once per round: it is one wait, and the site's.
func (c *Conn) recoverStages(cancel chan struct{}, sessions []string, topo Topology) error {
	var err error
	for i := 0; i < c.MaxRetryCount(); i++ {
		jitter := time.Duration(rand.Intn(500)) * time.Millisecond
		select {
		case <-cancel:
			return errors.New("closed")
		case <-time.After(c.RetryInterval() + jitter): // want `R-1: retry of topo.Recover waits a fixed 5s to 5.5s`
		}
		c.conn, err = net.Dial("tcp", c.addr)
		if err != nil {
			continue
		}
		var res *http.Response
		res, err = http.Get("http://" + c.addr + "/open")
		if err != nil {
			c.conn.Close()
			continue
		}
		res.Body.Close()
		for _, s := range sessions {
			if _, err = http.Get("http://" + c.addr + "/session/" + s); err != nil {
				break
			}
		}
		if err != nil {
			c.conn.Close()
			continue
		}
		res, err = http.Get("http://" + c.addr + "/confirm")
		if err != nil {
			c.conn.Close()
			continue
		}
		res.Body.Close()
		if err = topo.Recover(c); err != nil {
			c.conn.Close()
			continue
		}
		return nil
	}
	return err
}
