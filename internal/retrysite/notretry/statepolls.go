package notretry

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// State polls: library entries that run a refresh function until the
// state it returns is one of a target list, going on while it is one of
// a pending list (knowledge.Entry.StatePoll: terraform's StateChangeConf
// with Refresh, Pending and Target). Such a call is a retry only when the
// refresh function turns an operation's failure into a pending state:
// every `return x, "pending", nil` sits where an operation's result was
// found to have failed (under `if res != nil`, or after `if res == nil
// { ...; return }`), with a result that is not nil (a nil result counts
// towards NotFoundChecks instead), and every other return gives a target
// state, another listed-nowhere state (which stops the poll) or an error.
// A refresh that returns a state it read (a resource's status) waits for
// that state: a state poll, not a retry, and not a site. The receiver
// must be a composite literal, or a local defined from one and never
// written again, whose Pending and Target are lists of constants.

// StatePollConf returns the composite literal a state-poll call's
// receiver is (&T{...}.Wait(), or c.Wait() with c := &T{...} and c
// never assigned, nor a field of it, nor its address taken in the
// function); nil when the receiver is anything else.
func (m *Rules) StatePollConf(call *ast.CallExpr) *ast.CompositeLit {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if lit := compositeOf(sel.X); lit != nil {
		return lit
	}
	v, ok := m.info.Uses[typesx.IdentOf(sel.X)].(*types.Var)
	if !ok || v.IsField() || v.Parent() == m.pkg.Scope() {
		return nil
	}
	decl := m.host.DeclAt(call.Pos())
	if decl == nil || decl.Body == nil {
		return nil
	}
	var lit *ast.CompositeLit
	bad := false
	names := func(x ast.Expr) bool {
		id, ok := typesx.ChainRoot(x, true).(*ast.Ident)
		return ok && typesx.ObjOf(m.info, id) == types.Object(v)
	}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if !names(l) {
					continue
				}
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) && lit == nil && m.info.Defs[id] == types.Object(v) {
					if cl := compositeOf(n.Rhs[i]); cl != nil {
						lit = cl
						continue
					}
				}
				bad = true
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if m.info.Defs[name] == types.Object(v) {
					if i < len(n.Values) && lit == nil {
						if cl := compositeOf(n.Values[i]); cl != nil {
							lit = cl
							continue
						}
					}
					bad = true
				}
			}
		case *ast.IncDecStmt:
			bad = bad || names(n.X)
		case *ast.UnaryExpr:
			bad = bad || n.Op == token.AND && names(n.X)
		}
		return !bad
	})
	if bad {
		return nil
	}
	return lit
}

// compositeOf returns the composite literal x is, or takes the address
// of.
func compositeOf(x ast.Expr) *ast.CompositeLit {
	x = ast.Unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	lit, _ := x.(*ast.CompositeLit)
	return lit
}

// FieldValue returns the value a keyed composite literal gives field
// name, or nil.
func FieldValue(lit *ast.CompositeLit, name string) ast.Expr {
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}

// statePollRetries reports whether a state poll's refresh function
// retries a failing operation (see above).
func (m *Rules) statePollRetries(call *ast.CallExpr, sp knowledge.StatePoll) bool {
	lit := m.StatePollConf(call)
	if lit == nil {
		return false
	}
	pending, ok1 := m.stringList(FieldValue(lit, sp.Pending))
	target, ok2 := m.stringList(FieldValue(lit, sp.Target))
	refresh := FieldValue(lit, sp.Refresh)
	if !ok1 || !ok2 || len(pending) == 0 || len(target) == 0 || refresh == nil {
		return false
	}
	body := m.conditionBody(refresh)
	if body == nil {
		return false
	}
	retries, other := false, false
	judge := func(r *ast.ReturnStmt, failed bool) {
		if len(r.Results) != 3 {
			other = true
			return
		}
		if !typesx.IsNil(m.info, r.Results[2]) {
			return // an error stops the poll
		}
		tv, ok := m.info.Types[r.Results[1]]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			other = true // a state read from somewhere: a state poll
			return
		}
		st := constant.StringVal(tv.Value)
		switch {
		case target[st]:
		case pending[st]:
			if failed && !typesx.IsNil(m.info, r.Results[0]) {
				retries = true
			} else {
				other = true
			}
		}
	}
	// returnsIn judges the returns in n (outside function literals) with
	// what is known at n.
	returnsIn := func(n ast.Node, failed bool) {
		for _, r := range typesx.Returns(n) {
			judge(r, failed)
		}
	}
	var walk func(list []ast.Stmt, failed bool)
	walk = func(list []ast.Stmt, failed bool) {
		for _, s := range list {
			switch s := s.(type) {
			case *ast.ReturnStmt:
				judge(s, failed)
			case *ast.BlockStmt:
				walk(s.List, failed)
			case *ast.IfStmt:
				fail, v := m.nilCheck(s.Cond, body)
				ok := v != nil
				if s.Init != nil {
					returnsIn(s.Init, failed)
				}
				walk(s.Body.List, failed || ok && fail)
				if s.Else != nil {
					walk([]ast.Stmt{s.Else}, failed || ok && !fail)
				}
				if ok && !fail && endsInReturn(s.Body) {
					failed = true // past `if res == nil { return }`
				}
			default:
				returnsIn(s, failed)
			}
		}
	}
	walk(body.List, false)
	return retries && !other
}

// nilCheck reads cond as a test of an operation's result: `x != nil`
// (fail) or `x == nil` (!fail) for a variable x that body assigns from a
// call, returned as v; v is nil for any other condition.
func (m *Rules) nilCheck(cond ast.Expr, body *ast.BlockStmt) (fail bool, v *types.Var) {
	be, isBin := ast.Unparen(cond).(*ast.BinaryExpr)
	if !isBin || (be.Op != token.NEQ && be.Op != token.EQL) || !typesx.IsNil(m.info, be.Y) {
		return false, nil
	}
	x, isVar := m.info.Uses[typesx.IdentOf(be.X)].(*types.Var)
	if !isVar || !m.fromCall(x, body) {
		return false, nil
	}
	return be.Op == token.NEQ, x
}

// fromCall reports whether body assigns x from a call.
func (m *Rules) fromCall(x *types.Var, body *ast.BlockStmt) bool {
	fromCall := false
	return typesx.InspectUntil(&fromCall, body, func(n ast.Node) bool {
		as, isAs := n.(*ast.AssignStmt)
		if !isAs || len(as.Rhs) != 1 {
			return true
		}
		if _, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); !isCall {
			return true
		}
		fromCall = slices.ContainsFunc(as.Lhs, func(l ast.Expr) bool {
			lid, ok := l.(*ast.Ident)
			return ok && typesx.ObjOf(m.info, lid) == types.Object(x)
		})
		return true
	})
}

// endsInReturn reports whether a block's last statement is a return.
func endsInReturn(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// stringList returns the constant strings of a slice literal.
func (m *Rules) stringList(x ast.Expr) (map[string]bool, bool) {
	lit, ok := ast.Unparen(x).(*ast.CompositeLit)
	if x == nil || !ok {
		return nil, false
	}
	res := make(map[string]bool, len(lit.Elts))
	for _, e := range lit.Elts {
		tv, ok := m.info.Types[e]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			return nil, false
		}
		res[constant.StringVal(tv.Value)] = true
	}
	return res, true
}
