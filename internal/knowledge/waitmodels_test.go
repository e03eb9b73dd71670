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
		if v.Model != SpreadWaits {
			t.Errorf("%s: unknown wait model %d", l.Name, v.Model)
		}
		if l.Models.Waits != "" {
			t.Errorf("%s: both a wait vocabulary and a per-library reader %q", l.Name, l.Models.Waits)
		}
		if len(v.Kinds) == 0 {
			t.Errorf("%s: no wait kinds", l.Name)
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
			if k.RandomizationArg > 0 && v.RandomizationName == "" {
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
