package notretry

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Creates repeated only on "already exists".
//
// A create that failed because what it creates is there already
// (apierrors.IsAlreadyExists, os.IsExist: knowledge's exists predicates;
// errors.Is(err, ErrAlreadyExists) and the like: knowledge.IsExistsError)
// cannot succeed if it is repeated unchanged. A loop that goes back to it
// on that failure alone changes something first: it tries a new
// candidate, whether the loop draws it (DrawsCandidate) or the operation
// does (k8s apiserver's createWithGenerateNameRetry: create generates a
// new name from generateName on every call), or it looks up who holds
// the key and claims it once it is free (a deduplicated enqueue): a
// search or a claim, not a retry. RetriesOnlyOnExists reads the
// statements after the operation's, up to the one that tests the error:
//
//	if err == nil || !apierrors.IsAlreadyExists(err) { return ... }
//	if os.IsExist(err) { continue }; return ...
//	if err != nil { if errors.Is(err, ErrDuplicate) { continue }; return ... }; return ...
//
// The statements before that test may only leave the loop: one that may
// go back (a continue, a goto), or that assigns the error, keeps the loop
// a retry, as does another outcome that goes back.

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
			// if tx { err = runTx(op) } else { err = op() }: a statement
			// that only branches, with the operation's error in it.
			if errVar = m.branchedError(st, g); errVar == nil {
				continue
			}
		}
		for j := i + 1; j < len(body.List); j++ {
			next := body.List[j]
			if ifs, ok := next.(*ast.IfStmt); ok && ifs.Init == nil && m.exitsUnlessExists(ifs, errVar, body.List[j+1:]) {
				return true
			}
			if exits(next) || m.mayGoBack(next, errVar) {
				return false
			}
		}
		return false
	}
	return false
}

// mayGoBack reports whether st, a statement between the operation's and
// the test of its error, may go back round the loop (a continue or goto
// in it, outside function literals) or assigns errVar.
func (m *Rules) mayGoBack(st ast.Stmt, errVar *types.Var) bool {
	found := false
	return typesx.InspectNoLitsUntil(&found, st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BranchStmt:
			found = n.Tok == token.CONTINUE || n.Tok == token.GOTO
		case *ast.AssignStmt:
			found = errVar != nil && slices.ContainsFunc(n.Lhs, func(l ast.Expr) bool { return m.info.ObjectOf(typesx.IdentOf(l)) == errVar })
		}
		return true
	})
}

// branchedError returns the error variable that an if statement st,
// which holds no continue or goto, assigns the result of one of g's calls
// to in one of its branches (its last statement).
func (m *Rules) branchedError(st ast.Stmt, g *Group) *types.Var {
	ifs, ok := st.(*ast.IfStmt)
	if !ok || m.mayGoBack(ifs, nil) {
		return nil
	}
	for {
		if n := len(ifs.Body.List); n > 0 {
			if v := m.assignedError(ifs.Body.List[n-1], g); v != nil {
				return v
			}
		}
		switch e := ifs.Else.(type) {
		case *ast.IfStmt:
			ifs = e
			continue
		case *ast.BlockStmt:
			if n := len(e.List); n > 0 {
				return m.assignedError(e.List[n-1], g)
			}
		}
		return nil
	}
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
	v, _ := m.info.ObjectOf(typesx.IdentOf(as.Lhs[len(as.Lhs)-1])).(*types.Var)
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
		if slices.ContainsFunc(typesx.Operands(ifs.Cond, token.LOR), func(x ast.Expr) bool {
			u, ok := ast.Unparen(x).(*ast.UnaryExpr)
			return ok && u.Op == token.NOT && m.isExists(u.X, errVar)
		}) {
			return true
		}
		// if err != nil { if exists(err) { continue }; ...; return ... }
		// followed by a return or break: the failure branch goes back on
		// "already exists" alone.
		list := ifs.Body.List
		if len(list) >= 2 && len(rest) > 0 && exits(rest[0]) && m.isFailureTest(ifs.Cond, errVar) {
			inner, ok := list[0].(*ast.IfStmt)
			if !ok || inner.Init != nil || slices.ContainsFunc(list[1:len(list)-1], func(st ast.Stmt) bool { return m.mayGoBack(st, errVar) }) {
				return false
			}
			return m.exitsUnlessExists(inner, errVar, list[len(list)-1:])
		}
	case isBranch(last, token.CONTINUE):
		return len(rest) > 0 && exits(rest[0]) &&
			slices.ContainsFunc(typesx.Operands(ifs.Cond, token.LAND), func(x ast.Expr) bool { return m.isExists(x, errVar) })
	}
	return false
}

// isFailureTest reports whether x is errVar != nil.
func (m *Rules) isFailureTest(x ast.Expr, errVar *types.Var) bool {
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	id, ok := ast.Unparen(b.X).(*ast.Ident)
	return ok && m.info.Uses[id] == errVar && typesx.IsNil(m.info, b.Y)
}

// isExists reports whether x is a call of an exists predicate on errVar
// (apierrors.IsAlreadyExists(err)), or errors.Is(err, target) with a
// target that says the thing exists already (knowledge.IsExistsError:
// fs.ErrExist, a package's ErrAlreadyExists or ErrDuplicateKey).
func (m *Rules) isExists(x ast.Expr, errVar *types.Var) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch key := fn.Pkg().Path() + "." + fn.Name(); {
	case len(call.Args) == 1 && knowledge.IsExistsPredicate(key):
	case len(call.Args) == 2 && key == "errors.Is":
		arg := ast.Unparen(call.Args[1])
		if sel, ok := arg.(*ast.SelectorExpr); ok {
			arg = sel.Sel // fs.ErrExist
		}
		target, _ := m.info.Uses[typesx.IdentOf(arg)].(*types.Var)
		if target == nil || target.Pkg() == nil || target.Parent() != target.Pkg().Scope() || !knowledge.IsExistsError(target.Pkg().Path(), target.Name()) {
			return false
		}
	default:
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	return ok && m.info.Uses[id] == errVar
}

// exits reports whether st leaves the loop: a return, or a break with
// no label.
func exits(st ast.Stmt) bool {
	_, ok := st.(*ast.ReturnStmt)
	return ok || isBranch(st, token.BREAK)
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
