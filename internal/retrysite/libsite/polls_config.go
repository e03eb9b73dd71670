package libsite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/outcomes"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A poll that retries an error it has itself classified as one no retry
// can fix (knowledge.ConfigErrorClass: a type missing from the scheme).
// A poll's condition that turns an operation's failure into "not yet"
// is a retry (notretry polls.go); when it first asks what the failure is and,
// told it is an invalid configuration, still says "not yet":
//
//	i, err := cache.GetInformer(ctx, obj)
//	if err != nil {
//		switch {
//		case runtime.IsNotRegisteredError(err):
//			log.Error(err, "kind must be registered to the Scheme")
//		default:
//			log.Error(err, "failed to get informer")
//		}
//		return false, nil // retry
//	}
//
// the poll retries that class for ever. pollOutcomes reads such a
// branch: a test of the classifier on an error (an if or a case), whose
// body makes no return and no jump, followed in its statement list by
// `return false, nil` before any other return.

// pollOutcomes sets the outcomes of a poll site: the error classes no
// retry can fix that its condition retries.
func (m *Reader) pollOutcomes(s *site.Site, call *ast.CallExpr) {
	if call == nil {
		return
	}
	body := m.funcBody(m.siteOp(call))
	if body == nil {
		return
	}
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			m.retriedClass(s, n.List)
		case *ast.CaseClause:
			m.retriedClass(s, n.Body)
		}
		return s.Retried == nil
	})
}

// retriedClass looks, in a statement list, for an if or a switch with a
// branch that tests a classifier and falls out of it, followed by a
// retry (`return false, nil`) before any other return.
func (m *Reader) retriedClass(s *site.Site, list []ast.Stmt) {
	for i, st := range list {
		cl, at := m.classifiedBranch(st)
		if cl == "" {
			continue
		}
		if !retriesAfter(list[i+1:]) {
			continue
		}
		s.Retried = &site.Outcomes{ConfigErrors: cl, Pos: at.Pos(), Decision: types.ExprString(at)}
		return
	}
}

// classifiedBranch returns what a classifier tested by st (an if, or a
// case of a tagless switch) tells, when the branch it guards makes no
// return and no jump, and the classifier's call.
func (m *Reader) classifiedBranch(st ast.Stmt) (string, *ast.CallExpr) {
	type branch struct {
		conds []ast.Expr
		body  []ast.Stmt
	}
	var branches []branch
	switch st := st.(type) {
	case *ast.IfStmt:
		branches = append(branches, branch{[]ast.Expr{st.Cond}, st.Body.List})
	case *ast.SwitchStmt:
		if st.Tag != nil || st.Init != nil {
			return "", nil
		}
		for _, c := range st.Body.List {
			cc := c.(*ast.CaseClause)
			branches = append(branches, branch{cc.List, cc.Body})
		}
	}
	for _, b := range branches {
		if outcomes.Leaves(b.body...) {
			continue
		}
		for _, c := range b.conds {
			if cl, call := m.classifier(c); cl != "" {
				return cl, call
			}
		}
	}
	return "", nil
}

// classifier returns what x, a call of a known classifier given an
// error, tells.
func (m *Reader) classifier(x ast.Expr) (string, *ast.CallExpr) {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !typesx.IsErrorType(m.info.TypeOf(call.Args[0])) {
		return "", nil
	}
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() == nil {
		return "", nil
	}
	return knowledge.ConfigErrorClass(m.copies.Path(fn.Pkg()), fn.Name()), call
}

// retriesAfter reports whether the first return in list, at its top
// level with nothing before it that may return, is `return false, nil`.
func retriesAfter(list []ast.Stmt) bool {
	for _, st := range list {
		if r, ok := st.(*ast.ReturnStmt); ok {
			return len(r.Results) == 2 && typesx.IsIdent(r.Results[0], "false") && typesx.IsIdent(r.Results[1], "nil")
		}
		if outcomes.Leaves(st) {
			return false
		}
	}
	return false
}

// funcBody returns the body of the function x is or names: a function
// literal, or a function or method of the package (a poll's condition).
func (m *Reader) funcBody(x ast.Expr) *ast.BlockStmt {
	if lit, ok := ast.Unparen(x).(*ast.FuncLit); ok {
		return lit.Body
	}
	if fn, ok := m.info.Uses[typesx.NameIdent(x)].(*types.Func); ok {
		if d := m.FuncDecl(fn); d != nil {
			return d.Body
		}
	}
	return nil
}
