package tracker

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file reads the count of a loop that keeps its attempts in an
// object of the package (an attempt tracker):
//
//	retry := newRetry(r.maxRetries)   // or a func field defaulting to it
//	for {
//		...
//		if retry.IsNextRetry(resp, err) { continue }
//		return err
//	}
//
// where the constructor returns &tracker{max: n} and the method counts in
// its receiver before any way of saying yes: `t.attempts++; if
// t.attempts > t.max { return false }`. The loop then makes at most n
// retries (n-1 with >=), n the constructor's argument. The loop itself
// has no counter, so the interpreter leaves its bound unknown; only then
// is the tracker read (trackerBound).

// trackerBound returns the bound a tracker object declared before loop
// in body sets, when the loop asks it whether to go round.
func (m *model) trackerBound(body *ast.BlockStmt, loop ast.Node) (site.Bound, bool) {
	if body == nil || loop == nil || m.pkg != m.pass.Pkg {
		return site.Bound{}, false // another package's helper: its files are not at hand
	}
	var found site.Bound
	ok := false
	typesx.InspectUntil(&ok, loop, func(n ast.Node) bool {
		cond := condCall(n)
		if cond == nil {
			return true
		}
		sel, isSel := ast.Unparen(cond.Fun).(*ast.SelectorExpr)
		if !isSel {
			return true
		}
		v, _ := m.info.Uses[typesx.IdentOf(sel.X)].(*types.Var)
		if v == nil || v.Pos() < body.Pos() || v.Pos() >= loop.Pos() {
			return true // declared in the function, before the loop
		}
		if b, good := m.trackerOf(body, v, sel.Sel.Name); good {
			found, ok = b, true
		}
		return !ok
	})
	return found, ok
}

// condCall returns the call an if statement tests, alone or negated.
func condCall(n ast.Node) *ast.CallExpr {
	is, ok := n.(*ast.IfStmt)
	if !ok {
		return nil
	}
	x := ast.Unparen(is.Cond)
	if u, isNot := x.(*ast.UnaryExpr); isNot && u.Op == token.NOT {
		x = ast.Unparen(u.X)
	}
	c, _ := x.(*ast.CallExpr)
	return c
}

// trackerOf reads the tracker v holds: one definition in body by a call
// of a constructor of the package (directly or through a func field the
// package sets), whose method name counts in its receiver.
func (m *model) trackerOf(body *ast.BlockStmt, v *types.Var, name string) (site.Bound, bool) {
	tc, ok := m.trackerCtor(body, v)
	if !ok {
		return site.Bound{}, false
	}
	def, ctorType, lit, named := tc.def, tc.ctorType, tc.lit, tc.named
	// The literal's fields set from the constructor's parameters.
	params := map[*types.Var]int{}
	for i, p := range typesx.FuncParams(m.info, ctorType) {
		if p != nil {
			params[p] = i
		}
	}
	setFrom := map[*types.Var]ast.Expr{} // field -> the call's argument
	inLit := map[*types.Var]bool{}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return site.Bound{}, false
		}
		k, _ := kv.Key.(*ast.Ident)
		f, _ := m.info.Uses[k].(*types.Var)
		if f == nil {
			return site.Bound{}, false
		}
		inLit[f] = true
		if p, _ := m.info.Uses[typesx.IdentOf(kv.Value)].(*types.Var); p != nil {
			if j, isParam := params[p]; isParam && j < len(def.Args) {
				setFrom[f] = def.Args[j]
			}
		}
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, m.pkg, name)
	fn, _ := obj.(*types.Func)
	md := m.FuncDecl(fn)
	if md == nil || md.Body == nil || md.Recv == nil || len(md.Recv.List) != 1 || len(md.Recv.List[0].Names) != 1 ||
		md.Type.Results == nil || md.Type.Results.NumFields() != 1 {
		return site.Bound{}, false
	}
	recv, _ := m.info.Defs[md.Recv.List[0].Names[0]].(*types.Var)
	if recv == nil {
		return site.Bound{}, false
	}
	counter, limit, strict, ok := m.countsInReceiver(md, recv)
	if !ok || inLit[counter] || m.fieldWrites(counter) != 1 {
		return site.Bound{}, false
	}
	arg, ok := setFrom[limit]
	if !ok || m.fieldWrites(limit) != 1 {
		return site.Bound{}, false
	}
	return m.BoundOverValues(func() site.Bound {
		n, ok := m.WriteInt(arg)
		if !ok {
			return site.Bound{Kind: site.BoundUnknown}
		}
		retries := int(n)
		if !strict {
			retries--
		}
		retries = max(retries, 0)
		return site.Bound{Kind: site.BoundKnown, Retries: retries, Counted: site.CountedAttempts(retries + 1)}
	}), true
}

