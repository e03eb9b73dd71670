package interp

import (
	"go/token"
	"go/types"
	"testing"
)

func TestValueDomain(t *testing.T) {
	if !boolVal(true).IsTrue() || boolVal(true).IsFalse() || !boolVal(false).IsFalse() {
		t.Error("BoolVal: want true to be true and false to be false")
	}
	if unknown(depOutcome).known() || !intVal(4).known() {
		t.Error("known: want an unknown to be unknown and an int to be known")
	}
	v := types.NewVar(token.NoPos, nil, "onlyOnce", types.Typ[types.Int])
	e := env(nil).Set(v, intVal(1))
	e2 := e.Set(v, intVal(2))
	if e[v].I != 1 || e2[v].I != 2 {
		t.Errorf("Env.Set: want a new environment and the old one unchanged, got %v and %v", e[v], e2[v])
	}
}
