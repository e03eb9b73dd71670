package waitstate

import (
	"math/rand/v2"
	"net/http"
	"time"
)

// Full jitter draws under the capped backoff: rand(0, min(cap, base*2^n)).
// A cap applied after the draw (min(cap, rand(0, base*2^n))) puts half
// the waits or more on the cap once the backoff is past twice the cap:
// clients wake up together again.

func clampAfterDraw(c *http.Client) {
	for i := 0; i < 5; i++ {
		resp, err := c.Get("https://api.example.com/")
		if err == nil {
			resp.Body.Close()
			return
		}
		d := time.Duration(rand.Int64N(int64(time.Second << i)))
		time.Sleep(min(2*time.Second, d)) // want `R-1: retry of c\.Get \(GET\) uses a random draw clamped at its cap after it is drawn`
	}
}

// Must not flag: the cap under the draw.
func clampBeforeDraw(c *http.Client) {
	for i := 0; i < 5; i++ {
		resp, err := c.Get("https://api.example.com/")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Duration(rand.Int64N(int64(min(2*time.Second, time.Second<<i)))))
	}
}
