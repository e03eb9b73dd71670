package waitstate

import (
	"net/http"
	"time"
)

// A wait computed as the distance to a time taken in the attempt
// (time.Until(next), next.Sub(time.Now())) is that distance.

func sleepUntil(c *http.Client) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("https://api.example.com/")
		if err == nil {
			resp.Body.Close()
			return
		}
		next := time.Now().Add(2 * time.Second)
		time.Sleep(time.Until(next)) // want `R-1: retry of c\.Get \(GET\) waits a fixed 2s between attempts`
	}
}

func sleepSub(c *http.Client) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get("https://api.example.com/")
		if err == nil {
			resp.Body.Close()
			return
		}
		next := time.Now().Add(time.Duration(1<<i) * time.Second)
		time.Sleep(next.Sub(time.Now())) // want `R-1: retry of c\.Get \(GET\): its wait doubles from 1s without jitter`
	}
}

// A deadline set before the loop comes nearer with every attempt: the
// distance to it is not a fixed wait, but nothing draws it at random: no
// jitter, whatever the deadline.
func sleepToDeadline(c *http.Client) {
	end := time.Now().Add(30 * time.Second)
	for i := 0; i < 3; i++ {
		resp, err := c.Get("https://api.example.com/")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Until(end) / 4) // want `R-1: retry of c\.Get \(GET\) waits a delay computed with no random draw: no jitter`
	}
}
