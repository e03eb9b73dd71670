package waitnum

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
)

// This file lets the wait interpreter follow the retrying method's own
// receiver as a backoff object (waits_state.go): a method whose loop
// takes each wait from another method of the receiver that keeps the
// current interval in a field between calls
//
//	func (e *Backoff) Retry(f func() error) error {
//		if e.cur <= 0 { e.cur = e.Initial }
//		for i := 0; i < e.MaxRetries; i++ {
//			...
//			time.Sleep(e.next()) // e.cur *= e.Multiplier; cur + rand(1s)
//		}
//	}
//
// The receiver was built out of sight, so each field starts at what a
// read of it gives anywhere (selector): the package's one integer value,
// else a stand-in for a value the model cannot see. The shape is then
// read as for a local object, for every value of the stand-ins: a draw
// over the whole interval is full jitter, a draw added to it partial
// jitter. The receiver is followed under the same conditions as a local
// object (followable): its address is never taken, it is never passed,
// copied or captured, and every method called on it writes only its own
// fields. A write before the loop on a branch the interpreter cannot
// decide (if e.cur <= 0 { e.cur = e.Initial }) keeps the field's
// stand-in when the value written does not change between attempts
// either: the field holds a value the model cannot see on both sides.

// keepsState reports whether body calls a method on v that writes v's
// fields: the receiver is a backoff object. A receiver whose methods only
// read it is left to the reading of fields and pure methods as before.
func (m *model) keepsState(body *ast.BlockStmt, v *types.Var) bool {
	found := false
	return typesx.InspectNoLitsUntil(&found, body, func(n ast.Node) bool {
		sel := methodOn(m.info, n, v)
		if sel == nil {
			return true
		}
		fn, _ := m.info.Uses[sel.Sel].(*types.Func)
		if d, dm := m.methodOf(fn); d != nil && d.Body != nil && !dm.Pure(d.Body, nil) {
			found = true
		}
		return true
	})
}

// recvObj returns the state of v when v is the receiver of the method
// whose body the interpreter runs, a pointer to a struct of the package
// that the method's body only acts on in ways the interpreter follows;
// nil otherwise. The receiver must keep state: a method called on it
// writes its fields (keepsState).
func (ip *winterp) recvObj(v *types.Var) *objState {
	if ip.fn || ip.closure != nil || ip.body == nil {
		return nil
	}
	if _, isPtr := types.Unalias(v.Type()).(*types.Pointer); !isPtr {
		return nil
	}
	// The receiver of the method whose body runs: its scope ends with
	// the body (a helper of another package read from source included).
	if v.Kind() != types.RecvVar || v.Parent() == nil || v.Parent().End() != ip.body.End() {
		return nil
	}
	_, s := ip.m.stateStruct(v.Type())
	if s == nil || !ip.m.keepsState(ip.body, v) || !ip.m.followable(ip.body, v) {
		return nil
	}
	return ip.standinState(s, "field:"+v.Name()+".", true)
}

// standinState is the state of a receiver of struct s whose fields the
// model does not see: a field the package draws at random is unknown,
// one it writes a single integer to (when ints) that integer, the others
// stand-ins keyed by prefix and the field's name, the same over the
// attempts.
func (ip *winterp) standinState(s *types.Struct, prefix string, ints bool) *objState {
	st := &objState{fields: make(map[*types.Var]waitshape.Num, s.NumFields()), recv: true}
	for f := range s.Fields() {
		if ip.m.drawnAtRandom(f) {
			st.fields[f] = waitshape.Unknown()
		} else if vals, _, ok := ip.m.IntValues(f); ints && ok && len(vals) == 1 {
			st.fields[f] = waitshape.Known(float64(vals[0]))
		} else {
			st.fields[f] = ip.standinOf(prefix+f.Name(), f.Type())
		}
	}
	return st
}

// keepsStandin reports whether writing val to a field holding old on a
// branch that may not run leaves a value the model cannot see that does
// not change between attempts: old is such a stand-in and val is fixed
// too.
func keepsStandin(tok token.Token, old, val waitshape.Num) bool {
	return tok == token.ASSIGN && old.OK && old.Opq && !old.Rnd && !old.Vary &&
		val.OK && !val.Rnd && !val.Vary && !val.Decor
}
