package waitstate

import (
	"math/rand"
	"net/http"
	"time"
)

// A full draw under a ceiling that grows linearly: the draws already
// reach zero, so the hint asks for the exponential ceiling, not jitter.

func linearFullDraw(c *http.Client) {
	for retry := 0; retry < 3; retry++ {
		resp, err := c.Get("https://api.example.com/things")
		if err == nil {
			resp.Body.Close()
			return
		}
		sleep := float64(retry+2) * rand.Float64()
		time.Sleep(time.Duration(sleep * float64(time.Second))) // want `R-1: retry of c\.Get \(GET\): its wait grows linearly by 1s per attempt, with jitter; use exponential backoff$`
	}
}

// Exponential without jitter: the hint asks for the jitter.
func doublingNoDraw(c *http.Client) {
	for retry := 0; retry < 3; retry++ {
		resp, err := c.Get("https://api.example.com/things")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Second << retry) // want `R-1: retry of c\.Get \(GET\): its wait doubles from 1s without jitter; use .*full jitter$`
	}
}
