package retry

import (
	"math"
	"net/http"
	"strings"
	"time"
)

// ParseRetryAfter parses a Retry-After header value (RFC 9110 section
// 10.2.3): either delay-seconds, a non-negative decimal integer, or an
// HTTP-date, which is measured from now. A date in the past gives 0. Huge
// numbers of seconds saturate at the largest time.Duration. It reports
// false for an empty or malformed value, which R-5 then ignores.
func ParseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.Trim(v, " \t")
	if v == "" {
		return 0, false
	}
	if isDigits(v) {
		const maxSecs = int64(math.MaxInt64 / int64(time.Second))
		var n int64
		for i := 0; i < len(v); i++ {
			n = n*10 + int64(v[i]-'0')
			if n > maxSecs {
				return time.Duration(math.MaxInt64), true
			}
		}
		return time.Duration(n) * time.Second, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	d := t.Sub(now)
	if d < 0 {
		d = 0
	}
	return d, true
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return len(s) > 0
}