// countsInReceiver reads a tracker method: its body's top-level
// statements step a field of the receiver (counter++), and a later
// top-level `if recv.counter > recv.limit { return false }` says no once
// the count passes the limit; no statement before the step says yes.
// strict is true for >, false for >=.
func (m *model) countsInReceiver(md *ast.FuncDecl, recv *types.Var) (counter, limit *types.Var, strict, ok bool) {
	recvField := func(x ast.Expr) *types.Var {
		sel, isSel := ast.Unparen(x).(*ast.SelectorExpr)
		if !isSel {
			return nil
		}
		if id, isIdent := ast.Unparen(sel.X).(*ast.Ident); !isIdent || m.info.Uses[id] != recv {
			return nil
		}
		f, _ := m.info.Uses[sel.Sel].(*types.Var)
		if f == nil || !f.IsField() || !interp.IsIntegerOrBool(f.Type()) {
			return nil
		}
		return f
	}
	saysYes := func(n ast.Node) bool {
		yes := false
		return typesx.InspectNoLitsUntil(&yes, n, func(n ast.Node) bool {
			r, isRet := n.(*ast.ReturnStmt)
			yes = isRet && (len(r.Results) != 1 || !isFalse(m.info, r.Results[0]))
			return true
		})
	}
	// limitTest returns the field a top-level `if counter > f { return
	// false }` compares the counter with, and the comparison, counter on
	// its left; nil for another statement.
	limitTest := func(st ast.Stmt) (*types.Var, token.Token) {
		is, isIf := st.(*ast.IfStmt)
		if !isIf || is.Init != nil || len(is.Body.List) != 1 {
			return nil, token.ILLEGAL
		}
		ret, isRet := is.Body.List[0].(*ast.ReturnStmt)
		b, isBin := ast.Unparen(is.Cond).(*ast.BinaryExpr)
		if !isRet || len(ret.Results) != 1 || !isFalse(m.info, ret.Results[0]) || !isBin {
			return nil, token.ILLEGAL
		}
		x, y, op := recvField(b.X), recvField(b.Y), b.Op
		if x != counter {
			x, y, op = y, x, typesx.MirrorOp(op) // only < and <= become the > and >= kept
		}
		if x != counter || y == counter {
			return nil, token.ILLEGAL
		}
		return y, op
	}
	for _, st := range md.Body.List {
		if counter == nil {
			if inc, isInc := st.(*ast.IncDecStmt); isInc && inc.Tok == token.INC {
				if counter = recvField(inc.X); counter != nil {
					continue
				}
			}
		} else if y, op := limitTest(st); y != nil {
			if op != token.GTR && op != token.GEQ {
				return nil, nil, false, false
			}
			return counter, y, op == token.GTR, true
		}
		if saysYes(st) {
			return nil, nil, false, false
		}
	}
	return nil, nil, false, false
}

// fieldWrites counts the writes of field f in the package: assignments,
// steps and composite-literal keys.
func (m *model) fieldWrites(f *types.Var) int {
	n := 0
	isF := func(x ast.Expr) bool {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		return ok && m.info.Uses[sel.Sel] == f
	}
	for _, file := range m.pass.Files {
		ast.Inspect(file, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					if isF(l) {
						n++
					}
				}
			case *ast.IncDecStmt:
				if isF(x.X) {
					n++
				}
			case *ast.KeyValueExpr:
				if k, ok := x.Key.(*ast.Ident); ok && m.info.Uses[k] == f {
					n++
				}
			case *ast.UnaryExpr:
				if x.Op == token.AND && isF(x.X) {
					n += 2 // its address escapes: unknown writes
				}
			}
			return true
		})
	}
	return n
}

