// Package mirrors sends a request to a host and its mirrors: a loop over
// the hosts whose index goes back to the first once past the last tries
// them again in rounds, a retry (bounded by its count); one that stops
// at the end of the list tries each host once, a failover.
package mirrors

import (
	"errors"
	"net/http"
	"slices"
	"time"
)

var errAll = errors.New("all hosts failed")

type Client struct {
	hc    *http.Client
	hosts []string
}

// rounds retries every error of the send, a certificate error included.
func (c *Client) rounds(path string) (*http.Response, error) {
	hosts := slices.Clone(c.hosts)
	cur, tries := 0, 0
	for { // want `R-9: retry of c.hc.Get \(GET\) retries every error, TLS certificate errors included; surface them at once`
		if len(hosts) == 0 {
			return nil, errAll
		}
		if cur >= len(hosts) {
			cur = 0
		}
		h := hosts[cur]
		if tries > 3 {
			return nil, errAll
		}
		tries++
		drop := false
		loopErr := func() error {
			time.Sleep(time.Duration(tries) * 100 * time.Millisecond)
			resp, err := c.hc.Get("https://" + h + path)
			if err != nil {
				return err
			}
			resp.Body.Close()
			drop = resp.StatusCode == http.StatusNotFound
			return errors.New("status")
		}()
		if loopErr == nil {
			return nil, nil
		}
		if drop {
			hosts = slices.Delete(hosts, cur, cur+1)
		} else {
			cur++
		}
	}
}

// once tries each host once: failover over a list, not a retry.
func (c *Client) once(path string) (*http.Response, error) {
	hosts := slices.Clone(c.hosts)
	cur := 0
	for {
		if cur >= len(hosts) {
			return nil, errAll
		}
		h := hosts[cur]
		resp, err := c.hc.Get("https://" + h + path)
		if err == nil {
			return resp, nil
		}
		cur++
	}
}
