package knowledge

import "testing"

// TestWaitVocabs checks the wait vocabularies of the tables: a model the
// interpreters know, kinds named once, names for the messages of the
// values a vocabulary reads, no per-library reader named besides.
func TestWaitVocabs(t *testing.T) {
	n := 0
	for _, l := range All() {
		v := l.Waits
		if v == nil {
			continue
		}
		n++
		if v.Model != SpreadWaits && v.Model != IntervalWaits {
			t.Errorf("%s: unknown wait model %d", l.Name, v.Model)
		}
		if v.Model == SpreadWaits && len(v.Kinds) == 0 && v.Funcs == nil && v.Default == nil {
			t.Errorf("%s: no wait kinds, functions or default", l.Name)
		}
		for name, k := range v.funcKinds() {
			if k.Label == "" && k.Shape == KindConstant {
				t.Errorf("%s: function kind %q has no label for messages", l.Name, name)
			}
		}
		for _, k := range v.allKinds() {
			needs := map[KindShape]string{KindFullJitter: k.Desc, KindLinear: k.Desc, KindEqualJitter: k.Desc, KindNoWait: k.Desc}
			if d, ok := needs[k.Shape]; ok && d == "" {
				t.Errorf("%s: kind %q of shape %d has no message", l.Name, k.Setting, k.Shape)
			}
			if k.Shape == KindRandom && k.ZeroDesc == "" {
				t.Errorf("%s: random kind %q has no message for a floor of 0", l.Name, k.Setting)
			}
			if k.Shape == KindAddedJitter && (k.Desc == "" && (k.Multiplier > 1 || k.FixedDesc == "" && !k.TableDefaults)) {
				t.Errorf("%s: added-jitter kind %q has no message", l.Name, k.Setting)
			}
		}
		for _, j := range v.Jitters {
			if j.What == "" && j.Kind != JitterFull || (j.Kind == JitterAbsolute || j.Kind == JitterFull) && (j.FixedDesc == "" || j.GrowsDesc == "") {
				t.Errorf("%s: jitter %q lacks its messages", l.Name, j.Setting)
			}
		}
		seen := map[string]bool{}
		for _, k := range v.Kinds {
			if k.Setting == "" || seen[k.Setting] {
				t.Errorf("%s: wait kind %q empty or named twice", l.Name, k.Setting)
			}
			seen[k.Setting] = true
			if k.Shape == KindNoWait && k.Desc == "" {
				t.Errorf("%s: %s: no-wait kind without a message", l.Name, k.Setting)
			}
			if k.RandomizationArg > 0 && v.RandomizationName == "" && v.RandomizationWhat == "" {
				t.Errorf("%s: %s: a randomisation argument with no name for it", l.Name, k.Setting)
			}
		}
		if len(v.Randomization) > 0 && v.RandomizationName == "" {
			t.Errorf("%s: randomisation settings with no name for messages", l.Name)
		}
		if v.Upward && (v.BaseName == "" || v.MultiplierName == "" || v.RandomizationName == "") {
			t.Errorf("%s: an upward-jitter vocabulary needs the names of its base, multiplier and randomisation", l.Name)
		}
	}
	if n == 0 {
		t.Error("no table has a wait vocabulary")
	}
}

// TestRegister checks that a table file that registers its library is
// in All and its entries are found.
func TestRegister(t *testing.T) {
	found := false
	for _, l := range All() {
		found = found || l == Resiliency
	}
	if !found {
		t.Fatal("Resiliency is not in All")
	}
	l, _, ok := Lookup("github.com/eapache/go-resiliency/retrier.Retrier.Run")
	if !ok || l != Resiliency {
		t.Errorf("Lookup(retrier.Retrier.Run) = %v, %v", l, ok)
	}
}

// funcKinds returns the kinds chosen by a function value.
func (v *WaitVocab) funcKinds() map[string]WaitKind {
	if v.Funcs == nil {
		return nil
	}
	return v.Funcs.Kinds
}

// allKinds returns every kind of the vocabulary.
func (v *WaitVocab) allKinds() []WaitKind {
	ks := append([]WaitKind(nil), v.Kinds...)
	for _, k := range v.funcKinds() {
		ks = append(ks, k)
	}
	for _, k := range []*WaitKind{v.Default, v.DefaultUnknown, v.Fallback} {
		if k != nil {
			ks = append(ks, *k)
		}
	}
	return ks
}
