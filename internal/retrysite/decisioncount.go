package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A loop whose operation is a retry decision of the package (decider.go's
// RetryDecision: it sends, waits and says again) may count in the loop,
// `for i := 0; ; i++ { resp, again, err := c.try(req, i); ... }`, and
// leave the limit to the decision, which says no once the count has run
// out:
//
//	remain := c.client.RetryMax - i
//	if remain <= 0 {
//		return resp, body, false, errMaxRetries
//	}
//
// The loop's bound is the decision's: the values of the loop's counter,
// from its first value by one, for which the test does not say no.

// decisionCount returns the bound of loop when its operation (the one
// call of calls) is a retry decision given the loop's counter, with ok;
// ok is false when the counter, the decision's test or its limit is not
// known. The limit is what the interpreter computes, or else what
// limitOf gives (nestedRetries: a kept client's setting).
func (m *model) decisionCount(loop ast.Node, calls []*ast.CallExpr, limitOf func(ast.Expr) (int64, bool)) (Bound, bool) {
	fs, ok := loop.(*ast.ForStmt)
	if !ok || fs.Init == nil || fs.Post == nil || len(calls) != 1 {
		return Bound{}, false
	}
	counter, first, ok := m.loopCounter(fs)
	if !ok {
		return Bound{}, false
	}
	call := calls[0]
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() != m.pkg || m.RetryDecision(fn) < 0 {
		return Bound{}, false
	}
	decl := m.FuncDecl(fn)
	sig := fn.Type().(*types.Signature)
	var p *types.Var
	for i, a := range call.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && m.info.Uses[id] == counter && i < sig.Params().Len() {
			p = sig.Params().At(i)
		}
	}
	if p == nil || decl == nil || typesx.AssignedVars(m.info, decl.Body)[p] {
		return Bound{}, false // no count, or one the decision changes
	}
	limit, op, ok := m.decisionTest(decl, p, m.RetryDecision(fn))
	if !ok {
		return Bound{}, false
	}
	dfi := m.FuncInfo(decl.Body, decl.Type)
	if dfi == nil {
		return Bound{}, false
	}
	lim, ok := int64(0), false
	if lv := (&evaluator{Fi: dfi}).Eval(limit.x, env{}); lv.K == vInt {
		lim, ok = lv.I, true
	} else if limitOf != nil {
		lim, ok = limitOf(limit.x)
	}
	if !ok {
		return Bound{}, false
	}
	n := callsWhile(first, 1, lim-limit.less, typesx.NegateOp(op))
	if n <= 0 {
		return Bound{}, false
	}
	return Bound{Kind: BoundKnown, Retries: n, Counted: site.CountedAttempts(n + 1)}, true
}

// loopCounter returns the variable a for statement counts with, `for i
// := c; ...; i++`, and its first value c.
func (m *model) loopCounter(fs *ast.ForStmt) (*types.Var, int64, bool) {
	as, ok := fs.Init.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, 0, false
	}
	v, _ := m.info.Defs[typesx.IdentOf(as.Lhs[0])].(*types.Var)
	tv := m.info.Types[as.Rhs[0]]
	if v == nil || tv.Value == nil {
		return nil, 0, false
	}
	first, exact := constant.Int64Val(constant.ToInt(tv.Value))
	inc, ok := fs.Post.(*ast.IncDecStmt)
	if !exact || !ok || inc.Tok != token.INC || typesx.VarOf(m.info, inc.X) != v {
		return nil, 0, false
	}
	// The body must not write the counter.
	written := typesx.Writes(m.info, fs.Body, typesx.VarIs(m.info, v))
	return v, first, !written
}

// decisionLimit is the limit of a decision's count test, less what it
// subtracts (remain := L - p; remain <= less).
type decisionLimit struct {
	x    ast.Expr
	less int64
}

// decisionTest finds, at the top level of the decision's body, the if
// that says no (its body returns false at result res) on a test of the
// count p: `p op L`, or `r op c` with r := L - p defined before it
// (remain <= 0 is p >= L). It returns L, and the operator under which the
// decision says no (p op L).
func (m *model) decisionTest(decl *ast.FuncDecl, p *types.Var, res int) (decisionLimit, token.Token, bool) {
	remains := make(map[*types.Var]ast.Expr) // r := L - p
	for _, st := range decl.Body.List {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Tok != token.DEFINE || len(st.Lhs) != 1 || len(st.Rhs) != 1 {
				continue
			}
			b, ok := ast.Unparen(st.Rhs[0]).(*ast.BinaryExpr)
			if v, _ := m.info.Defs[typesx.IdentOf(st.Lhs[0])].(*types.Var); v != nil && ok && b.Op == token.SUB && typesx.VarOf(m.info, b.Y) == p && !typesx.UsesAny(m.info, b.X, map[*types.Var]bool{p: true}) {
				remains[v] = b.X
			}
		case *ast.IfStmt:
			if st.Init != nil || st.Else != nil || len(st.Body.List) == 0 || !m.saysNo(st.Body, res) {
				continue
			}
			if lim, op, ok := m.compares(st.Cond, p); ok {
				return decisionLimit{x: lim}, op, true
			}
			for r, l := range remains {
				lim, op, ok := m.compares(st.Cond, r)
				if !ok {
					continue
				}
				tv := m.info.Types[lim]
				if tv.Value == nil {
					continue
				}
				c, exact := constant.Int64Val(constant.ToInt(tv.Value))
				if !exact {
					continue
				}
				// L - p op c is p op' L - c, op' the mirror of op.
				return decisionLimit{x: l, less: c}, typesx.MirrorOp(op), true
			}
		}
	}
	return decisionLimit{}, 0, false
}

// saysNo reports whether body ends in a return whose result res is the
// constant false.
func (m *model) saysNo(body *ast.BlockStmt, res int) bool {
	ret, ok := body.List[len(body.List)-1].(*ast.ReturnStmt)
	if !ok || res >= len(ret.Results) {
		return false
	}
	tv := m.info.Types[ret.Results[res]]
	return tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value)
}
