package libsite

import (
	"cmp"
	"fmt"
	"go/ast"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/retrysite/waitshape"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file holds the interpreters of the wait models libraries share
// (knowledge.WaitModel): a table gives its vocabulary
// (knowledge.WaitVocab); the interpreter reads the settings the
// vocabulary names and words its messages from the vocabulary's
// templates. It never asks which library a site is.

// modelWaits are the interpreters, by model.
var modelWaits = map[knowledge.WaitModel]func(m *Reader, s *site.Site, v *knowledge.WaitVocab) *site.Wait{
	knowledge.SpreadWaits:   (*Reader).spreadWaits,
	knowledge.IntervalWaits: func(m *Reader, s *site.Site, _ *knowledge.WaitVocab) *site.Wait { return m.host.PollWait(s) },
}

// A waitPick is the kind a site's settings choose.
type waitPick struct {
	kind knowledge.WaitKind
	// st chose it (nil for a default); args are the kind's arguments.
	st   *site.Setting
	args []ast.Expr
	// local is a delay function of the package to run.
	local     ast.Expr
	isDefault bool
}

// waitVals are the values of a schedule and the settings that gave them.
type waitVals struct {
	base, cap, amount    time.Duration
	mult, rf             float64
	baseKnown            bool
	baseSt, multSt, rfSt *site.Setting
}

// spreadWaits reads a schedule of the SpreadWaits model.
func (m *Reader) spreadWaits(s *site.Site, v *knowledge.WaitVocab) *site.Wait {
	if l := v.Loop; l != nil {
		loop := pacedLoop(s)
		if loop == nil || !m.callsLibMethod(s.Lib, loop.Body, l.Wait) || m.callsLibMethod(s.Lib, loop.Body, l.SelfTimed...) {
			return nil
		}
	}
	p, ok := m.pickWaitKind(s, v)
	if s.Opaque || !ok {
		return m.fallbackWait(s, v)
	}
	k := p.kind
	switch k.Shape {
	case knowledge.KindNoRetry, knowledge.KindUnknown:
		return nil
	case knowledge.KindNoWait:
		return &site.Wait{Setting: p.st, Shape: site.ShapeNone, Desc: k.Desc}
	}
	vals, ok := m.waitValues(s, v, p, false)
	if !ok && p.isDefault && v.DefaultUnknown != nil {
		p.kind = *v.DefaultUnknown
		vals, ok = m.waitValues(s, v, p, true)
	}
	if !ok && k.Shape != knowledge.KindConstant {
		return m.fallbackWait(s, v)
	}
	if p.local != nil {
		return m.localWait(p, vals, v.Funcs.Local)
	}
	w := m.describeWait(s, v, p, vals, ok)
	if w != nil && p.isDefault && v.Funcs != nil && w.DefaultPos == 0 {
		// The default the package keeps unless its user gives a wait
		// function: the write under the if is where the fix goes.
		for _, u := range s.UserSettings {
			if slices.Contains(v.Funcs.Setting, u.Name) {
				w.Default, w.DefaultPos = "unless the user sets "+u.Name, u.Pos
				break
			}
		}
	}
	return w
}

// pickWaitKind returns the kind the site's settings choose: one of the
// vocabulary's kinds, a function value, or the default.
func (m *Reader) pickWaitKind(s *site.Site, v *knowledge.WaitVocab) (waitPick, bool) {
	var st *site.Setting
	for _, k := range v.Kinds {
		if c := s.Last(k.Setting); c != nil && (st == nil || !v.FirstKindWins && c.Pos > st.Pos) {
			st = c
		}
	}
	for _, k := range v.Kinds {
		if st != nil && k.Setting == st.Name {
			return waitPick{kind: k, st: st, args: st.Args}, true
		}
	}
	if f := v.Funcs; f != nil {
		if st := s.Last(f.Setting...); st != nil {
			return m.funcWaitKind(st, f)
		}
	}
	if v.Default == nil || s.Last(v.DefaultUnless...) != nil {
		return waitPick{}, false
	}
	p := waitPick{kind: *v.Default, isDefault: true}
	if len(v.DefaultIf) > 0 || v.DefaultPackageCall {
		at := s.Last(v.DefaultIf...)
		if at == nil && !(v.DefaultPackageCall && len(s.Settings) == 1 && typesx.IsPackageFunc(s.Settings[0].Obj)) {
			return waitPick{}, false
		}
		if v.DefaultAtIf {
			p.st = at
		}
	}
	return p, true
}

// funcWaitKind reads the function value given to a setting of
// knowledge.WaitFuncs: a function of another package, a call of one, a
// Combine of several, or a delay function of the package to run.
func (m *Reader) funcWaitKind(st *site.Setting, f *knowledge.WaitFuncs) (waitPick, bool) {
	p := waitPick{st: st}
	arg := st.Arg(0)
	var names []string
	if call, ok := ast.Unparen(arg).(*ast.CallExpr); ok {
		fn := typesx.Callee(m.info, call)
		if fn == nil || fn.Pkg() == m.pkg {
			return p, false
		}
		if fn.Name() != f.Combine {
			names, p.args = []string{fn.Name()}, call.Args
		}
		for _, a := range call.Args {
			if fn.Name() != f.Combine {
				break
			}
			g := m.FuncObj(a)
			if g == nil || g.Pkg() == m.pkg {
				return p, false
			}
			names = append(names, g.Name())
		}
	} else if g := m.FuncObj(arg); g != nil && g.Pkg() != m.pkg {
		names = []string{g.Name()}
	} else {
		// A delay function of the package, given the table's defaults.
		p.local, p.kind = arg, knowledge.WaitKind{TableDefaults: true}
		return p, f.Local != nil
	}
	sort.Strings(names)
	k, ok := f.Kinds[strings.Join(names, "+")]
	p.kind = k
	return p, ok
}

// waitValues reads the values of the picked kind: its own argument, else
// its own settings, else the vocabulary's (after the kind, unless
// AnyOrder), from the kind's values or the table's defaults. lenient
// reads an unknown value as 0.
func (m *Reader) waitValues(s *site.Site, v *knowledge.WaitVocab, p waitPick, lenient bool) (waitVals, bool) {
	k := p.kind
	w := waitVals{base: k.Initial, cap: k.Max, mult: k.Multiplier, rf: k.Randomization, amount: v.AmountDefault, baseKnown: true}
	d := s.Lib.Defaults
	if k.TableDefaults {
		w.base, w.cap, w.mult, w.rf = d.Initial, d.Max, d.Multiplier, d.Jitter
	}
	from := 0
	if p.st != nil && !v.AnyOrder {
		from = int(p.st.Pos)
	}
	// val reads one value into *f (a duration when dur): the argument
	// arg of the kind, else the last of names.
	val := func(arg int, names []string, dur bool, f *float64, lenient bool) (*site.Setting, bool) {
		var x ast.Expr
		var st *site.Setting
		switch {
		case arg > 0:
			if arg-1 >= len(p.args) {
				return nil, true // an argument not given keeps the kind's value
			}
			x = p.args[arg-1]
		case len(names) > 0:
			if st = s.LastAfter(from, names...); st == nil {
				return nil, true
			}
			x = st.Arg(0)
		default:
			return nil, true
		}
		var r float64
		var ok bool
		if dur {
			var dv time.Duration
			dv, ok = m.DurationValue(x)
			r = float64(dv)
		} else {
			r, ok = m.floatValue(x)
		}
		switch {
		case ok:
			*f = r
		case lenient:
			*f = 0
		}
		return st, ok || lenient
	}
	base, cap, amount := float64(w.base), float64(w.cap), float64(w.amount)
	baseNames := v.Base
	if len(k.BaseSettings) > 0 {
		baseNames = k.BaseSettings
	}
	var ok bool
	w.baseSt, ok = val(k.BaseArg, baseNames, true, &base, false)
	if !ok {
		w.baseKnown = false
		if w.baseSt, ok = val(k.BaseArg, baseNames, true, &base, lenient || v.LenientBase); !ok {
			return w, false
		}
	}
	w.base = time.Duration(base)
	if k.Shape == knowledge.KindConstant {
		return w, w.baseKnown || v.LenientBase
	}
	_, ok1 := val(k.CapArg, v.Cap, true, &cap, lenient || v.LenientCap)
	var ok2, ok3 bool
	w.multSt, ok2 = val(k.MultiplierArg, v.Multiplier, false, &w.mult, lenient)
	w.rfSt, ok3 = val(k.RandomizationArg, v.Randomization, false, &w.rf, lenient)
	_, ok4 := val(0, v.Amount, true, &amount, lenient)
	w.cap, w.amount = time.Duration(cap), time.Duration(amount)
	if v.NonPositiveDefault {
		if w.base <= 0 {
			w.base = d.Initial
		}
		if w.cap <= 0 {
			w.cap = d.Max
		}
	}
	return w, ok1 && ok2 && ok3 && ok4
}

// fallbackWait is the wait of every configuration (knowledge.WaitVocab
// Fallback), or nil.
func (m *Reader) fallbackWait(s *site.Site, v *knowledge.WaitVocab) *site.Wait {
	if v.Fallback == nil {
		return nil
	}
	return m.describeWait(s, v, waitPick{kind: *v.Fallback}, waitVals{}, true)
}

// localWait runs a delay function of the package (knowledge.LocalWait).
func (m *Reader) localWait(p waitPick, vals waitVals, l *knowledge.LocalWait) *site.Wait {
	bind := map[int]waitshape.Num{}
	if l.BindBase > 0 {
		bind[l.BindBase-1] = waitshape.Known(float64(vals.base))
	}
	if l.BindCap > 0 {
		bind[l.BindCap-1] = waitshape.Known(float64(vals.cap))
	}
	lo, mid, hi, ok := m.wnum.Samples(p.local, l.Attempt, l.Start, bind)
	if !ok {
		return nil
	}
	w := &site.Wait{Setting: p.st}
	waitshape.Classify(lo, mid, hi).Fill(w, "")
	if w.Shape == site.ShapeUnknown {
		return nil
	}
	return w
}

// newWaitText fills a vocabulary's message templates.
func newWaitText(k knowledge.WaitKind, vals waitVals, grows, what string, j time.Duration, f float64, pct int64) *strings.Replacer {
	fixed, ceiling := "a fixed interval", "a fixed ceiling"
	if vals.baseKnown {
		fixed = "a fixed " + vals.base.String()
		ceiling = fixed
	}
	from, floor := "", ""
	if vals.base > 0 {
		from = " from " + vals.base.String()
	}
	if vals.base+vals.amount > 0 {
		floor = waitshape.Pct(float64(vals.base) / float64(vals.base+vals.amount))
	}
	label := cmp.Or(k.Label, k.Setting)
	ceil := vals.amount
	if k.CapArg > 0 || k.Shape == knowledge.KindFullJitter {
		ceil = vals.cap
	}
	if k.Shape == knowledge.KindFullJitter {
		ceil = min(vals.base, vals.cap)
	}
	return strings.NewReplacer("{base}", vals.base.String(), "{cap}", vals.cap.String(),
		"{amount}", vals.amount.String(), "{ceil}", ceil.String(), "{floor}", floor, "{fixed}", fixed,
		"{ceiling}", ceiling, "{grows}", grows, "{what}", what, "{j}", j.String(), "{f}", waitshape.Float(f),
		"{p}", strconv.FormatInt(pct, 10), "{label}", label, "{from}", from)
}

// describeWait gives the wait of the picked kind and values.
func (m *Reader) describeWait(s *site.Site, v *knowledge.WaitVocab, p waitPick, vals waitVals, known bool) *site.Wait {
	k := p.kind
	at := p.st
	switch k.At {
	case knowledge.AtBase:
		at = vals.baseSt
	case knowledge.AtSite:
		at = nil
	}
	grows := waitshape.Expo(vals.mult, vals.base, vals.cap)
	if k.Grows != "" {
		grows = newWaitText(k, vals, "", "", 0, 0, 0).Replace(k.Grows)
	}
	txt := newWaitText(k, vals, grows, "", 0, 0, 0)
	w := &site.Wait{Setting: at, Base: vals.base, Cap: vals.cap}
	switch k.Shape {
	case knowledge.KindFullJitter:
		if k.FixedDesc != "" && vals.multSt != nil && vals.mult == 1 {
			return &site.Wait{Setting: vals.multSt, Shape: site.ShapeConstant, Base: min(vals.base, vals.cap), Desc: txt.Replace(k.FixedDesc)}
		}
		w.Shape, w.Desc = site.ShapeFullJitter, txt.Replace(k.Desc)
		return w
	case knowledge.KindRandom:
		desc := k.Desc
		if k.BaseArg == 0 || vals.base == 0 {
			desc = k.ZeroDesc
		}
		w.Base = vals.amount
		if k.CapArg > 0 {
			w.Base = vals.cap
		}
		w.Shape, w.Desc = site.ShapeConstant, txt.Replace(desc)
		return w
	case knowledge.KindEqualJitter:
		switch {
		case vals.base <= 0 && k.ZeroDesc != "":
			return &site.Wait{Setting: at, Shape: site.ShapeNone, Desc: txt.Replace(k.ZeroDesc)}
		case vals.cap < 2*vals.base && k.NarrowDesc != "":
			return &site.Wait{Setting: at, Shape: site.ShapeConstant, Base: vals.base, Desc: txt.Replace(k.NarrowDesc)}
		}
		w.Shape, w.Desc = site.ShapeEqualJitter, txt.Replace(k.Desc)
		return w
	case knowledge.KindLinear:
		w.Shape, w.Desc = site.ShapeLinear, txt.Replace(k.Desc)
		return w
	case knowledge.KindAddedJitter:
		if vals.mult <= 1 && k.FixedDesc != "" {
			w.Shape, w.Desc = site.ShapeConstant, txt.Replace(k.FixedDesc)
			return w
		}
		w.Shape, w.Desc = site.ShapePartialJitter, txt.Replace(k.Desc)
		if p.isDefault {
			w.Desc += v.DefaultNote
		}
		return w
	}
	return m.jitteredWait(s, v, p, vals, known, grows)
}

// jitteredWait gives the wait of a fixed or growing schedule with the
// vocabulary's randomisation or the last of its jitter settings.
func (m *Reader) jitteredWait(s *site.Site, v *knowledge.WaitVocab, p waitPick, vals waitVals, known bool, grows string) *site.Wait {
	k, st := p.kind, p.st
	label := cmp.Or(k.Label, k.Setting)
	// The jitter setting, and the values it gives.
	var jit *knowledge.WaitJitter
	var jSt *site.Setting
	for i := range v.Jitters {
		if c := s.Last(v.Jitters[i].Setting); c != nil && (jSt == nil || c.Pos > jSt.Pos) {
			jit, jSt = &v.Jitters[i], c
		}
	}
	f, jd, pct := vals.rf, time.Duration(0), int64(0)
	what := ""
	if jit != nil {
		var ok bool
		switch jit.Kind {
		case knowledge.JitterFactor:
			f, ok = m.floatValue(jSt.Arg(0))
		case knowledge.JitterPercent:
			pct, ok = m.IntValue(jSt.Arg(0))
			f = float64(min(pct, 100)) / 100
		case knowledge.JitterAbsolute:
			jd, ok = m.DurationValue(jSt.Arg(0))
		case knowledge.JitterFull:
			ok = true
		}
		if !ok {
			return nil
		}
		what = newWaitText(k, vals, grows, "", jd, f, pct).Replace(jit.What)
	}
	fixed := k.Shape == knowledge.KindConstant || vals.mult <= 1
	if k.Shape == knowledge.KindConstant && !known {
		return &site.Wait{Setting: st, Shape: site.ShapeConstant, Desc: "a fixed interval (" + label + ")"}
	}
	if k.Shape == knowledge.KindConstant && vals.base == 0 && k.ZeroDesc != "" {
		return &site.Wait{Setting: st, Shape: site.ShapeNone, Desc: k.ZeroDesc}
	}
	jAt := jSt
	if jit != nil && fixed && jit.AtKindWhenFixed {
		jAt = st
	}
	if jit != nil && (jit.Kind == knowledge.JitterAbsolute || jit.Kind == knowledge.JitterFull) {
		txt := newWaitText(k, vals, grows, what, jd, f, pct)
		if fixed {
			return &site.Wait{Setting: jAt, Shape: site.ShapeConstant, Base: vals.base, Desc: txt.Replace(jit.FixedDesc) + k.Suffix}
		}
		w := &site.Wait{Setting: jSt, Shape: site.ShapeFullJitter, Base: vals.base, Cap: vals.cap, Desc: txt.Replace(jit.GrowsDesc)}
		if jit.Kind == knowledge.JitterAbsolute {
			w.Shape = site.ShapePartialJitter
		}
		return w
	}
	if k.Shape == knowledge.KindConstant && jit == nil {
		if !vals.baseKnown {
			return &site.Wait{Setting: st, Shape: site.ShapeConstant, Desc: "a fixed interval (" + label + ")"}
		}
		return &site.Wait{Setting: st, Shape: site.ShapeConstant, Base: vals.base, Desc: "a fixed " + vals.base.String() + " (" + label + ")"}
	}
	if v.Upward {
		if k.RandomizationArg > 0 {
			vals.rfSt = st
		}
		return upwardWait(v, st, vals.rfSt, vals.base, vals.mult, vals.rf, vals.cap, label)
	}
	ratio := vals.mult
	if k.Shape == knowledge.KindConstant {
		ratio = 1
	}
	if ratio <= 0 {
		return nil
	}
	set := st
	if jit == nil {
		switch {
		case v.RandomizationWhat != "":
			what = newWaitText(k, vals, grows, "", 0, f, 0).Replace(v.RandomizationWhat)
		default:
			what = v.RandomizationName + " " + waitshape.Float(f)
			if vals.rfSt == nil && k.RandomizationArg == 0 && len(v.Randomization) > 0 {
				what = "the default " + what
			}
		}
		if vals.rfSt != nil {
			set = vals.rfSt
		}
	} else {
		set = jAt
	}
	w := spreadWait(set, grows, ratio, vals.base, vals.cap, f, what)
	if w.Shape == site.ShapeConstant && v.MultiplierName != "" {
		w.Desc += " (" + v.MultiplierName + " " + waitshape.Float(vals.mult) + ")"
	}
	if w.Shape == site.ShapeExponential && v.RandomizationName != "" {
		w.Desc += " (" + v.RandomizationName + " 0)"
	}
	if ratio <= 1 && !vals.baseKnown {
		w.Desc = strings.Replace(w.Desc, "a fixed "+vals.base.String(), "a fixed interval", 1)
	}
	w.Desc += k.Suffix
	if p.isDefault && !v.DefaultAtIf {
		w.Setting = nil
		w.Desc += v.DefaultNote
	}
	return w
}

// upwardWait classifies a backoff whose waits are the base d, growing
// ×factor up to cap, each plus up to jitter × it more (k8s
// wait.Backoff), in the vocabulary's names.
func upwardWait(v *knowledge.WaitVocab, base, jSt *site.Setting, d time.Duration, factor, jitter float64, cap time.Duration, what string) *site.Wait {
	w := &site.Wait{Setting: base, Base: d, Cap: cap}
	if d <= 0 {
		w.Shape = site.ShapeNone
		w.Desc = "no wait (" + what + " with " + v.BaseName + " 0)"
		return w
	}
	jitterNote := ""
	if jitter > 0 {
		jitterNote = fmt.Sprintf(" plus up to %s more (%s %s)", waitshape.Pct(jitter), v.RandomizationName, waitshape.Float(jitter))
	}
	if factor <= 1 {
		w.Shape = site.ShapeConstant
		w.Desc = fmt.Sprintf("a fixed %s%s (%s, %s %s)", d, jitterNote, what, v.MultiplierName, waitshape.Float(factor))
		return w
	}
	grows := waitshape.Expo(factor, d, cap)
	if jitter <= 0 {
		w.Shape = site.ShapeExponential
		w.Desc = grows + " without jitter (" + what + ", " + v.RandomizationName + " 0)"
		return w
	}
	if jSt != nil {
		w.Setting = jSt
	}
	w.Shape = site.ShapePartialJitter
	w.Desc = fmt.Sprintf("partial jitter: %s %s only adds up to %s on top of a backoff that %s (never below %s of the longest) (%s)",
		v.RandomizationName, waitshape.Float(jitter), waitshape.Pct(jitter), grows, waitshape.Pct(1/(1+jitter)), what)
	return w
}
