package requeue

import (
	"go/ast"
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
			i := slices.IndexFunc(g.Calls, func(c *ast.CallExpr) bool { return within(c, loop) && rf.givenItem(c, item, written) })
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
		s := &site.Site{Kind: site.Library, Lib: knowledge.OwnQueue, Node: send, Pos: send.Pos(), Func: body, FuncType: typ, Bound: site.Bound{Kind: site.BoundUnknown}}
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
	if loop == nil || writes > 0 || !within(send, loop) || send.Pos() < from.End() || !rf.sameChan(send.Chan, from, typesx.AssignedVars(rf.info, loop)) {
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

// within reports whether n lies inside outer.
func within(n, outer ast.Node) bool {
	return outer.Pos() <= n.Pos() && n.End() <= outer.End()
}
