package libsite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A retry library used as a poll. An operation given to a retry library
// that, when its call succeeds with an empty result (c == nil, len(items)
// == 0), returns an error of its own (errNotFound, fmt.Errorf("not yet"))
// goes around on a success: it waits for the thing to appear, a state
// poll, as a hand-written loop that comes back on success is one
// (periodic.go). Its failure path shares the poll's waits, which the
// model does not report as a retry of their own. An operation that makes
// its own error from a status (resp.StatusCode >= 500) or from the call's
// error still retries a failure.

// A library that retries only the errors its marker wraps, and whose
// marker its users also poll with (knowledge.Library.MarkedPolls:
// terraform's retry.RetryableError), is a poll when the function marks
// an error of its own: `if res.Status != "READY" { return
// retry.RetryableError(fmt.Errorf("not ready")) }` after a call that
// succeeded waits for a state. Every marker call must wrap what an
// operation's error gives (retry.RetryableError(err), fmt.Errorf("...:
// %w", err)), or sit under a test of an operation's response (if
// res.StatusCode >= 500: an error of its own made from a failed status);
// one that does neither makes the call a state poll, not a site
// (pollsThroughMarker).

// pollsThroughLibrary reports whether one of the operations given to a
// library entry is a function literal that returns an error of its own
// when an operation's result is empty.
func (m *Reader) pollsThroughLibrary(ops []ast.Expr) bool {
	return slices.ContainsFunc(ops, func(o ast.Expr) bool {
		lit, ok := ast.Unparen(o).(*ast.FuncLit)
		return ok && lit.Body != nil && m.emptyResultError(lit)
	})
}

// emptyResultError reports whether lit has an if statement testing that
// a non-error result of one of its operations is empty (x == nil,
// len(x) == 0), whose body returns a non-nil error that reads no error
// an operation returned.
func (m *Reader) emptyResultError(lit *ast.FuncLit) bool {
	results := make(map[*types.Var]bool) // non-error results of operations
	opErrs := make(map[*types.Var]bool)
	typesx.InspectNoLits(lit.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		c, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !m.host.MayBeOp(c) {
			return true
		}
		for _, l := range as.Lhs {
			v := m.LocalVar(l)
			if v == nil {
				continue
			}
			if typesx.IsErrorType(v.Type()) {
				opErrs[v] = true
			} else {
				results[v] = true
			}
		}
		return true
	})
	if len(results) == 0 {
		return false
	}
	sig, _ := m.info.TypeOf(lit).(*types.Signature)
	errorLast := sig != nil && sig.Results().Len() > 0 && typesx.IsErrorType(sig.Results().At(sig.Results().Len()-1).Type())
	found := false
	return typesx.InspectNoLitsUntil(&found, lit.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || len(is.Body.List) == 0 || !m.emptyTest(is.Cond, results) {
			return true
		}
		ret, ok := is.Body.List[len(is.Body.List)-1].(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 {
			return true
		}
		last := ret.Results[len(ret.Results)-1]
		found = errorLast && !typesx.IsIdent(last, "nil") && !typesx.UsesAny(m.info, last, opErrs)
		return true
	})
}

// emptyTest reports whether cond is x == nil or len(x) == 0 for x one
// of vars.
func (m *Reader) emptyTest(cond ast.Expr, vars map[*types.Var]bool) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	x := b.X
	switch {
	case typesx.IsIdent(b.Y, "nil"):
	case isZeroLit(b.Y):
		c, ok := ast.Unparen(b.X).(*ast.CallExpr)
		if !ok || !typesx.IsIdent(c.Fun, "len") || len(c.Args) != 1 {
			return false
		}
		x = c.Args[0]
	default:
		return false
	}
	v := m.LocalVar(x)
	return v != nil && vars[v]
}

// isZeroLit reports whether x is the literal 0.
func isZeroLit(x ast.Expr) bool {
	l, ok := ast.Unparen(x).(*ast.BasicLit)
	return ok && l.Kind == token.INT && l.Value == "0"
}

// pollsThroughMarker reports whether one of the operations given to a
// library entry is a function literal that calls a retryable marker
// (knowledge.MarkRetryable) with a value that reads no error an
// operation of the literal returned, outside any test of an operation's
// response.
func (m *Reader) pollsThroughMarker(ops []ast.Expr) bool {
	for _, o := range ops {
		lit, ok := ast.Unparen(o).(*ast.FuncLit)
		if !ok || lit.Body == nil {
			continue
		}
		opErrs, opResps := m.opErrors(lit)
		poll := false
		var conds []ast.Expr // the conditions of the ifs around the node
		var visit func(n ast.Node) bool
		visit = func(n ast.Node) bool {
			if poll || n == nil {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				if n.Init != nil {
					ast.Inspect(n.Init, visit)
				}
				ast.Inspect(n.Cond, visit)
				conds = append(conds, n.Cond)
				ast.Inspect(n.Body, visit)
				conds = conds[:len(conds)-1]
				if n.Else != nil {
					ast.Inspect(n.Else, visit)
				}
				return false
			case *ast.CallExpr:
				if len(n.Args) != 1 {
					return true
				}
				fn := typesx.Callee(m.info, n)
				if fn == nil || fn.Pkg() == nil || knowledge.MarkerOf(m.copies.Path(fn.Pkg())+"."+fn.Name()) != knowledge.MarkRetryable {
					return true
				}
				if typesx.UsesAny(m.info, n.Args[0], opErrs) {
					return true
				}
				// An error of its own made from a response's status
				// (if res.StatusCode >= 500) still marks a failure.
				for _, c := range conds {
					if typesx.UsesAny(m.info, c, opResps) {
						return true
					}
				}
				poll = true
			}
			return true
		}
		ast.Inspect(lit.Body, visit)
		if poll {
			return true
		}
	}
	return false
}

// opErrors returns the error variables of lit that an operation's call
// assigns (err from res, err := c.Do(req)), and its HTTP response ones
// (res).
func (m *Reader) opErrors(lit *ast.FuncLit) (opErrs, opResps map[*types.Var]bool) {
	opErrs, opResps = make(map[*types.Var]bool), make(map[*types.Var]bool)
	typesx.InspectNoLits(lit.Body, func(n ast.Node) bool {
		var lhs []ast.Expr
		var rhs ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 {
				return true
			}
			lhs, rhs = n.Lhs, n.Rhs[0]
		case *ast.ValueSpec:
			if len(n.Values) != 1 {
				return true
			}
			for _, id := range n.Names {
				lhs = append(lhs, id)
			}
			rhs = n.Values[0]
		default:
			return true
		}
		c, ok := ast.Unparen(rhs).(*ast.CallExpr)
		if !ok || !m.host.MayBeOp(c) {
			return true
		}
		for _, l := range lhs {
			v := m.LocalVar(l)
			switch {
			case v == nil:
			case typesx.IsErrorType(v.Type()):
				opErrs[v] = true
			case interp.IsResponseType(v.Type()):
				opResps[v] = true
			}
		}
		return true
	})
	return opErrs, opResps
}
