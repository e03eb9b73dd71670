package waitshape

import (
	"testing"
	"time"

	"github.com/retrylint/retrylint/internal/retrysite/site"
)

// samplesN is the number of attempts waitnum runs.
const samplesN = 8

// samples returns n waits computed by f(attempt), marked random when rnd.
func samples(n int, rnd bool, f func(k int) time.Duration) []Num {
	res := make([]Num, n)
	for k := range res {
		res[k] = Num{V: float64(f(k)), OK: true, Rnd: rnd, Vary: true}
	}
	return res
}

// TestClassifyWait reads shapes from samples the way LoopWait gets them:
// the same attempts run with random draws at their low, middle and high
// end.
func TestClassifyWait(t *testing.T) {
	exp := func(k int) time.Duration { return min(30*time.Second, time.Second<<k) }
	fixed := func(int) time.Duration { return 2 * time.Second }
	zero := func(int) time.Duration { return 0 }
	half := func(k int) time.Duration { return exp(k) / 2 }
	// delay += 2^(k+1) s, capped at 60s: 2, 6, 14, 30, 60s (adal's
	// retryForIMDS).
	summed := func(k int) time.Duration { return min(60*time.Second, (time.Second<<(k+2))-2*time.Second) }
	square := func(k int) time.Duration { return time.Duration((k+1)*(k+1)) * 100 * time.Millisecond }
	for _, tc := range []struct {
		name        string
		lo, mid, hi []Num
		want        site.Shape
		wantRatio   float64
	}{
		{"fixed", samples(samplesN, false, fixed), samples(samplesN, false, fixed), samples(samplesN, false, fixed), site.ShapeConstant, 0},
		{"exponential", samples(samplesN, false, exp), samples(samplesN, false, exp), samples(samplesN, false, exp), site.ShapeExponential, 2},
		{"geometric sum", samples(samplesN, false, summed), samples(samplesN, false, summed), samples(samplesN, false, summed), site.ShapeExponential, 2},
		{"polynomial", samples(samplesN, false, square), samples(samplesN, false, square), samples(samplesN, false, square), site.ShapePolynomial, 0},
		{"full jitter", samples(samplesN, true, zero), samples(samplesN, true, half), samples(samplesN, true, exp), site.ShapeFullJitter, 0},
		{"equal jitter", samples(samplesN, true, half), samples(samplesN, true, func(k int) time.Duration { return exp(k) * 3 / 4 }), samples(samplesN, true, exp), site.ShapeEqualJitter, 0},
		{"no sample", nil, nil, nil, site.ShapeUnknown, 0},
		{"unknown", []Num{{}}, []Num{{OK: true, V: 1}}, []Num{{OK: true, V: 1}}, site.ShapeUnknown, 0},
	} {
		ws := Classify(tc.lo, tc.mid, tc.hi)
		if ws.Shape != tc.want {
			t.Errorf("%s: shape %v, want %v", tc.name, ws.Shape, tc.want)
			continue
		}
		if tc.wantRatio != 0 && ws.Ratio != tc.wantRatio {
			t.Errorf("%s: ratio %v, want %v", tc.name, ws.Ratio, tc.wantRatio)
		}
	}
}

func TestFloat(t *testing.T) {
	for f, want := range map[float64]string{1.5: "1.5", 2: "2", 0.25: "0.25", 1.0 / 3: "0.33"} {
		if got := Float(f); got != want {
			t.Errorf("Float(%v) = %q, want %q", f, got, want)
		}
	}
}
