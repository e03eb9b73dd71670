package requeue

import (
	"fmt"
	"go/ast"
	gconst "go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// SelfQueued returns the retries through the function's own queue
// (doc.go): among sends, the sends of the function whose body and type
// are given, those that put an item back on the channel a loop of the
// function received it from, after the failure of an operation given
// that item, and not after its success. groups gives the function's
// operations (asked only once a send puts an item back); waits fills in
// the waits of a site from the operation's failure paths around that loop.
func (rf *Finder) SelfQueued(body *ast.BlockStmt, typ *ast.FuncType, sends []*ast.SendStmt, opGroups func() []Group, waits func(s *site.Site, loop ast.Stmt, g *Group)) []*site.Site {
	var sites []*site.Site
	var fi *interp.FuncInfo
	var groups []Group
	for _, send := range sends {
		item, loop := rf.ownItem(body, send)
		if item == nil {
			continue
		}
		if fi == nil {
			if fi = rf.host.FuncInfo(body, typ); fi == nil {
				return nil
			}
			groups = opGroups()
		}
		var retried *Group
		written := typesx.AssignedVars(rf.info, loop)
		for gi := range groups {
			g := &groups[gi]
			i := slices.IndexFunc(g.Calls, func(c *ast.CallExpr) bool { return typesx.Within(c, loop) && rf.givenItem(c, item, written) })
			if i < 0 {
				continue
			}
			ref, ok := fi.CallNode(g.Calls[i])
			if !ok {
				continue
			}
			in := fi.LoopScope(loop)
			if !fi.ReachNode(g.Set, send, ref, interp.SuccessScenario(), nil) && fi.ReachNode(g.Set, send, ref, interp.ErrorScenario(), in) {
				retried = g
				break
			}
		}
		if retried == nil {
			continue
		}
		s := &site.Site{Kind: site.Library, Lib: knowledge.OwnQueue, Node: send, Pos: send.Pos(), Func: body, FuncType: typ, Bound: rf.carriedBound(loop, send, item)}
		for _, c := range retried.Calls {
			s.Ops = append(s.Ops, rf.host.Op(c))
		}
		waits(s, loop, retried)
		s.Node = send
		sites = append(sites, s)
	}
	return sites
}

// ownItem returns the local variable send puts back on its channel when
// a loop of body received it from that same channel (for v := range ch,
// v := <-ch, case v := <-ch in a select), with that loop; the variable is
// written nowhere but at its receive (its fields may be: a count carried
// in the item), and the channel is the same variable or field chain at
// both ends, its root written nowhere in the loop.
func (rf *Finder) ownItem(body *ast.BlockStmt, send *ast.SendStmt) (*types.Var, ast.Stmt) {
	v := typesx.VarOf(rf.info, send.Value)
	if v == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return nil, nil
	}
	var loop ast.Stmt
	var from ast.Expr
	var loops []ast.Stmt
	writes := 0
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		for len(loops) > 0 && n.Pos() >= loops[len(loops)-1].End() {
			loops = loops[:len(loops)-1]
		}
		switch n := n.(type) {
		case *ast.ForStmt:
			loops = append(loops, n)
		case *ast.RangeStmt:
			loops = append(loops, n)
			if n.Key != nil && typesx.VarOf(rf.info, n.Key) == v && n.Tok == token.DEFINE {
				if _, ok := types.Unalias(rf.info.TypeOf(n.X)).Underlying().(*types.Chan); ok {
					loop, from = n, n.X
					return true
				}
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if typesx.VarOf(rf.info, l) != v {
					continue
				}
				u, ok := ast.Unparen(n.Rhs[0]).(*ast.UnaryExpr)
				if i == 0 && n.Tok == token.DEFINE && len(n.Rhs) == 1 && ok && u.Op == token.ARROW && len(loops) > 0 {
					loop, from = loops[len(loops)-1], u.X
				} else {
					writes++
				}
			}
		case *ast.IncDecStmt:
			if typesx.VarOf(rf.info, n.X) == v {
				writes++
			}
		}
		return true
	})
	if loop == nil || writes > 0 || !typesx.Within(send, loop) || send.Pos() < from.End() || !rf.sameChan(send.Chan, from, typesx.AssignedVars(rf.info, loop)) {
		return nil, nil
	}
	return v, loop
}

// sameChan reports whether a and b are the same channel: the same
// variable, or the same field of the same chain, none of them written
// (in the loop).
func (rf *Finder) sameChan(a, b ast.Expr, written map[*types.Var]bool) bool {
	a, b = ast.Unparen(a), ast.Unparen(b)
	switch a := a.(type) {
	case *ast.Ident:
		b, ok := b.(*ast.Ident)
		v, _ := rf.info.Uses[a].(*types.Var)
		return ok && v != nil && rf.info.Uses[b] == v && !written[v]
	case *ast.SelectorExpr:
		b, ok := b.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		fa, fb := rf.info.Selections[a], rf.info.Selections[b]
		return fa != nil && fb != nil && fa.Kind() == types.FieldVal && fa.Obj() == fb.Obj() && !written[fa.Obj().(*types.Var)] && rf.sameChan(a.X, b.X, written)
	}
	return false
}

