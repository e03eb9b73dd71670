package libread

import (
	"go/ast"
	"go/constant"
	"time"

	"github.com/retrylint/retrylint/internal/retrysite/site"
)

// GaxWait reads a gax-go Backoff: each Pause draws from [1ns, cur] and
// cur grows by Multiplier up to Max (full jitter). A Multiplier below 1
// means 2, but a Multiplier of exactly 1 never grows the ceiling: every
// wait is drawn below the same Initial, which is no backoff.
// It returns nil when a setting it needs has a value the model cannot
// read. Source: github.com/googleapis/gax-go/v2@v2.26.2/call_option.go:186-205.
func (r *Reader) GaxWait(s *site.Site) *site.Wait {
	full := &site.Wait{Kind: site.WaitLibrary, Pos: s.Pos, Shape: site.ShapeFullJitter, Desc: "full jitter (gax Backoff draws from [0, ceiling))"}
	mst := s.Last("Multiplier")
	if mst == nil {
		return full
	}
	mult, ok := r.floatValue(mst.Arg(0))
	if !ok {
		return nil
	}
	if mult != 1 {
		return full
	}
	def := s.Lib.Defaults
	init, ok1 := r.settingDur(s.Last("Initial"), 0, def.Initial)
	max, ok2 := r.settingDur(s.Last("Max"), 0, def.Max)
	if !ok1 || !ok2 {
		return nil
	}
	if init <= 0 {
		init = def.Initial
	}
	if max <= 0 {
		max = def.Max
	}
	ceil := min(init, max)
	return &site.Wait{Setting: mst, Shape: site.ShapeConstant, Base: ceil,
		Desc: "random times below a fixed " + ceil.String() + " (gax Backoff Multiplier 1 never grows the ceiling)"}
}

// settingDur returns the duration argument arg of st, or def when the
// setting is not written.
func (r *Reader) settingDur(st *site.Setting, arg int, def time.Duration) (time.Duration, bool) {
	if st == nil {
		return def, true
	}
	return r.m.DurationValue(st.Arg(arg))
}

// floatValue returns the constant value of x as a float.
func (r *Reader) floatValue(x ast.Expr) (float64, bool) {
	if x == nil {
		return 0, false
	}
	if tv, ok := r.info.Types[x]; ok && tv.Value != nil {
		f, _ := constant.Float64Val(constant.ToFloat(tv.Value))
		return f, true
	}
	return 0, false
}
