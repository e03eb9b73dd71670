package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
)

// A recursive retry may count its attempts in a parameter it steps on
// every call of itself and compares with a limit:
//
//	func (c *client) retry(req *request, tries int) error {
//		...
//		if tries >= c.RateLimiter().MaxRetries() {
//			return err
//		}
//		return c.retry(req, tries+1)
//	}
//
// called by the package with a constant first value (c.retry(req, 1)).
// Its bound is what the limit (a constant, or what the interpreter
// computes: a field's default, the package's one implementation of an
// interface method) leaves between the first value and the end, stepping
// as the calls step. The guard is an if that leaves before the call
// (`if tries >= limit { return }`) or one the call is inside (`if retries
// > 0 && canRetry { return c.retry(..., retries-1, backoff*2) }`). Every
// other argument must be passed on unchanged, or be a duration (the next
// wait): anything else may carry the count (a context marked "retried").

// stepGuard is the comparison that ends the recursion: the stepped
// parameter p, the limit, and the operator under which the call is made
// (p op limit).
type stepGuard struct {
	limit ast.Expr
	op    token.Token
}

// recursionCount returns the bound of a recursive site whose calls of
// itself (calls) step one integer parameter, with ok; ok is false when
// they do not, or the guard, the limit or the first value is unknown.
func (m *model) recursionCount(fi *funcInfo, fb funcBody, calls []*ast.CallExpr) (Bound, bool) {
	sig := fb.obj.Type().(*types.Signature)
	idx, step := -1, int64(0)
	for _, c := range calls {
		for i, a := range c.Args {
			if i >= sig.Params().Len() {
				return Bound{}, false
			}
			p := sig.Params().At(i)
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && m.info.Uses[id] == p {
				continue
			}
			if typesx.IsNamed(m.info.TypeOf(a), "time", "Duration") {
				continue // the next wait
			}
			k, ok := m.stepOf(a, p)
			if !ok || idx >= 0 && (idx != i || k != step) {
				return Bound{}, false
			}
			idx, step = i, k
		}
	}
	if idx < 0 {
		return Bound{}, false
	}
	p := sig.Params().At(idx)
	g, ok := m.recursionGuard(fb.body, p, calls)
	if !ok {
		return Bound{}, false
	}
	lv := (&evaluator{Fi: fi}).Eval(g.limit, env{})
	if lv.K != vInt {
		return Bound{}, false
	}
	first, ok := m.firstArg(fb, idx)
	if !ok {
		return Bound{}, false
	}
	n := callsWhile(first, step, lv.I, g.op)
	if n <= 0 {
		return Bound{}, false
	}
	return Bound{Kind: BoundKnown, Retries: n, Counted: site.CountedAttempts(n + 1)}, true
}

// stepOf returns k when a is p+k or p-k (-k), k a constant.
func (m *model) stepOf(a ast.Expr, p *types.Var) (int64, bool) {
	b, ok := ast.Unparen(a).(*ast.BinaryExpr)
	if !ok || b.Op != token.ADD && b.Op != token.SUB {
		return 0, false
	}
	if id, ok := ast.Unparen(b.X).(*ast.Ident); !ok || m.info.Uses[id] != p {
		return 0, false
	}
	tv, ok := m.info.Types[b.Y]
	if !ok || tv.Value == nil {
		return 0, false
	}
	k, exact := constant.Int64Val(constant.ToInt(tv.Value))
	if !exact || k <= 0 {
		return 0, false
	}
	if b.Op == token.SUB {
		k = -k
	}
	return k, true
}

// recursionGuard finds the comparison of p with a limit under which the
// calls are made: an if whose body leaves without calling (its
// condition negated), or an if that holds every call, one of whose
// conjuncts compares p.
func (m *model) recursionGuard(body *ast.BlockStmt, p *types.Var, calls []*ast.CallExpr) (stepGuard, bool) {
	var g stepGuard
	found := false
	typesx.InspectNoLitsUntil(&found, body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		holds := !slices.ContainsFunc(calls, func(c *ast.CallExpr) bool { return c.Pos() < is.Body.Pos() || c.End() > is.Body.End() })
		leaves := !holds && len(is.Body.List) > 0 && !slices.ContainsFunc(calls, func(c *ast.CallExpr) bool { return is.Pos() <= c.Pos() && c.End() <= is.End() })
		if leaves {
			_, leaves = is.Body.List[len(is.Body.List)-1].(*ast.ReturnStmt)
			leaves = leaves && !slices.ContainsFunc(calls, func(c *ast.CallExpr) bool { return c.Pos() < is.Pos() })
		}
		if !holds && !leaves || is.Else != nil && leaves {
			return true
		}
		conj := []ast.Expr{is.Cond}
		if holds {
			conj = typesx.Operands(is.Cond, token.LAND)
		} else if b, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr); !ok || b.Op == token.LAND || b.Op == token.LOR {
			return true // a leaving test of several things: not the count's alone
		}
		for _, x := range conj {
			if lim, op, ok := m.compares(x, p); ok {
				if leaves {
					op = typesx.NegateOp(op)
				}
				g, found = stepGuard{lim, op}, true
				return false
			}
		}
		return true
	})
	return g, found
}

// compares returns L and op when x is `p op L` (or `L op' p`, turned
// round), op an ordering.
func (m *model) compares(x ast.Expr, p *types.Var) (ast.Expr, token.Token, bool) {
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	if !ok {
		return nil, 0, false
	}
	switch b.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return nil, 0, false
	}
	isP := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && m.info.Uses[id] == p
	}
	switch {
	case isP(b.X) && !typesx.UsesAny(m.info, b.Y, map[*types.Var]bool{p: true}):
		return b.Y, b.Op, true
	case isP(b.Y) && !typesx.UsesAny(m.info, b.X, map[*types.Var]bool{p: true}):
		return b.X, typesx.MirrorOp(b.Op), true
	}
	return nil, 0, false
}

// firstArg returns the value every call of the function in the package,
// other than its own, gives parameter idx: a constant they agree on.
func (m *model) firstArg(fb funcBody, idx int) (int64, bool) {
	var v int64
	n, ok := 0, true
	typesx.Preorder(m.pass, callTypes, func(nd ast.Node) {
		call := nd.(*ast.CallExpr)
		if !ok || !calleeNamed(call, fb.obj.Name()) {
			return
		}
		if fn := typesx.Callee(m.info, call); fn == nil || fn.Origin() != fb.obj.Origin() {
			return
		}
		if fb.body.Pos() <= call.Pos() && call.End() <= fb.body.End() {
			return // its own
		}
		if idx >= len(call.Args) {
			ok = false
			return
		}
		tv, has := m.info.Types[call.Args[idx]]
		if !has || tv.Value == nil {
			ok = false
			return
		}
		c, exact := constant.Int64Val(constant.ToInt(tv.Value))
		if !exact || n > 0 && c != v {
			ok = false
			return
		}
		v, n = c, n+1
	})
	return v, ok && n > 0
}

// callsWhile counts the calls made from first, stepping by step, while
// `p op limit` holds (at most 1000: more is no count a rule reads).
func callsWhile(first, step, limit int64, op token.Token) int {
	n := 0
	for p := first; waitshape.Compare(op, float64(p), float64(limit)) && n <= 1000; p += step {
		n++
	}
	if n > 1000 {
		return 0
	}
	return n
}
