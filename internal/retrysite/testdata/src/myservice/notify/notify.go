// Package notify retries calls of another package of its module, whose
// path has no dot: they are operations, not the standard library's.
package notify

import (
	"time"

	"myservice/store"
)

func read(url string) error {
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		if err = store.Query(url); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `R-1: retry of store.Query waits a fixed 1s`
	}
	return err
}

// strings.ToUpper is the standard library's: no operation, no site.
func upper(s string) string {
	for i := 0; i < 3; i++ {
		if s != "" {
			break
		}
		time.Sleep(time.Second)
	}
	return s
}
