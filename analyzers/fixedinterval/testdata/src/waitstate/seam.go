package waitstate

import (
	"net/http"
	"time"
)

// A package variable that only ever holds one function of another
// package (a seam tests swap) is that function.

var (
	sleepFn = time.Sleep
	afterFn = time.After
)

func seamSleep(c *http.Client) {
	for i := 0; i < 3; i++ {
		if resp, err := c.Get("https://api.example.com/"); err == nil {
			resp.Body.Close()
			return
		}
		sleepFn(time.Second) // want `R-1: retry of c\.Get \(GET\) waits a fixed 1s between attempts`
	}
}

func seamAfter(c *http.Client) {
	for i := 0; i < 3; i++ {
		if resp, err := c.Get("https://api.example.com/"); err == nil {
			resp.Body.Close()
			return
		}
		<-afterFn(2 * time.Second) // want `R-1: retry of c\.Get \(GET\) waits a fixed 2s between attempts`
	}
}

// Must not flag: the package also puts a function of its own in the
// variable; what it waits is unknown.

var pause = time.Sleep

func usePacedSleep() { pause = pacedSleep }

func pacedSleep(d time.Duration) { time.Sleep(d / 2) }

func seamSwapped(c *http.Client) {
	for i := 0; i < 3; i++ {
		if resp, err := c.Get("https://api.example.com/"); err == nil {
			resp.Body.Close()
			return
		}
		pause(time.Second)
	}
}
