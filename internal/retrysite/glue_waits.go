package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/notretry"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"

	"github.com/retrylint/retrylint/internal/retrysite/waits"
)

// The model and the wait finding (package waits): the Finder the model
// hands over, and the names the model's code uses for its types.

type (
	verdictKey = waits.VerdictKey
	verdict    = waits.Verdict
)

// waits returns the wait finding over m's package. m is its waits.Model.
func (m *model) waits() waits.Finder {
	return waits.Finder{Pass: m.pass, Info: m.info, Pkg: m.pkg, M: m, Wnum: m.wnum, Verdicts: &m.verdicts, Waited: &m.waited, Helpers: &m.helperWaits}
}

// loopWaits finds the waits between attempts of a hand-written site.
func (m *model) loopWaits(s *Site, fi *funcInfo, g *opGroup) {
	if fi == nil || g == nil || len(g.calls) == 0 {
		return
	}
	m.waits().LoopWaits(s, fi, g.calls, g.set, fi.ReportsStatus(g.set), func() waits.Attempt {
		a := waits.Attempt{WaitsInside: m.Rules().OpWaitsInside(g.rulesGroup())}
		a.Decl, a.Fn = m.attemptDecl(g.calls[0])
		if a.Decl != nil {
			a.FirstSend = m.firstSend(a.Decl.Body)
		}
		return a
	})
}

// attemptDecl returns the declaration of the function call runs in the
// package: a function or method declared in it, or the function literal
// called where it is written or held in a local (as a declaration, fn nil).
func (m *model) attemptDecl(call *ast.CallExpr) (d *ast.FuncDecl, fn *types.Func) {
	lit, _ := ast.Unparen(call.Fun).(*ast.FuncLit)
	if lit == nil {
		lit = m.HeldFuncLit(call.Fun)
	}
	if lit != nil {
		return &ast.FuncDecl{Name: ast.NewIdent("func"), Type: lit.Type, Body: lit.Body}, nil
	}
	if fn = typesx.Callee(m.info, call); fn == nil || fn.Pkg() != m.pkg {
		return nil, nil
	}
	if d = m.FuncDecl(fn); d == nil || d.Body == nil {
		return nil, nil
	}
	return d, fn
}

// firstSend returns the position of the first call in body (outside
// function literals) that may cross an integration boundary and whose
// outcome is read, or token.NoPos.
func (m *model) firstSend(body *ast.BlockStmt) token.Pos {
	drops := notretry.DroppedCalls(body)
	pos := token.NoPos
	found := false
	typesx.InspectNoLitsUntil(&found, body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || drops[call] {
			return true
		}
		if tv, ok := m.info.Types[call.Fun]; ok && tv.IsType() {
			return true
		}
		if _, builtin := m.info.Uses[typesx.IdentOf(call.Fun)].(*types.Builtin); builtin {
			return true
		}
		switch fn := typesx.Callee(m.info, call); {
		case fn == nil:
			return true // a func value (a request's BodyFunc): not known to send
		case fn.Pkg() != nil && !m.calleeMayBeOp(fn):
			return true // http.NewRequest builds, it does not send
		}
		if interp.HasErrorOrResponse(m.info.TypeOf(call)) && m.IsIntegration(call) {
			pos, found = call.Pos(), true
		}
		return !found
	})
	return pos
}

// failurePathRetry reports whether a failure of the operation of g leads
// back to it through a path of its own (waits.Finder.FailurePathRetry,
// waits/periodic.go); it keeps the waits of its own in g.ownWaits.
func (m *model) failurePathRetry(fi *funcInfo, loop ast.Stmt, g *opGroup, ref nodeRef, in scope, carried map[*types.Var]bool) bool {
	all := func() map[*types.Var]bool { return m.items.CarriedVars(loop, g.rulesGroup()) }
	own, viaBackoff := m.waits().FailurePathRetry(fi, loop, g.set, ref, in, carried, all)
	if own == nil {
		return false
	}
	g.ownWaits, g.viaBackoff = own, viaBackoff
	return true
}

// keepOwnWaits keeps, of a failure-path site's waits, those of its own.
func keepOwnWaits(s *Site, g *opGroup) {
	var kept []*Wait
	for _, w := range s.Waits {
		if g.ownWaits[w.Pos] && w.Shape != ShapeNone {
			kept = append(kept, w)
		}
	}
	s.Waits = kept
	if len(kept) == 0 {
		s.WaitsKnown = false
	}
}
