package waitstate

import (
	"encoding/json"
	"io"
	"net/http"
	"time"
)

// A wait decoded from the response (a 429's retry_after) is what the
// call that fills it writes on every attempt, not a fixed interval: it
// is not reported as one. The 502 path, which goes back at once, is.

type tooMany struct {
	RetryAfter time.Duration `json:"retry_after"`
}

type restClient struct {
	c   *http.Client
	max int
}

func (s *restClient) request(req *http.Request, seq int) ([]byte, error) { // want `R-1: recursive retry of s\.c\.Do retries at once after some failures`
	resp, err := s.c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	switch resp.StatusCode {
	case http.StatusOK:
		return body, nil
	case http.StatusBadGateway:
		if seq < s.max {
			return s.request(req, seq+1)
		}
		return nil, io.EOF
	case http.StatusTooManyRequests:
		rl := tooMany{}
		if err := json.Unmarshal(body, &rl); err != nil {
			return nil, err
		}
		time.Sleep(rl.RetryAfter)
		return s.request(req, seq)
	}
	return nil, io.EOF
}

// Options applied to a local before the loop stay fixed over the
// attempts: the wait they set is a fixed interval.

type pubOpts struct{ rwait time.Duration }

type PubOpt func(*pubOpts)

func publishOpts(c *http.Client, opts ...PubOpt) error {
	o := pubOpts{rwait: 250 * time.Millisecond}
	for _, f := range opts {
		f(&o)
	}
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = c.Get("https://api.example.com/pub"); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(o.rwait) // want `R-1: retry of c\.Get \(GET\) waits a fixed`
	}
	return err
}
