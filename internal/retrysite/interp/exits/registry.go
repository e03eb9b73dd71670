package exits

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A loop that reconnects to one address may stop when the address has
// been taken out of the object's list of addresses (the user called
// DisconnectFromNSQD):
//
//	r.mtx.RLock()
//	reconnect := indexOf(addr, r.nsqdTCPAddrs) >= 0
//	r.mtx.RUnlock()
//	if !reconnect {
//		return
//	}
//
// The exit asks whether a key the loop never changes is still in a
// collection. The loop's own code can only make the exit fire by taking
// the key out; when everything it runs (its function and the package's
// functions it calls, a few deep) only appends to that collection (a
// connect that registers its address), the exit on the key's absence is
// an event from elsewhere, as a stop signal is: it counts nothing. An exit
// on the key's presence, or a loop that writes the collection any other
// way, may count (a loop that marks what it tried), and stays opaque.
//
// A membership test is a call of a search function of the package (its
// body ranges over its slice parameter, returns the index or true where
// an element equals its other parameter, and -1 or false after the
// loop) compared with -1 or 0 as an index, or used as a bool, possibly
// through a local assigned only such a test, possibly negated; or
// slices.Contains / slices.Index.

// RegistryExit reports whether the fork at the end of b leaves only on
// the absence of a fixed key from a collection the loop only appends to,
// or on such an absence or a stateless condition (Func.Stateless) joined by ||
// or &&.
func RegistryExit(f Func, b *cfg.Block, x ast.Expr) bool {
	fi := newFnc(f)
	if len(b.Succs) != 2 {
		return false
	}
	exitOnTrue, ok := fi.leavesOn(b)
	return ok && fi.quietExit(x, exitOnTrue, 0)
}

// quietExit reports whether x, an exit when it is exitOn, counts nothing:
// each part joined by || or && is stateless or a key's absence the loop
// cannot bring about.
func (fi fnc) quietExit(x ast.Expr, exitOn bool, depth int) bool {
	if depth > 4 {
		return false
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.BinaryExpr:
		if e.Op == token.LOR || e.Op == token.LAND {
			return fi.quietExit(e.X, exitOn, depth+1) && fi.quietExit(e.Y, exitOn, depth+1)
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return fi.quietExit(e.X, !exitOn, depth+1)
		}
	}
	if fi.Stateless(x) {
		return true
	}
	present, coll, ok := fi.membership(x, 0)
	if !ok || exitOn == present {
		return false // the exit fires while the key is there
	}
	v := collectionField(fi.Info(), coll)
	return v != nil && pkg{fi.Pkg}.onlyAppends(fi.Body(), v, 0, make(map[*ast.BlockStmt]bool))
}

// leavesOn reports which side of b's fork is an `if` body that leaves
// (ends in a return or a break), when b is the condition of an if with
// no else.
func (fi fnc) leavesOn(b *cfg.Block) (onTrue, ok bool) {
	then := b.Succs[0]
	if then.Kind != cfg.KindIfThen {
		return false, false
	}
	is, isIf := then.Stmt.(*ast.IfStmt)
	if !isIf || is.Else != nil || len(is.Body.List) == 0 {
		return false, false
	}
	switch last := is.Body.List[len(is.Body.List)-1].(type) {
	case *ast.ReturnStmt:
		return true, true
	case *ast.BranchStmt:
		return true, last.Tok == token.BREAK && last.Label == nil
	}
	return false, false
}

