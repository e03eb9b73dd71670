package exits

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A flag is a bool or integer field of the package to which every write
// of the package gives a constant: a stop flag set once by Stop
// (atomic.CompareAndSwapInt32(&r.stopFlag, 0, 1)), a closed mark, a
// state the object is switched between. Only constants go in, so it
// cannot step with the attempts: an exit on it (if
// atomic.LoadInt32(&r.stopFlag) == 1 { break }) is an event of the
// object's life, as a value received from a stop channel is (interp's sim.go,
// stateless), not a count of attempts.
//
// A write is an assignment, an atomic Store, Swap or CompareAndSwap
// (sync/atomic's functions given the field's address, or the methods of
// an atomic.Bool, atomic.Int32... field) or a keyed struct literal, each
// with a constant new value. A step (x.n++, +=, atomic.Add), any other
// value, or the field's address handed anywhere else makes it no flag.

// Flags caches Field by field: the core keeps one per package.
type Flags map[*types.Var]bool

// Field reports whether sel reads a flag of the package p.
func (fl *Flags) Field(p Pkg, sel *ast.SelectorExpr) bool {
	m := pkg{p}
	v, ok := m.Info().Uses[sel.Sel].(*types.Var)
	if !ok || !v.IsField() || v.Pkg() != m.Types() || !flagType(v.Type()) {
		return false
	}
	return (*fl)[v]
}

// flagType reports whether t is a bool or an integer, or one of
// sync/atomic's types holding one.
func flagType(t types.Type) bool {
	if b, ok := t.Underlying().(*types.Basic); ok {
		return b.Info()&(types.IsBoolean|types.IsInteger) != 0
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "sync/atomic" {
		return false
	}
	switch n.Obj().Name() {
	case "Bool", "Int32", "Int64", "Uint32", "Uint64":
		return true
	}
	return false
}

// flagUse judges one use of the field, the last node of stack (its
// selector's Sel, or a literal's key), by its parents.
func (m pkg) flagUse(stack []ast.Node, isConst func(ast.Expr) bool) bool {
	parent := func(i int) ast.Node {
		if len(stack)-1-i < 0 {
			return nil
		}
		return stack[len(stack)-1-i]
	}
	if kv, ok := parent(1).(*ast.KeyValueExpr); ok && kv.Key == parent(0) {
		return isConst(kv.Value) // T{stopFlag: 0}
	}
	sel, ok := parent(1).(*ast.SelectorExpr)
	if !ok || sel.Sel != parent(0) {
		return false
	}
	// Skip parentheses around the selector.
	i := 2
	for {
		if _, isParen := parent(i).(*ast.ParenExpr); !isParen {
			break
		}
		i++
	}
	switch p := parent(i).(type) {
	case *ast.AssignStmt:
		for j, l := range p.Lhs {
			if ast.Unparen(l) == sel {
				return p.Tok == token.ASSIGN && len(p.Lhs) == len(p.Rhs) && isConst(p.Rhs[j])
			}
		}
		return true // read on the right
	case *ast.IncDecStmt:
		return false
	case *ast.UnaryExpr:
		if p.Op != token.AND {
			return true
		}
		call, ok := parent(i + 1).(*ast.CallExpr)
		return ok && len(call.Args) > 0 && call.Args[0] == p && atomicConstWrite(m.Info(), call, call.Args[1:], isConst)
	case *ast.SelectorExpr:
		// x.f.Load(), x.f.Store(1): a method of an atomic type.
		call, ok := parent(i + 1).(*ast.CallExpr)
		return ok && call.Fun == p && atomicConstWrite(m.Info(), call, call.Args, isConst)
	}
	return true // a read
}

// atomicConstWrite reports whether call is a sync/atomic operation that,
// given args after the address (or on the receiver), reads the value or
// writes a constant.
func atomicConstWrite(info *types.Info, call *ast.CallExpr, args []ast.Expr, isConst func(ast.Expr) bool) bool {
	fn := typesx.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" {
		return false
	}
	switch name := fn.Name(); {
	case strings.HasPrefix(name, "Load"):
		return true
	case strings.HasPrefix(name, "Store"), strings.HasPrefix(name, "Swap"):
		return len(args) == 1 && isConst(args[0])
	case strings.HasPrefix(name, "CompareAndSwap"):
		return len(args) == 2 && isConst(args[1])
	}
	return false // Add, And, Or: a step
}
