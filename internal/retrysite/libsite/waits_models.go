package libsite

import (
	"fmt"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/waitnum"
)

// This file holds the interpreters of the wait models several libraries
// share (knowledge.WaitModel): a table names its model and gives its
// vocabulary (knowledge.WaitVocab); the interpreter reads the settings
// the vocabulary names and never asks which library a site is.

// modelWaits are the interpreters, by model.
var modelWaits = map[knowledge.WaitModel]func(m *Reader, s *Site, v *knowledge.WaitVocab) *Wait{
	knowledge.SpreadWaits: (*Reader).spreadWaits,
}

// spreadWaits reads a backoff of the SpreadWaits model: a base wait
// growing ×multiplier up to a cap, each wait randomised by a factor.
func (m *Reader) spreadWaits(s *Site, v *knowledge.WaitVocab) *Wait {
	var names []string
	for _, k := range v.Kinds {
		names = append(names, k.Setting)
	}
	st := s.Last(names...)
	var kind knowledge.WaitKind
	isDefault := false
	switch {
	case st != nil:
		for _, k := range v.Kinds {
			if k.Setting == st.Name {
				kind = k
				break
			}
		}
	case v.Default != nil && s.Last(v.DefaultUnless...) == nil:
		kind, isDefault = *v.Default, true
	default:
		return nil
	}
	label := kind.Label
	if label == "" {
		label = kind.Setting
	}
	switch kind.Shape {
	case knowledge.KindNoRetry:
		return nil // no retries
	case knowledge.KindNoWait:
		return &Wait{Setting: st, Shape: ShapeNone, Desc: kind.Desc}
	case knowledge.KindConstant:
		return m.constantKind(s, st, kind, label)
	}

	// The kind's values, then its arguments, then the settings after it.
	base, cap, mult, rf := kind.Initial, kind.Max, kind.Multiplier, kind.Randomization
	if kind.TableDefaults {
		d := s.Lib.Defaults
		base, cap, mult, rf = d.Initial, d.Max, d.Multiplier, d.Jitter
	}
	if st != nil {
		ok := m.kindDur(st, kind.BaseArg, &base) && m.kindDur(st, kind.CapArg, &cap) &&
			m.kindFloat(st, kind.MultiplierArg, &mult) && m.kindFloat(st, kind.RandomizationArg, &rf)
		if !ok {
			return nil
		}
	}
	from := 0
	if st != nil {
		from = int(st.Pos)
	}
	rfSt := s.LastAfter(from, v.Randomization...)
	if v.Upward {
		ok := m.afterDur(s, from, v.Base, &base) && m.afterFloat(s, from, v.Multiplier, &mult) &&
			m.afterFloat(s, from, v.Randomization, &rf) && m.afterDur(s, from, v.Cap, &cap)
		if !ok {
			return nil
		}
		jSt := rfSt
		if kind.RandomizationArg > 0 {
			jSt = st
		}
		return upwardWait(v, st, jSt, base, mult, rf, cap, label)
	}
	ok := m.afterFloat(s, from, v.Randomization, &rf) && m.afterFloat(s, from, v.Multiplier, &mult) &&
		m.afterDur(s, from, v.Base, &base) && m.afterDur(s, from, v.Cap, &cap)
	if !ok || mult <= 0 {
		return nil
	}
	what := v.RandomizationName + " " + waitnum.Float(rf)
	if rfSt == nil {
		what = "the default " + what
	}
	set := rfSt
	if set == nil {
		set = st
	}
	w := spreadWait(set, waitExpo(mult, base, cap), mult, base, cap, rf, what)
	if w.Shape == ShapeConstant && v.MultiplierName != "" {
		w.Desc += " (" + v.MultiplierName + " " + waitnum.Float(mult) + ")"
	}
	if w.Shape == ShapeExponential && v.RandomizationName != "" {
		w.Desc += " (" + v.RandomizationName + " 0)"
	}
	if isDefault {
		w.Setting = nil
		w.Desc += v.DefaultNote
	}
	return w
}

