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
	e := Env(nil).Set(v, IntVal(1))
	e2 := e.Set(v, IntVal(2))
	if e[v].I != 1 || e2[v].I != 2 {
		t.Errorf("Env.Set: want a new environment and the old one unchanged, got %v and %v", e[v], e2[v])
	}
}
