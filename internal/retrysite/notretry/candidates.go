package notretry

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Creates repeated only on "already exists".
//
// A create that failed because what it creates is there already
// (apierrors.IsAlreadyExists, os.IsExist: knowledge's exists predicates)
// cannot succeed if it is repeated unchanged. A loop that goes back to it
// on that failure alone tries a new candidate each time, whether the loop
// draws it (DrawsCandidate) or the operation does (k8s apiserver's
// createWithGenerateNameRetry: create generates a new name from
// generateName on every call): a search for a free name, not a retry.
// RetriesOnlyOnExists reads the statement right after the operation's:
//
//	if err == nil || !apierrors.IsAlreadyExists(err) { return ... }
//	if os.IsExist(err) { continue }; return ...
//
// Any other statement in between, or another outcome that goes back,
// keeps the loop a retry.

// RetriesOnlyOnExists reports whether loop goes back to g's operation
// only when it failed with an "already exists" error.
func (m *Rules) RetriesOnlyOnExists(loop ast.Stmt, g *Group) bool {
	body := loopBody(loop)
	if body == nil || len(g.Calls) == 0 {
		return false
	}
	for i, st := range body.List {
		errVar := m.assignedError(st, g)
		if ifs, ok := st.(*ast.IfStmt); ok && errVar == nil && ifs.Init != nil {
			// if err := op(); ... { }
			if errVar = m.assignedError(ifs.Init, g); errVar != nil {
				return m.exitsUnlessExists(ifs, errVar, body.List[i+1:])
			}
		}
		if errVar == nil {
			continue
		}
		if i+1 >= len(body.List) {
			return false
		}
		ifs, ok := body.List[i+1].(*ast.IfStmt)
		if !ok || ifs.Init != nil {
			return false
		}
		return m.exitsUnlessExists(ifs, errVar, body.List[i+2:])
	}
	return false
}

// assignedError returns the error variable st assigns the result of one
// of g's calls to.
func (m *Rules) assignedError(st ast.Stmt, g *Group) *types.Var {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !g.Set[call] {
		return nil
	}
	id, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := m.info.ObjectOf(id).(*types.Var)
	if v == nil || !typesx.IsErrorType(v.Type()) {
		return nil
	}
	return v
}

// exitsUnlessExists reports whether ifs, the statement after the
// operation's, leaves the loop for every outcome but "already exists":
// its condition is an || chain holding !exists(err) and its body ends
// in a return or break; or its condition is exists(err) (with &&
// conditions) and its body ends in continue, and the statement after it,
// rest[0], is a return or break.
func (m *Rules) exitsUnlessExists(ifs *ast.IfStmt, errVar *types.Var, rest []ast.Stmt) bool {
	if ifs.Else != nil || len(ifs.Body.List) == 0 {
		return false
	}
	last := ifs.Body.List[len(ifs.Body.List)-1]
	switch {
	case exits(last):
		for _, x := range typesx.Operands(ifs.Cond, token.LOR) {
			if u, ok := ast.Unparen(x).(*ast.UnaryExpr); ok && u.Op == token.NOT && m.isExists(u.X, errVar) {
				return true
			}
		}
	case isBranch(last, token.CONTINUE):
		if len(rest) == 0 || !exits(rest[0]) {
			return false
		}
		for _, x := range typesx.Operands(ifs.Cond, token.LAND) {
			if m.isExists(x, errVar) {
				return true
			}
		}
	}
	return false
}

// isExists reports whether x is a call of an exists predicate on errVar.
func (m *Rules) isExists(x ast.Expr, errVar *types.Var) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() == nil || !knowledge.IsExistsPredicate(fn.Pkg().Path()+"."+fn.Name()) {
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	return ok && m.info.Uses[id] == errVar
}

// exits reports whether st leaves the loop: a return, or a break with
// no label.
func exits(st ast.Stmt) bool {
	if _, ok := st.(*ast.ReturnStmt); ok {
		return true
	}
	b, ok := st.(*ast.BranchStmt)
	return ok && b.Tok == token.BREAK && b.Label == nil
}

// isBranch reports whether st is a branch statement tok with no label.
func isBranch(st ast.Stmt, tok token.Token) bool {
	b, ok := st.(*ast.BranchStmt)
	return ok && b.Tok == tok && b.Label == nil
}

// loopBody returns the body of a for or range statement, or nil.
func loopBody(loop ast.Stmt) *ast.BlockStmt {
	switch l := loop.(type) {
	case *ast.ForStmt:
		return l.Body
	case *ast.RangeStmt:
		return l.Body
	}
	return nil
}
