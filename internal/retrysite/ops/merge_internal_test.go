package ops

import (
	"testing"

	"github.com/retrylint/retrylint/internal/retrysite/site"
)

// TestKeyMerges checks how the key states of a request's parts (a key
// built from several values) and of its alternatives (the values a key
// may have) combine: a part generated per attempt makes the whole key
// per attempt; alternatives keep a constant only when they agree.
func TestKeyMerges(t *testing.T) {
	c := func(v string) keyVal { return keyVal{state: site.KeyConstant, value: v, valueOK: true} }
	st := func(s site.IdemKeyState) keyVal { return keyVal{state: s} }
	for _, tc := range []struct {
		name string
		got  keyVal
		want site.IdemKeyState
	}{
		{"parts: none", mergeParts(nil), site.KeyUnknown},
		{"parts: constants", mergeParts([]keyVal{c("a"), c("b")}), site.KeyConstant},
		{"parts: constant and per attempt", mergeParts([]keyVal{c("a"), st(site.KeyPerAttempt)}), site.KeyPerAttempt},
		{"parts: constant and stable", mergeParts([]keyVal{c("a"), st(site.KeyStable)}), site.KeyStable},
		{"parts: constant and unknown", mergeParts([]keyVal{c("a"), st(site.KeyUnknown)}), site.KeyUnknown},
		{"alts: none", mergeAlts(nil), site.KeyUnknown},
		{"alts: per attempt wins", mergeAlts([]keyVal{st(site.KeyStable), st(site.KeyPerAttempt)}), site.KeyPerAttempt},
		{"alts: stable and unknown", mergeAlts([]keyVal{st(site.KeyStable), st(site.KeyUnknown)}), site.KeyStable},
		{"alts: missing and unknown", mergeAlts([]keyVal{st(site.KeyMissing), st(site.KeyUnknown)}), site.KeyUnknown},
	} {
		if tc.got.state != tc.want {
			t.Errorf("%s: state %v, want %v", tc.name, tc.got.state, tc.want)
		}
	}
	if k := mergeAlts([]keyVal{c("a"), c("a")}); k.state != site.KeyConstant || !k.valueOK || k.value != "a" {
		t.Errorf("alts: equal constants = %+v, want the constant \"a\"", k)
	}
	if k := mergeAlts([]keyVal{c("a"), c("b")}); k.state != site.KeyConstant || k.valueOK {
		t.Errorf("alts: different constants = %+v, want a constant of no known value", k)
	}
}

// TestKeyRank checks the order in which a rule holds a key to account:
// missing is worst, then per attempt, then constant.
func TestKeyRank(t *testing.T) {
	order := []*site.IdemKey{nil, {State: site.KeyStable}, {State: site.KeyConstant}, {State: site.KeyPerAttempt}, {State: site.KeyMissing}}
	for i := 1; i < len(order); i++ {
		if keyRank(order[i]) < keyRank(order[i-1]) {
			t.Errorf("keyRank(%v) < keyRank(%v)", order[i], order[i-1])
		}
	}
	if keyRank(&site.IdemKey{State: site.KeyUnknown}) != keyRank(nil) {
		t.Errorf("an unknown key ranks apart from no key")
	}
	a := &sendDesc{method: "POST", key: &site.IdemKey{State: site.KeyStable}}
	b := &sendDesc{method: "POST", key: &site.IdemKey{State: site.KeyMissing}}
	if got := mergeSends([]*sendDesc{a, b}); got.key != b.key {
		t.Errorf("mergeSends kept %+v, want the one whose key is missing", got)
	}
	if got := mergeSends([]*sendDesc{a, {method: "GET"}}); got.method != "" {
		t.Errorf("mergeSends over two methods = %+v, want no method", got)
	}
}
