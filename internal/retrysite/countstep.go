package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A retry with no attempt bound that nonetheless counts its attempts (a
// reconnect that steps c.reconnectAttempts++ to compute its next delay)
// has the place its limit goes: the step. countSteps finds it, for each
// unbounded site, in the functions that hold its waits (the function
// that arms the next attempt, for a retry that is no loop), then in the
// site's own: an integer field of the package stepped by one (x.n++, x.n +=
// 1) that the package never compares in order (<, <=, >, >=) nor with
// ==, so no limit reads it. maxretries reports there too.
func (m *model) countSteps(sites []*Site) {
	var compared map[*types.Var]bool // fields some comparison reads
	for _, s := range sites {
		if s.Bound.Kind != BoundUnbounded || s.Func == nil || s.Bound.StepPos.IsValid() {
			continue
		}
		if compared == nil {
			compared = m.comparedFields()
		}
		// The functions that wait first: the count they step feeds the
		// next delay.
		var bodies []*ast.BlockStmt
		for _, w := range s.Waits {
			if b, _ := typesx.EnclosingBody(typesx.FileOf(m.pass.Files, w.Pos), w.Pos); b != nil && b != s.Func {
				bodies = append(bodies, b)
			}
		}
		bodies = append(bodies, s.Func)
		for _, b := range bodies {
			if pos := m.countStepIn(b, compared); pos.IsValid() {
				s.Bound.StepPos = pos
				break
			}
		}
	}
}

// countStepIn returns the first step by one, in body outside its literals, of
// an integer field of the package that compared does not hold.
func (m *model) countStepIn(body *ast.BlockStmt, compared map[*types.Var]bool) token.Pos {
	pos := token.NoPos
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		if pos.IsValid() {
			return false
		}
		var x ast.Expr
		switch n := n.(type) {
		case *ast.IncDecStmt:
			if n.Tok == token.INC {
				x = n.X
			}
		case *ast.AssignStmt:
			if n.Tok == token.ADD_ASSIGN && len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				if tv := m.info.Types[n.Rhs[0]]; tv.Value != nil && tv.Value.String() == "1" {
					x = n.Lhs[0]
				}
			}
		}
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if f, ok := m.info.Uses[sel.Sel].(*types.Var); ok && f.IsField() && f.Pkg() == m.pkg && typesx.IsInteger(f.Type()) && !compared[f] {
			pos = n.Pos()
		}
		return true
	})
	return pos
}

// comparedFields returns the fields of the package that a comparison
// (==, !=, <, <=, >, >=) reads directly, anywhere in the package.
func (m *model) comparedFields() map[*types.Var]bool {
	res := make(map[*types.Var]bool)
	for _, f := range m.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok {
				return true
			}
			switch b.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				for _, side := range []ast.Expr{b.X, b.Y} {
					if sel, ok := ast.Unparen(side).(*ast.SelectorExpr); ok {
						if v, ok := m.info.Uses[sel.Sel].(*types.Var); ok && v.IsField() {
							res[v] = true
						}
					}
				}
			}
			return true
		})
	}
	return res
}