// membership reads x as a membership test: present says whether x is
// true when the key is in the collection, coll is the collection.
func (fi fnc) membership(x ast.Expr, depth int) (present bool, coll ast.Expr, ok bool) {
	if depth > 3 {
		return false, nil, false
	}
	info := fi.Info()
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			p, c, ok := fi.membership(x.X, depth+1)
			return !p, c, ok
		}
	case *ast.Ident:
		v, isVar := info.Uses[x].(*types.Var)
		if !isVar || v.Pos() <= fi.Body().Pos() || v.Pos() >= fi.Body().End() {
			return false, nil, false
		}
		xs := fi.Assigns(v)
		if len(xs) == 0 {
			return false, nil, false
		}
		for i, a := range xs {
			p, c, ok := fi.membership(a, depth+1)
			if !ok || i > 0 && (p != present || types.ExprString(c) != types.ExprString(coll)) {
				return false, nil, false
			}
			present, coll = p, c
		}
		return present, coll, true
	case *ast.CallExpr:
		key, c, asBool, ok := fi.search(x)
		if ok && asBool && fi.fixedKey(key) {
			return true, c, true
		}
	case *ast.BinaryExpr:
		call, lit, op := x.X, x.Y, x.Op
		if _, isCall := ast.Unparen(call).(*ast.CallExpr); !isCall {
			call, lit, op = x.Y, x.X, typesx.MirrorOp(op)
		}
		ce, isCall := ast.Unparen(call).(*ast.CallExpr)
		if !isCall {
			return false, nil, false
		}
		key, c, asBool, ok := fi.search(ce)
		if !ok || asBool || !fi.fixedKey(key) {
			return false, nil, false
		}
		tv, found := info.Types[lit]
		if !found || tv.Value == nil {
			return false, nil, false
		}
		n, exact := constInt64(tv.Value)
		if !exact {
			return false, nil, false
		}
		switch {
		case op == token.GEQ && n == 0, op == token.GTR && n == -1, op == token.NEQ && n == -1:
			return true, c, true
		case op == token.LSS && n == 0, op == token.EQL && n == -1:
			return false, c, true
		}
	}
	return false, nil, false
}

// search reads call as a search of a collection for a key: slices.Contains
// (asBool) or slices.Index, or a search function of the package (see
// above).
func (fi fnc) search(call *ast.CallExpr) (key, coll ast.Expr, asBool, ok bool) {
	fn := typesx.Callee(fi.Info(), call)
	if fn == nil || fn.Pkg() == nil || len(call.Args) != 2 {
		return nil, nil, false, false
	}
	if fn.Pkg().Path() == "slices" {
		switch fn.Name() {
		case "Contains":
			return call.Args[1], call.Args[0], true, true
		case "Index":
			return call.Args[1], call.Args[0], false, true
		}
		return nil, nil, false, false
	}
	d := fi.FuncDecl(fn)
	if d == nil || d.Body == nil || fn.Pkg() != fi.Types() {
		return nil, nil, false, false
	}
	keyAt, collAt, asBool, ok := searchFunc(fi.Info(), d)
	if !ok {
		return nil, nil, false, false
	}
	return call.Args[keyAt], call.Args[collAt], asBool, true
}

// searchFunc reads d as a search function: two parameters, a slice and
// a key, and a body
//
//	for i, a := range coll { if a == key { return i } }  // or true
//	return -1                                          // or false
//
// keyAt and collAt are the parameters' indexes.
func searchFunc(info *types.Info, d *ast.FuncDecl) (keyAt, collAt int, asBool, ok bool) {
	sig, isSig := info.Defs[d.Name].(*types.Func)
	if !isSig {
		return 0, 0, false, false
	}
	s := sig.Type().(*types.Signature)
	if s.Recv() != nil || s.Params().Len() != 2 || s.Results().Len() != 1 || len(d.Body.List) != 2 {
		return 0, 0, false, false
	}
	rng, isRange := d.Body.List[0].(*ast.RangeStmt)
	last, isRet := d.Body.List[1].(*ast.ReturnStmt)
	if !isRange || !isRet || len(last.Results) != 1 || len(rng.Body.List) != 1 {
		return 0, 0, false, false
	}
	collAt = paramIndex(info, s, rng.X)
	if collAt < 0 {
		return 0, 0, false, false
	}
	if _, isSlice := s.Params().At(collAt).Type().Underlying().(*types.Slice); !isSlice {
		return 0, 0, false, false
	}
	keyAt = 1 - collAt
	is, isIf := rng.Body.List[0].(*ast.IfStmt)
	if !isIf || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 {
		return 0, 0, false, false
	}
	cmp, isCmp := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !isCmp || cmp.Op != token.EQL {
		return 0, 0, false, false
	}
	elem := func(x ast.Expr) bool {
		id, isID := ast.Unparen(x).(*ast.Ident)
		return isID && rng.Value != nil && info.ObjectOf(id) != nil && info.ObjectOf(id) == identObj(info, rng.Value)
	}
	key := func(x ast.Expr) bool { return paramIndex(info, s, x) == keyAt }
	if !(elem(cmp.X) && key(cmp.Y) || elem(cmp.Y) && key(cmp.X)) {
		return 0, 0, false, false
	}
	ret, isRet := is.Body.List[0].(*ast.ReturnStmt)
	if !isRet || len(ret.Results) != 1 {
		return 0, 0, false, false
	}
	found, notFound := info.Types[ret.Results[0]], info.Types[last.Results[0]]
	if id, isID := ast.Unparen(ret.Results[0]).(*ast.Ident); isID && rng.Key != nil && info.ObjectOf(id) == identObj(info, rng.Key) {
		// Returns the index; -1 when not found.
		if notFound.Value == nil {
			return 0, 0, false, false
		}
		n, exact := constInt64(notFound.Value)
		return keyAt, collAt, false, exact && n == -1
	}
	if found.Value == nil || notFound.Value == nil || found.Value.String() != "true" || notFound.Value.String() != "false" {
		return 0, 0, false, false
	}
	return keyAt, collAt, true, true
}

