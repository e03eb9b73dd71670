package a

import (
	"errors"
	"net/http"
	"time"
)

// With no context and no total cap, the waits of a known count add up
// to the least the retry takes: each wait as the model computes it, so a
// doubling wait sums its growth, not its first value.

func doublingOverCap(c *http.Client) error {
	for i := 0; i < 6; i++ { // want `R-3: retry of c\.Get \(GET\) can take waits 1s\+2s\+4s\+8s\+16s = 31s > the 30s cap`
		resp, err := c.Get("https://api.example.com/")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

// Must not flag: three retries doubling from 1s wait 7s in all.
func doublingUnderCap(c *http.Client) error {
	for i := 0; i < 4; i++ {
		resp, err := c.Get("https://api.example.com/")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}
