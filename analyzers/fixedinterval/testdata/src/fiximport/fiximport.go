// The file does not import math/rand/v2: the fix adds it.
package fiximport

import (
	"net/http"
	"time"
)

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

func fixed() error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `R-1: retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
	return err
}
