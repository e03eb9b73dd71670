package timeouts

import (
	"slices"
	"testing"
	"time"
)

func TestWorstCase(t *testing.T) {
	for _, tc := range []struct {
		attempts int
		timeout  time.Duration
		w        waitsFact
		want     time.Duration
		calc     string
		exact    bool
	}{
		{3, 10 * time.Second, waitsFact{per: time.Second, exact: true}, 32 * time.Second,
			"3 attempts x 10s timeout + waits 2 x 1s = 32s", true},
		{3, 10 * time.Second, waitsFact{each: []time.Duration{time.Second, 2 * time.Second}, exact: true}, 33 * time.Second,
			"3 attempts x 10s timeout + waits 1s+2s = 33s", true},
		{2, time.Minute, waitsFact{per: 5 * time.Second}, 2*time.Minute + 5*time.Second,
			"2 attempts x 1m timeout + waits 5s at least = 2m5s", false},
		{1, time.Minute, waitsFact{}, time.Minute, "1 attempt x 1m timeout (waits not counted) = 1m", false},
		{0, time.Minute, waitsFact{}, 0, "", false},
		{3, 0, waitsFact{}, 0, "", false},
	} {
		got, calc, exact := worstCase(tc.attempts, tc.timeout, tc.w)
		if got != tc.want || calc != tc.calc || exact != tc.exact {
			t.Errorf("worstCase(%d, %v, %+v) = %v, %q, %v; want %v, %q, %v", tc.attempts, tc.timeout, tc.w, got, calc, exact, tc.want, tc.calc, tc.exact)
		}
	}
}

func TestDoubling(t *testing.T) {
	got := doubling(time.Second, 5*time.Second, 5)
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 5 * time.Second, 5 * time.Second}
	if !slices.Equal(got, want) {
		t.Errorf("doubling(1s, 5s, 5) = %v, want %v", got, want)
	}
}