// constantKind reads a kind that waits a fixed base: its argument, or
// the last of its base settings after it.
func (m *Reader) constantKind(s *Site, st *Setting, kind knowledge.WaitKind, label string) *Wait {
	var d time.Duration
	ok := st != nil && m.kindDur(st, kind.BaseArg, &d)
	if ok && st != nil && len(kind.BaseSettings) > 0 {
		ok = m.afterDur(s, int(st.Pos), kind.BaseSettings, &d)
	}
	if !ok {
		return &Wait{Setting: st, Shape: ShapeConstant, Desc: "a fixed interval (" + label + ")"}
	}
	return &Wait{Setting: st, Shape: ShapeConstant, Base: d, Desc: "a fixed " + d.String() + " (" + label + ")"}
}

// kindDur sets *d to the kind's argument at arg (knowledge.Arg: 0 is
// none); it reports false when the argument's value is unknown.
func (m *Reader) kindDur(st *Setting, arg int, d *time.Duration) bool {
	if arg <= 0 {
		return true
	}
	v, ok := m.durationValue(st.Arg(arg - 1))
	if ok {
		*d = v
	}
	return ok
}

func (m *Reader) kindFloat(st *Setting, arg int, f *float64) bool {
	if arg <= 0 {
		return true
	}
	v, ok := m.floatValue(st.Arg(arg - 1))
	if ok {
		*f = v
	}
	return ok
}

// afterDur sets *d to the last of the settings names after from, if
// present; it reports false when that setting's value is unknown.
func (m *Reader) afterDur(s *Site, from int, names []string, d *time.Duration) bool {
	if len(names) == 0 {
		return true
	}
	st := s.LastAfter(from, names...)
	if st == nil {
		return true
	}
	v, ok := m.durationValue(st.Arg(0))
	if ok {
		*d = v
	}
	return ok
}

func (m *Reader) afterFloat(s *Site, from int, names []string, f *float64) bool {
	if len(names) == 0 {
		return true
	}
	st := s.LastAfter(from, names...)
	if st == nil {
		return true
	}
	v, ok := m.floatValue(st.Arg(0))
	if ok {
		*f = v
	}
	return ok
}

// upwardWait classifies a backoff whose waits are the base d, growing
// ×factor up to cap, each plus up to jitter × it more (k8s
// wait.Backoff), in the vocabulary's names.
func upwardWait(v *knowledge.WaitVocab, base, jSt *Setting, d time.Duration, factor, jitter float64, cap time.Duration, what string) *Wait {
	w := &Wait{Setting: base, Base: d, Cap: cap}
	if d <= 0 {
		w.Shape = ShapeNone
		w.Desc = "no wait (" + what + " with " + v.BaseName + " 0)"
		return w
	}
	jitterNote := ""
	if jitter > 0 {
		jitterNote = fmt.Sprintf(" plus up to %s more (%s %s)", waitPct(jitter), v.RandomizationName, waitnum.Float(jitter))
	}
	if factor <= 1 {
		w.Shape = ShapeConstant
		w.Desc = fmt.Sprintf("a fixed %s%s (%s, %s %s)", d, jitterNote, what, v.MultiplierName, waitnum.Float(factor))
		return w
	}
	grows := waitExpo(factor, d, cap)
	if jitter <= 0 {
		w.Shape = ShapeExponential
		w.Desc = grows + " without jitter (" + what + ", " + v.RandomizationName + " 0)"
		return w
	}
	if jSt != nil {
		w.Setting = jSt
	}
	w.Shape = ShapePartialJitter
	w.Spread = "+" + waitPct(jitter)
	w.Desc = fmt.Sprintf("partial jitter: %s %s only adds up to %s on top of a backoff that %s (never below %s of the longest) (%s)",
		v.RandomizationName, waitnum.Float(jitter), waitPct(jitter), grows, waitPct(1/(1+jitter)), what)
	return w
}
