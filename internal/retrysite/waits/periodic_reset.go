package waits

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A failure path that starts over.
//
// A loop that carries a value from one run of its operation to the next
// (a member ID the server hands out, kept for the next join) may drop it
// after a failure, setting it back to the value it started from:
//
//	var memberID string
//	for {
//		memberID, err = join(memberID)
//		...
//		default: // a failure
//			memberID = ""
//			backoff = time.After(cfg.JoinBackoff)
//	}
//
// The operation then runs again exactly as it first ran: the failure
// path does not move the operation on, it starts it over, which is a
// retry. resetsToStart recognises such a write, for movesCarried
// (periodic.go).

// resetsToStart reports whether as, an assignment outside the operation's
// node, writes v back to its starting value: its i-th value is a constant
// c, and every write of v in the function is either c (the declaration
// included: `var v T` counts as its zero value) or a result of a call of
// the operation g, with v never stepped nor its address taken.
func (m *periodic) resetsToStart(as *ast.AssignStmt, i int, v *types.Var, g *opGroup) bool {
	if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return false
	}
	c := m.info.Types[as.Rhs[i]].Value
	if typesx.VarOf(m.info, as.Lhs[i]) != v || c == nil {
		return false
	}
	var scope *ast.BlockStmt
	for _, d := range m.f.M.Decls() {
		if d.Body != nil && d.Body.Pos() <= v.Pos() && v.Pos() < d.Body.End() {
			scope = d.Body
			break
		}
	}
	if scope == nil || as.Pos() < scope.Pos() || as.End() > scope.End() {
		return false
	}
	is := typesx.VarIs(m.info, v)
	same := func(x ast.Expr) bool {
		w := m.info.Types[x].Value
		return w != nil && w.Kind() == c.Kind() && constant.Compare(w, token.EQL, c)
	}
	zero := func() bool {
		switch c.Kind() {
		case constant.String:
			return constant.StringVal(c) == ""
		case constant.Int, constant.Float:
			return constant.Sign(c) == 0
		case constant.Bool:
			return !constant.BoolVal(c)
		}
		return false
	}
	ok, declared := true, false
	ast.Inspect(scope, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.ValueSpec:
			for j, name := range n.Names {
				if m.info.Defs[name] != v {
					continue
				}
				declared = true
				switch {
				case len(n.Values) == 0:
					ok = zero()
				case len(n.Values) == len(n.Names):
					ok = same(n.Values[j])
				default:
					ok = false
				}
			}
		case *ast.AssignStmt:
			for j, l := range n.Lhs {
				if !is(l) {
					continue
				}
				if n.Tok == token.DEFINE && m.info.Defs[l.(*ast.Ident)] == v {
					declared = true
				}
				switch {
				case len(n.Lhs) == len(n.Rhs) && same(n.Rhs[j]):
				case len(n.Rhs) == 1 && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE):
					call, isCall := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
					ok = isCall && g.set[call]
				default:
					ok = false
				}
			}
		case *ast.IncDecStmt:
			ok = !is(n.X)
		case *ast.UnaryExpr:
			ok = !(n.Op == token.AND && is(n.X))
		case *ast.RangeStmt:
			ok = !(n.Key != nil && is(n.Key) || n.Value != nil && is(n.Value))
		}
		return ok
	})
	return ok && declared
}

// resetsAllCarried reports whether node, an assignment outside the
// operation's node, sets every carried variable back to its starting
// value (resetsToStart): whatever the operation's failure wrote to them
// before, the next run starts over.
func (m *periodic) resetsAllCarried(node ast.Node, g *opGroup, carried map[*types.Var]bool) bool {
	as, ok := node.(*ast.AssignStmt)
	if !ok || len(carried) == 0 {
		return false
	}
	reset := make(map[*types.Var]bool, len(carried))
	for i, l := range as.Lhs {
		if v := typesx.VarOf(m.info, l); carried[v] && m.resetsToStart(as, i, v, g) {
			reset[v] = true
		}
	}
	return len(reset) == len(carried)
}