// givenItem reports whether call is given v, a field of it or its
// address, or is a method called on it, and reads no field of v that the
// loop writes (a next endpoint, a rebuilt body: a re-run with changed
// input; the count the item carries is not given).
func (rf *Finder) givenItem(call *ast.CallExpr, v *types.Var, written map[*types.Var]bool) bool {
	of := func(x ast.Expr) bool {
		if u, ok := ast.Unparen(x).(*ast.UnaryExpr); ok && u.Op == token.AND {
			x = u.X
		}
		return typesx.VarOf(rf.info, typesx.ChainRoot(x, false)) == v
	}
	moved := false
	typesx.InspectUntil(&moved, call, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && of(sel.X) {
			f, _ := rf.info.Uses[sel.Sel].(*types.Var)
			moved = f != nil && written[f]
		}
		return true
	})
	if moved {
		return false
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && rf.info.Selections[sel] != nil && of(sel.X) {
		return true
	}
	return slices.ContainsFunc(call.Args, of)
}

// carriedBound is the bound of the count item carries (v.f): the send
// sits in the body of an if testing v.f against a constant K (a
// conjunct), after the one step of v.f by one in the loop (v.f++,
// v.f -= 1) in that body, and every other write of the field in the
// package is one constant c0 (a literal leaving it out: 0). Counting up,
// v.f < K sends K-c0 times; counting down, v.f > K sends c0-K times
// (one more for <=, >=). Anything else is unknown.
func (rf *Finder) carriedBound(loop ast.Stmt, send *ast.SendStmt, v *types.Var) site.Bound {
	unknown := site.Bound{Kind: site.BoundUnknown}
	field := func(x ast.Expr) *types.Var {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		if !ok || typesx.VarOf(rf.info, sel.X) != v {
			return nil
		}
		f, _ := rf.info.Uses[sel.Sel].(*types.Var)
		return f
	}
	constant := func(x ast.Expr) (int64, bool) {
		if tv, ok := rf.info.Types[x]; ok && tv.Value != nil {
			return gconst.Int64Val(gconst.ToInt(tv.Value))
		}
		return 0, false
	}
	// The step: the one write of a field of v in the loop.
	var f *types.Var
	var step ast.Stmt
	var dir int64
	steps := 0
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IncDecStmt:
			if g := field(n.X); g != nil {
				f, step, dir, steps = g, n, 1, steps+1
				if n.Tok == token.DEC {
					dir = -1
				}
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if g := field(l); g != nil {
					f, step, steps = g, n, steps+1
					if c, ok := constant(n.Rhs[0]); ok && c == 1 && len(n.Lhs) == 1 && (n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN) {
						dir = 1
						if n.Tok == token.SUB_ASSIGN {
							dir = -1
						}
					}
				}
			}
		}
		return true
	})
	if steps != 1 || dir == 0 || !typesx.IsInteger(f.Type()) || !rf.host.IndexedVar(f) {
		return unknown
	}
	// The start: every write of the field away from the loop.
	c0, starts := int64(0), 0
	for _, w := range rf.host.AllWrites(f) {
		if w.At >= loop.Pos() && w.At < loop.End() {
			continue
		}
		c, ok := int64(0), w.Zero
		if !ok && w.X != nil {
			c, ok = constant(w.X)
		}
		if !ok || starts > 0 && c != c0 {
			return unknown
		}
		c0, starts = c, starts+1
	}
	if starts == 0 {
		return unknown
	}
	// The test: an if around the send and the step.
	n := int64(-1)
	ast.Inspect(loop, func(x ast.Node) bool {
		ifs, ok := x.(*ast.IfStmt)
		if !ok || !typesx.Within(send, ifs.Body) || !typesx.Within(step, ifs.Body) || step.Pos() > send.Pos() {
			return true
		}
		for c := ast.Expr(ifs.Cond); c != nil; {
			t := ast.Unparen(c)
			c = nil
			if b, ok := t.(*ast.BinaryExpr); ok && b.Op == token.LAND {
				t, c = ast.Unparen(b.Y), b.X
			}
			b, ok := t.(*ast.BinaryExpr)
			if !ok {
				continue
			}
			op, k, kok := b.Op, int64(0), false
			if field(b.X) == f {
				k, kok = constant(b.Y)
			} else if field(b.Y) == f {
				k, kok = constant(b.X)
				op = typesx.MirrorOp(op)
			}
			m := int64(-1)
			switch {
			case !kok:
			case dir > 0 && op == token.LSS:
				m = k - c0
			case dir > 0 && op == token.LEQ:
				m = k - c0 + 1
			case dir < 0 && op == token.GTR:
				m = c0 - k
			case dir < 0 && op == token.GEQ:
				m = c0 - k + 1
			}
			if m >= 0 && (n < 0 || m < n) {
				n = m // the tightest of the tests around the send
			}
		}
		return true
	})
	if n < 0 {
		return unknown
	}
	return site.Bound{Kind: site.BoundKnown, Retries: int(n), Counted: fmt.Sprintf("%d retries, counted in %s.%s", n, v.Name(), f.Name())}
}
