package report_test

import (
	"testing"
	"time"

	"github.com/retrylint/retrylint/internal/retrysite/report"
)

func TestFormatDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		15 * time.Minute:            "15m",
		time.Hour:                   "1h",
		90 * time.Minute:            "1h30m",
		1500 * time.Millisecond:     "1.5s",
		2*time.Minute + time.Second: "2m1s",
	} {
		if got := report.FormatDuration(d); got != want {
			t.Errorf("FormatDuration(%v) = %q, want %q", d, got, want)
		}
	}
}
