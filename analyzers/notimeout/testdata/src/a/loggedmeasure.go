package a

import (
	"errors"
	"log"
	"net/http"
	"time"
)

// A measure of each attempt handed to a function of the package that
// only logs it ends nothing: the waits still add up past the cap.

func logDone(url string, took time.Duration) { log.Printf("%s took %v", url, took) }

func loggedMeasure(c *http.Client) error {
	for i := 0; i < 6; i++ { // want `R-3: retry of c\.Get \(GET\) can take waits 1s\+2s\+4s\+8s\+16s = 31s > the 30s cap`
		start := time.Now()
		resp, err := c.Get("https://api.example.com/")
		took := time.Since(start)
		logDone("https://api.example.com/", took)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

func tooSlow(took time.Duration) bool { return took > 20*time.Second }

// Must not flag: the measure handed to a function that compares it may
// end the retry.
func checkedMeasure(c *http.Client) error {
	start := time.Now()
	for i := 0; i < 6; i++ {
		resp, err := c.Get("https://api.example.com/")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		took := time.Since(start)
		if tooSlow(took) {
			break
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}
