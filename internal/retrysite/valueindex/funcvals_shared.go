package valueindex

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Counters shared by two held literals.
//
// A method may hold two retry closures that share one counter, each
// counting it down, with the counter set again between them:
//
//	attempts := cfg.Retry.Max
//	exec := func(run func() (bool, error)) error { for attempts >= 0 { ...; attempts-- } }
//	if err := exec(first); err != nil { return err }
//	attempts = cfg.Retry.Max
//	execOther := func(run func() (bool, error)) error { for attempts >= 0 { ...; attempts-- } }
//	return execOther(second)
//
// The other literal's writes do not change the value either literal
// starts with: the second literal runs only after the first's calls, and
// the counter is set again after them (capturedInit, funcvals.go).
// otherLitIrrelevant tells outerValue when it may pass over the writes
// made inside another literal.

// otherLitIrrelevant reports whether the writes of v inside other, a
// function literal in scope other than lit, cannot change the value v
// has when lit is called: other and lit are both held in local
// variables and only called (never in a go or defer statement, neither
// calls the other), and either
//
//   - every call of other comes after every call of lit, and no loop of
//     scope holds a call of both; or
//   - a plain write of v, a statement of a block, comes after every call
//     of other, and every call of lit is in a later statement of the
//     same block (the write runs between them on every path).
//
// A goto in scope makes source order say nothing: false.
func (m *Index) otherLitIrrelevant(scope ast.Node, lit, other *ast.FuncLit, v *types.Var) bool {
	// v is an integer counter (capturedCounters): no delete or clear
	// writes it.
	if !typesx.Writes(m.info, other.Body, typesx.VarIs(m.info, v)) {
		return true // nothing to pass over
	}
	litCalls, ok := m.heldLitCalls(lit)
	if !ok || len(litCalls) == 0 {
		return false
	}
	otherCalls, ok := m.heldLitCalls(other)
	if !ok {
		return false
	}
	within := func(calls []*ast.CallExpr, n ast.Node) bool {
		return slices.ContainsFunc(calls, func(c *ast.CallExpr) bool { return n.Pos() <= c.Pos() && c.End() <= n.End() })
	}
	if within(litCalls, other) || within(otherCalls, lit) {
		return false
	}
	bad := false
	ast.Inspect(scope, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BranchStmt:
			bad = bad || n.Tok == token.GOTO
		case *ast.GoStmt, *ast.DeferStmt:
			bad = bad || within(litCalls, n) || within(otherCalls, n)
		}
		return !bad
	})
	if bad {
		return false
	}
	firstLit, lastLit := litCalls[0].Pos(), litCalls[0].End()
	for _, c := range litCalls {
		firstLit, lastLit = min(firstLit, c.Pos()), max(lastLit, c.End())
	}
	var lastOther token.Pos
	for _, c := range otherCalls {
		lastOther = max(lastOther, c.End())
	}

	// Every call of other after every call of lit, with no loop around
	// calls of both.
	if !slices.ContainsFunc(otherCalls, func(c *ast.CallExpr) bool { return c.Pos() < lastLit }) {
		looped := false
		ast.Inspect(scope, func(n ast.Node) bool {
			if looped || n == lit || n == other {
				return false
			}
			switch n.(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				if within(litCalls, n) && within(otherCalls, n) {
					looped = true
				}
			}
			return !looped
		})
		if !looped {
			return true
		}
	}

	// A reset of v between the last call of other and the first of lit,
	// in a block whose later statements hold every call of lit.
	reset := false
	ast.Inspect(scope, func(n ast.Node) bool {
		if reset || n == lit || n == other {
			return false
		}
		b, ok := n.(*ast.BlockStmt)
		if !ok {
			return true
		}
		for i, st := range b.List {
			as, ok := st.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
				continue
			}
			id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
			if !ok || m.info.ObjectOf(id) != v || as.Pos() < lastOther || as.End() > firstLit {
				continue
			}
			rest := b.List[i+1:]
			if len(rest) == 0 {
				continue
			}
			if !slices.ContainsFunc(litCalls, func(c *ast.CallExpr) bool {
				return c.Pos() < rest[0].Pos() || c.End() > rest[len(rest)-1].End()
			}) {
				reset = true
				return false
			}
		}
		return true
	})
	return reset
}
