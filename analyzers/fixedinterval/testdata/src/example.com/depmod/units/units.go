// Package units converts numbers to durations. No package that calls
// depmod/backoff imports it: it is read from source only because
// backoff, read from source, does.
package units

import "time"

// Seconds returns s seconds as a duration.
func Seconds(s float64) time.Duration {
	return time.Duration(s * float64(time.Second))
}