func identObj(info *types.Info, x ast.Expr) types.Object {
	return info.ObjectOf(typesx.IdentOf(x))
}

// paramIndex returns the index of the parameter x names, or -1.
func paramIndex(info *types.Info, s *types.Signature, x ast.Expr) int {
	o := identObj(info, x)
	for i := 0; i < s.Params().Len(); i++ {
		if o != nil && s.Params().At(i) == o {
			return i
		}
	}
	return -1
}

// fixedKey reports whether key is a variable declared before the
// function's body (a parameter, the receiver, a captured variable) that
// the function never writes, or a constant.
func (fi fnc) fixedKey(key ast.Expr) bool {
	if tv, ok := fi.Info().Types[key]; ok && tv.Value != nil {
		return true
	}
	id, ok := ast.Unparen(key).(*ast.Ident)
	return ok && fi.unwrittenOuter(id)
}

// collectionField returns the field coll reads (x.f), or nil.
func collectionField(info *types.Info, coll ast.Expr) *types.Var {
	sel, ok := ast.Unparen(coll).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	if !ok || !v.IsField() {
		return nil
	}
	return v
}

// onlyAppends reports whether body, and the package's functions it
// calls (four deep; func values and interface methods are not followed),
// write the field v only as x.v = append(x.v, ...) and take no address
// of it. A function given the slice can change its elements, not its
// length: a slices.Delete must be assigned back, which is no append.
func (m pkg) onlyAppends(body *ast.BlockStmt, v *types.Var, depth int, seen map[*ast.BlockStmt]bool) bool {
	if seen[body] || depth > 4 {
		return true // deeper callees are not followed
	}
	seen[body] = true
	info := m.Info()
	isV := func(x ast.Expr) bool {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		return ok && info.Uses[sel.Sel] == v
	}
	// builtinOnV reports whether x is a call of one of the builtins
	// names given x.v first.
	builtinOnV := func(x ast.Expr, names ...string) bool {
		call, isCall := ast.Unparen(x).(*ast.CallExpr)
		if !isCall {
			return false
		}
		b, _ := info.Uses[typesx.IdentOf(call.Fun)].(*types.Builtin)
		return b != nil && slices.Contains(names, b.Name()) && len(call.Args) > 0 && isV(call.Args[0])
	}
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if isV(l) && (n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) || !builtinOnV(n.Rhs[i], "append")) {
					ok = false
					return false
				}
			}
		case *ast.UnaryExpr:
			ok = n.Op != token.AND || !isV(n.X)
		case *ast.CallExpr:
			fn := typesx.Callee(info, n)
			if fn == nil {
				// copy(x.v, ...) and clear(x.v) write it; a func value
				// or an interface method is not followed.
				ok = !builtinOnV(n, "copy", "clear")
				return true
			}
			if d := m.FuncDecl(fn); fn.Pkg() == m.Types() && d != nil && d.Body != nil && !m.onlyAppends(d.Body, v, depth+1, seen) {
				ok = false
				return false
			}
		}
		return true
	})
	return ok
}

// constInt64 returns an integer constant's value.
func constInt64(v constant.Value) (int64, bool) {
	if v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}