func isFalse(info *types.Info, x ast.Expr) bool {
	tv, ok := info.Types[x]
	return ok && tv.Value != nil && tv.Value.String() == "false"
}

// A trackerCtorCall is the one definition of a local by a constructor of
// the package whose whole body is `return &T{...}`, T a type of the
// package.
type trackerCtorCall struct {
	def      *ast.CallExpr // the call that defines the local
	ctorType *ast.FuncType // the constructor's signature
	lit      *ast.CompositeLit
	named    *types.Named // T
}

// trackerCtor reads the constructor call that defines v: v is written
// once in body, by a call of a function of the package or of a func
// field whose one default the package ships (IndexedFunc), and that
// function's whole body returns the address of a composite literal of a
// type of the package.
func (m *model) trackerCtor(body *ast.BlockStmt, v *types.Var) (trackerCtorCall, bool) {
	def, _ := ast.Unparen(typesx.OnlyDefinition(m.info, body, v)).(*ast.CallExpr)
	if def == nil {
		return trackerCtorCall{}, false
	}
	var ctorBody *ast.BlockStmt
	var ctorType *ast.FuncType
	if d := m.FuncDecl(typesx.Callee(m.info, def)); d != nil && d.Body != nil {
		ctorBody, ctorType = d.Body, d.Type
	} else if b, ft, lit, factory, ok := m.IndexedFunc(def.Fun); ok && lit == nil && factory == nil {
		ctorBody, ctorType = b, ft
	}
	if ctorBody == nil || len(ctorBody.List) != 1 {
		return trackerCtorCall{}, false
	}
	ret, ok := ctorBody.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return trackerCtorCall{}, false
	}
	u, ok := ast.Unparen(ret.Results[0]).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return trackerCtorCall{}, false
	}
	lit, ok := ast.Unparen(u.X).(*ast.CompositeLit)
	if !ok {
		return trackerCtorCall{}, false
	}
	named, _ := types.Unalias(m.info.TypeOf(lit)).(*types.Named)
	if named == nil || named.Obj().Pkg() != m.pkg {
		return trackerCtorCall{}, false
	}
	return trackerCtorCall{def: def, ctorType: ctorType, lit: lit, named: named}, true
}

// trackerMethod returns the method an interface method call on a local
// tracker runs: for retry.IsNextRetry(...), with retry declared in a
// function of the package as the one result of a constructor whose whole
// body is `return &T{...}` (trackerCtor), T's IsNextRetry. The local
// holds nothing else, so its interface hides no other implementation,
// and the evaluator reads the decision through that method's body (as it
// reads a predicate of the package): a tracker that also decides whether
// a response is worth another attempt (checkWait on its status) says no
// to a success. nil when the call is no such call.
func (m *model) trackerMethod(call *ast.CallExpr) *types.Func {
	if m.pkg != m.pass.Pkg {
		return nil // another package's helper: its files are not at hand
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	v, _ := m.info.Uses[typesx.IdentOf(sel.X)].(*types.Var)
	if v == nil || v.IsField() || v.Pkg() != m.pkg || v.Parent() == nil || v.Parent() == m.pkg.Scope() || !types.IsInterface(v.Type()) {
		return nil
	}
	decl := typesx.FuncDeclAt(m.pass.Files, v.Pos())
	if decl == nil {
		return nil
	}
	tc, ok := m.trackerCtor(decl.Body, v)
	if !ok {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tc.named), true, m.pkg, sel.Sel.Name)
	fn, _ := obj.(*types.Func)
	if fn == nil || m.FuncDecl(fn) == nil {
		return nil
	}
	return fn
}
