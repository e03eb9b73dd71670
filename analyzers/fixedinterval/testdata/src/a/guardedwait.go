package a

import (
	"net/http"
	"time"
)

// A loop that waits first, from its second attempt on, and goes round
// through `if err != nil { continue }` (waitnum waits_next.go): the wait
// is sampled over the attempts that pass it.

func guardedFixed(c *http.Client, pause time.Duration) error {
	for i := 0; i < 3; i++ {
		if i > 0 {
			time.Sleep(pause) // want `R-1.*fixed interval \(pause\)`
		}
		resp, err := c.Get("https://api.example.com/guarded")
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return nil
}

// The same loop whose wait doubles: no fixed interval (it is reported
// for its missing jitter, not as fixed).
func guardedDoubling(c *http.Client) error {
	for i := 0; i < 3; i++ {
		if i > 0 {
			time.Sleep(time.Second << i) // want `R-1.*doubl`
		}
		resp, err := c.Get("https://api.example.com/guarded")
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return nil
}
