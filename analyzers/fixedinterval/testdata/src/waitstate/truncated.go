package waitstate

import (
	"math/rand"
	"net/http"
	"time"
)

// A random fraction added before an integer conversion is truncated
// away: time.Duration(2^n + rand.Float64()) * time.Second is 2^n
// seconds, whatever the draw.

func truncatedDraw(c *http.Client) {
	for try := 0; try < 4; try++ {
		resp, err := c.Get("https://api.example.com/")
		if err == nil {
			resp.Body.Close()
			return
		}
		d := time.Duration(float64(int(1)<<try)+rand.Float64()) * time.Second
		if d > 30*time.Second {
			d = 30*time.Second + time.Duration(rand.Float64())*time.Second
		}
		time.Sleep(d) // want `R-1: retry of c\.Get \(GET\): its wait doubles from 1s up to 30s without jitter`
	}
}

// Must not flag: the draw scales the whole wait before the conversion,
// so it survives it (full jitter).
func scaledDraw(c *http.Client) {
	for try := 0; try < 4; try++ {
		resp, err := c.Get("https://api.example.com/")
		if err == nil {
			resp.Body.Close()
			return
		}
		d := time.Duration(float64(int(1)<<try) * rand.Float64() * float64(time.Second))
		time.Sleep(d)
	}
}
