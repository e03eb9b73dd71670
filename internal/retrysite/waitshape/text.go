package waitshape

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// Float formats a factor for messages: 1.5, 2, 0.25.
func Float(f float64) string {
	s := fmt.Sprintf("%.2f", f)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

// Expo words the growth of a backoff for messages: "doubles from 1s up
// to 30s", "grows ×1.5 per attempt from 500ms".
func Expo(ratio float64, base, cap time.Duration) string {
	g := "grows ×" + Float(ratio) + " per attempt"
	if ratio == 2 {
		g = "doubles"
	}
	if base > 0 {
		g += " from " + base.String()
	}
	if cap > 0 {
		g += " up to " + cap.String()
	}
	return g
}

// Pct formats a fraction as a whole percentage: 0.25 is "25%".
func Pct(f float64) string { return fmt.Sprintf("%d%%", int(math.Round(f*100))) }
