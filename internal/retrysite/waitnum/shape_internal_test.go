package waitnum

import (
	"testing"
	"time"
)

// samples returns n waits computed by f(attempt), marked random when rnd.
func samples(n int, rnd bool, f func(k int) time.Duration) []nval {
	res := make([]nval, n)
	for k := range res {
		res[k] = nval{v: float64(f(k)), ok: true, rnd: rnd, vary: true}
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
	for _, tc := range []struct {
		name        string
		lo, mid, hi []nval
		want        Shape
		wantRatio   float64
	}{
		{"fixed", samples(samplesN, false, fixed), samples(samplesN, false, fixed), samples(samplesN, false, fixed), ShapeConstant, 0},
		{"exponential", samples(samplesN, false, exp), samples(samplesN, false, exp), samples(samplesN, false, exp), ShapeExponential, 2},
		{"full jitter", samples(samplesN, true, zero), samples(samplesN, true, half), samples(samplesN, true, exp), ShapeFullJitter, 0},
		{"equal jitter", samples(samplesN, true, half), samples(samplesN, true, func(k int) time.Duration { return exp(k) * 3 / 4 }), samples(samplesN, true, exp), ShapeEqualJitter, 0},
		{"no sample", nil, nil, nil, ShapeUnknown, 0},
		{"unknown", []nval{{}}, []nval{{ok: true, v: 1}}, []nval{{ok: true, v: 1}}, ShapeUnknown, 0},
	} {
		ws := classifyWait(tc.lo, tc.mid, tc.hi)
		if ws.shape != tc.want {
			t.Errorf("%s: shape %v, want %v", tc.name, ws.shape, tc.want)
			continue
		}
		if tc.wantRatio != 0 && ws.ratio != tc.wantRatio {
			t.Errorf("%s: ratio %v, want %v", tc.name, ws.ratio, tc.wantRatio)
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
