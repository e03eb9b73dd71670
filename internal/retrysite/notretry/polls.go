package notretry

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Polls: library entries that run a condition at a fixed interval until
// it returns true (knowledge.Entry.Poll). Such a call is a retry only
// when the condition turns an operation's failure into "not yet": some
// `return false, nil` sits under a check `x != nil` of an error the
// condition got from a call, and every other return either reports
// success (true) or an error (which stops the poll). A condition that
// returns false for anything else (a state not reached, a value read)
// waits for a state: a state poll, not a retry, and not a site.

// PollRetries reports whether the poll call's condition retries a
// failing operation.
func (m *Rules) PollRetries(call *ast.CallExpr, e knowledge.Entry) bool {
	if e.StatePoll != nil {
		return m.statePollRetries(call, *e.StatePoll) // statepolls.go
	}
	return e.Op >= 0 && e.Op < len(call.Args) && m.ConditionRetries(m.conditionBody(call.Args[e.Op]))
}

// ConditionRetries reports whether a condition's body turns an
// operation's failure into "not yet" (see PollRetries): also a retry
// library's condition adapter (`if p(err) { return false, nil }`).
func (m *Rules) ConditionRetries(body *ast.BlockStmt) bool {
	if body == nil {
		return false
	}
	retries, other := false, false
	var walk func(n ast.Node, guarded bool)
	walk = func(n ast.Node, guarded bool) {
		typesx.InspectNoLits(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IfStmt:
				if n.Init != nil {
					walk(n.Init, guarded)
				}
				g := m.failureCheck(n.Cond, body)
				walk(n.Body, guarded || g)
				if n.Else != nil {
					walk(n.Else, guarded)
				}
				return false
			case *ast.ReturnStmt:
				if len(n.Results) != 2 {
					other = true
					return false
				}
				switch {
				case typesx.IsIdent(n.Results[0], "true"):
				case typesx.IsIdent(n.Results[0], "false") && !typesx.IsIdent(n.Results[1], "nil"):
					// an error stops the poll
				case typesx.IsIdent(n.Results[0], "false") && guarded:
					retries = true
				default:
					other = true
				}
			}
			return true
		})
	}
	walk(body, false)
	return retries && !other
}

// conditionBody returns the body of a condition: a function literal or
// a function or method of the package.
func (m *Rules) conditionBody(x ast.Expr) *ast.BlockStmt {
	switch x := ast.Unparen(x).(type) {
	case *ast.FuncLit:
		return x.Body
	case *ast.Ident, *ast.SelectorExpr:
		if fn, ok := m.info.Uses[typesx.NameIdent(x)].(*types.Func); ok {
			if d := m.host.FuncDecl(fn); d != nil {
				return d.Body
			}
		}
	}
	return nil
}

// failureCheck reports whether cond is `x != nil` for an error variable
// x that body assigns from a call.
func (m *Rules) failureCheck(cond ast.Expr, body *ast.BlockStmt) bool {
	if c, ok := ast.Unparen(cond).(*ast.CallExpr); ok && len(c.Args) == 1 && typesx.Callee(m.info, c) == nil {
		// A predicate the caller gives, asked about the error (if
		// p(err)): true for the failures it retries. A known
		// classifier (IsNotFound(err): not there yet) is a state.
		v, _ := m.info.Uses[typesx.IdentOf(c.Args[0])].(*types.Var)
		return v != nil && typesx.IsErrorType(v.Type()) && m.fromCall(v, body)
	}
	fail, v := m.nilCheck(cond, body) // statepolls.go
	return v != nil && fail && typesx.IsErrorIface(v.Type())
}

// PollWait is the wait of a poll: its interval, fixed, no jitter.
func (m *Rules) PollWait(s *site.Site) *site.Wait {
	call, ok := s.Node.(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := typesx.Callee(m.info, call)
	if fn == nil {
		return nil
	}
	_, e, ok := knowledge.Lookup(knowledge.EntryKey(fn.Origin()))
	if !ok || !e.Poll || e.Interval >= len(call.Args) {
		return nil
	}
	d, ok := m.host.DurationValue(call.Args[e.Interval])
	if !ok {
		return nil
	}
	w := &site.Wait{Kind: site.WaitLibrary, Pos: call.Args[e.Interval].Pos(), Base: d}
	if d <= 0 {
		w.Shape, w.Desc = site.ShapeNone, fmt.Sprintf("no wait (%s interval 0)", fn.Name())
	} else {
		w.Shape, w.Desc = site.ShapeConstant, fmt.Sprintf("a fixed %s (%s interval)", d, fn.Name())
	}
	return w
}
