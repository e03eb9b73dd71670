package vals

import (
	"go/token"
	"go/types"
	"testing"
)

func TestValueDomain(t *testing.T) {
	if !BoolVal(true).IsTrue() || BoolVal(true).IsFalse() || !BoolVal(false).IsFalse() {
		t.Error("BoolVal: want true to be true and false to be false")
	}
	if Unknown(DepOutcome).Known() || !IntVal(4).Known() {
		t.Error("Known: want an unknown to be unknown and an int to be known")
	}
	v := types.NewVar(token.NoPos, nil, "onlyOnce", types.Typ[types.Int])
	e := Env{}.Set(v, IntVal(1))
	e2 := e.Set(v, IntVal(2))
	if e.At(v).I != 1 || e2.At(v).I != 2 {
		t.Errorf("Env.Set: want a new environment and the old one unchanged, got %v and %v", e.At(v), e2.At(v))
	}
	w := types.NewVar(token.NoPos, nil, "other", types.Typ[types.Int])
	e3 := e2.Set(w, IntVal(3))
	if e2.Len() != 1 || e3.Len() != 2 || e3.At(v).I != 2 || e3.At(w).I != 3 {
		t.Errorf("Env.Set: want a binding added to a copy, got %d and %d bindings", e2.Len(), e3.Len())
	}
	if e3.Set(w, IntVal(3)).Len() != 2 {
		t.Error("Env.Set: want the same binding written again to change nothing")
	}
	m := e.With(Env{}.Set(w, IntVal(4)).Set(v, IntVal(5)))
	if m.At(v).I != 5 || m.At(w).I != 4 || e.At(v).I != 1 {
		t.Errorf("Env.With: want the second environment's bindings over the first's, got v=%v w=%v", m.At(v), m.At(w))
	}
	if _, ok := e.Get(w); ok {
		t.Error("Env.Get: want an unbound variable reported unbound")
	}
}
