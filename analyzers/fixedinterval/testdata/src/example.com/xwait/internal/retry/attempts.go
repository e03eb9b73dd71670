package retry

import (
	"math"
	"time"
)

// Attempts runs op up to three times, waiting 500ms x 3^(attempt-1)
// after each failure: no jitter.
func Attempts(op func(attempt int) (any, error)) (any, error) {
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		var res any
		if res, err = op(attempt); err == nil {
			return res, nil
		}
		time.Sleep(time.Duration(float64(500*time.Millisecond) * math.Pow(3, float64(attempt-1))))
	}
	return nil, err
}
