package notretry

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file holds a rule learnt from a wrong finding on a module outside
// the corpus: a negotiation driven by the failure's own payload.
//
// Every path from the operation back to it assigns (=) a local that the
// operation's arguments or receiver read, from a value derived from what
// the failed attempt returned: its error or its response, through
// assignments and through calls that fill a variable whose address they
// are given beside such a value (errors.As(err, &apiErr), json.Unmarshal(
// apiErr.Data, &supported)). The next run asks with what the server said
// it accepts (a protocol version it listed): a different request, not the
// same one again. A path back that only records the error (lastErr =
// err), or sets an input from anything else (a new timeout, a constant
// the downgrade rule of reruns.go reads), leaves the loop a retry.

// inputFromFailure reports whether loop re-runs g with an input derived
// from the failure of the attempt before.
func (m *Rules) inputFromFailure(fi *interp.FuncInfo, loop ast.Node, g *Group, ref interp.NodeRef) bool {
	inputs := m.argLocals(g.Calls[0])
	if len(inputs) == 0 {
		return false
	}
	derived := m.failureDerived(loop, g)
	return len(derived) > 0 && everyWayBackCut(fi, g.Set, ref, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return false
		}
		for i, l := range as.Lhs {
			v := m.host.LocalVar(l)
			if v == nil || !inputs[v] || derived[v] && m.isOpResult(as, g) {
				continue
			}
			if typesx.UsesAny(m.info, as.Rhs[i], derived) {
				return true
			}
		}
		return false
	}, nil)
}

// isOpResult reports whether as assigns the results of one of g's calls.
func (m *Rules) isOpResult(as *ast.AssignStmt, g *Group) bool {
	return slices.ContainsFunc(as.Rhs, func(r ast.Expr) bool {
		c, ok := ast.Unparen(r).(*ast.CallExpr)
		return ok && g.Set[c]
	})
}

// failureDerived returns the variables of loop whose value derives from
// the results of g's calls: through assignments (resultVars), and
// through calls given such a value and the address of a variable, which
// they fill.
func (m *Rules) failureDerived(loop ast.Node, g *Group) map[*types.Var]bool {
	filled := make(map[*types.Var]bool)
	var res map[*types.Var]bool
	for round := 0; round < 8; round++ {
		res = m.resultVars(loop, func(e ast.Expr) bool {
			if c, ok := e.(*ast.CallExpr); ok && g.Set[c] {
				return true
			}
			if id, ok := e.(*ast.Ident); ok {
				v, _ := m.info.Uses[id].(*types.Var)
				return v != nil && filled[v]
			}
			return false
		})
		maps.Copy(res, filled)
		grew := false
		typesx.InspectNoLits(loop, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok || g.Set[c] {
				return true
			}
			addr := func(a ast.Expr) *ast.UnaryExpr {
				if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
					return u
				}
				return nil
			}
			if !slices.ContainsFunc(c.Args, func(a ast.Expr) bool { return addr(a) == nil && typesx.UsesAny(m.info, a, res) }) {
				return true
			}
			for _, a := range c.Args {
				if u := addr(a); u != nil {
					if v := m.host.LocalVar(u.X); v != nil && !filled[v] && !res[v] {
						filled[v] = true
						grew = true
					}
				}
			}
			return true
		})
		if !grew {
			break
		}
	}
	return res
}
