package peritem

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/notretry"
	"github.com/retrylint/retrylint/internal/retrysite/rewind"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Host is what the finder asks of the retry-site model.
type Host interface {
	// SwapAttempt reports whether call is a compare-and-swap across an
	// integration boundary (retrysite's swap.go).
	SwapAttempt(call *ast.CallExpr) bool
	// FuncDecl returns the declaration of a function of the package.
	FuncDecl(fn *types.Func) *ast.FuncDecl
	// Rules returns the not-a-retry rules (package notretry).
	Rules() *notretry.Rules
}

// A Finder answers, for one package, what a loop's iterations give its
// operation. It keeps no state of its own.
type Finder struct {
	info *types.Info
	host Host
	// loops caches, per loop, what VariesPerItem reads of the loop
	// alone (not of the operation): asked once per operation group, and
	// a loop often holds several.
	loops map[ast.Stmt]*loopFacts
}

// loopFacts are a loop's received, assigned and stepped variables, each
// found on first use (received and assigned are nil until then, stepped
// until steppedDone).
type loopFacts struct {
	received, assigned, stepped map[*types.Var]bool
	steppedDone                 bool
}

// facts returns the cache entry of loop.
func (pi *Finder) facts(loop ast.Stmt) *loopFacts {
	return typesx.Cached(&pi.loops, loop, func() *loopFacts { return &loopFacts{} })
}

// New returns the finder of the package whose type information is
// given, asking host what it cannot see.
func New(info *types.Info, host Host) *Finder { return &Finder{info: info, host: host} }

// VariesPerItem reports whether the operation's arguments change from
// one iteration to the next in a way that makes each iteration a different
// operation: the element of a range over a collection, or an element
// indexed by the loop counter (per-item loops, failover over a list), a
// value received or dequeued in the loop, an integer it steps, an item it
// moves over. Values the loop carries forward (a cursor, carriedArgs) are
// not counted here: an operation that reads one is a retry only through a
// failure path that keeps it where it is (waits/periodic.go).
func (pi *Finder) VariesPerItem(fi *interp.FuncInfo, loop ast.Stmt, g *notretry.Group) bool {
	varying := make(map[*types.Var]bool)
	if r, ok := loop.(*ast.RangeStmt); ok {
		t := pi.info.TypeOf(r.X)
		_, isInt := t.Underlying().(*types.Basic)
		_, isSig := t.Underlying().(*types.Signature)
		if !isInt || isSig {
			for _, x := range []ast.Expr{r.Key, r.Value} {
				if x == nil {
					continue
				}
				if v := fi.LhsVar(x); v != nil {
					varying[v] = true
				}
			}
		}
	}
	// A value received from a channel in the loop is a new input on
	// every iteration: an event handled, not an operation retried
	// (case p := <-pickers: if err := check(p); err != nil { continue }).
	lf := pi.facts(loop)
	if lf.received == nil {
		lf.received = pi.receivedVars(loop)
	}
	for v := range lf.received {
		varying[v] = true
	}
	call := g.Calls[0]
	if pi.host.SwapAttempt(call) {
		// A compare-and-swap writes what the iteration read and computed
		// (swap.go): only a range's items and received values move it.
		return typesx.UsesAny(pi.info, call, varying)
	}
	for v := range pi.dequeuedVars(loop, g) {
		varying[v] = true
	}
	if pi.receiverFromItem(loop, call, varying) {
		return true // receiver.go
	}
	if lf.assigned == nil {
		lf.assigned = typesx.AssignedVars(pi.info, loop)
	}
	assigned := lf.assigned
	exprs := append([]ast.Expr{call.Fun}, call.Args...)
	for _, a := range exprs {
		if typesx.UsesAny(pi.info, a, varying) {
			return true
		}
		// items[i] with i changed by the loop; p[n:] with n changed by
		// the loop (the rest of a partial write).
		varies := false
		if typesx.InspectUntil(&varies, a, func(n ast.Node) bool {
			switch ix := n.(type) {
			case *ast.IndexExpr:
				_, isMap := pi.info.TypeOf(ix.X).Underlying().(*types.Map)
				varies = !isMap && typesx.UsesAny(pi.info, ix.Index, assigned)
			case *ast.SliceExpr:
				for _, b := range []ast.Expr{ix.Low, ix.High, ix.Max} {
					varies = varies || b != nil && typesx.UsesAny(pi.info, b, assigned)
				}
			}
			return true
		}) {
			return true
		}
	}
	// An integer the loop steps and never compares (a port, an offset)
	// that feeds the operation's arguments: the loop walks over values.
	if !lf.steppedDone {
		lf.stepped, lf.steppedDone = pi.steppedValues(loop), true
	}
	for _, a := range exprs {
		if typesx.UsesAny(pi.info, a, lf.stepped) {
			return true
		}
	}
	// Arguments that depend on a loop-carried value (a cursor, an error
	// being unwrapped, a node being walked) make each iteration a
	// different operation: failover over items (notretry.go) or through a
	// rotating index (rotation.go).
	if pi.host.Rules().LoopMovesOperation(loop, g, varying) || pi.host.Rules().RotatesOverList(loop, g) {
		return true
	}
	// A bare-ok operation (a predicate) given anything the loop advances,
	// its counter included, is a comparison or a probe over items
	// (less(i, i-1), key.Equal(k, slot)), not a retry.
	if !interp.HasErrorOrResponse(pi.info.TypeOf(call)) {
		for _, a := range call.Args {
			if typesx.UsesAny(pi.info, a, assigned) {
				return true
			}
		}
	}
	return false
}

// CarriedArgs returns the loop-carried variables (carriedVars) that the
// operation's function or arguments read: a cursor, an error being
// unwrapped, a node being walked.
func (pi *Finder) CarriedArgs(loop ast.Stmt, g *notretry.Group) map[*types.Var]bool {
	carried := pi.CarriedVars(loop, g)
	if len(carried) == 0 {
		return nil
	}
	call := g.Calls[0]
	used := make(map[*types.Var]bool)
	for _, a := range append([]ast.Expr{call.Fun}, call.Args...) {
		ast.Inspect(a, func(n ast.Node) bool {
			id, _ := n.(*ast.Ident)
			if v, ok := pi.info.Uses[id].(*types.Var); ok && carried[v] {
				used[v] = true
			}
			return true
		})
	}
	return used
}

// steppedValues returns the integers a loop steps (v++, v += k) that are
// declared outside it and compared nowhere in it, so that they count no
// attempts but walk over values (currentPort++ in a loop that creates a
// database on the next port when one is taken), together with the
// variables whose fields or elements the loop sets from them
// (cfg.Port = currentPort). An attempt counter is compared, by the loop's
// condition or by an exit; a counter passed to the operation
// (X-Attempt: i) is compared too, or the loop has no bound to report.
func (pi *Finder) steppedValues(loop ast.Stmt) map[*types.Var]bool {
	stepped := make(map[*types.Var]bool)
	declaredOutside := func(v *types.Var) bool {
		return v != nil && !v.IsField() && interp.IsIntegerOrBool(v.Type()) && !(v.Pos() >= loop.Pos() && v.Pos() < loop.End())
	}
	typesx.InspectNoLits(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IncDecStmt:
			if v := typesx.VarOf(pi.info, n.X); declaredOutside(v) {
				stepped[v] = true
			}
		case *ast.AssignStmt:
			if (n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN) && len(n.Lhs) == 1 {
				if v := typesx.VarOf(pi.info, n.Lhs[0]); declaredOutside(v) {
					stepped[v] = true
				}
			}
		}
		return true
	})
	if len(stepped) == 0 {
		return nil
	}
	// Compared anywhere in the loop (its condition included): it may
	// count attempts.
	ast.Inspect(loop, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok {
			switch b.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				ast.Inspect(b, func(n ast.Node) bool {
					id, _ := n.(*ast.Ident)
					if v, ok := pi.info.Uses[id].(*types.Var); ok {
						delete(stepped, v)
					}
					return true
				})
			}
		}
		return len(stepped) > 0
	})
	if len(stepped) == 0 {
		return nil
	}
	// Variables whose fields or elements the loop sets from them.
	ast.Inspect(loop, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			if _, isIdent := ast.Unparen(l).(*ast.Ident); isIdent {
				continue
			}
			if v := typesx.RootVar(pi.info, l); v != nil && typesx.UsesAny(pi.info, as.Rhs[i], stepped) {
				stepped[v] = true
			}
		}
		return true
	})
	return stepped
}

// receivedVars returns the variables a loop defines or assigns with a
// value received from a channel: v := <-ch, v, ok = <-ch, case v := <-ch.
func (pi *Finder) receivedVars(loop ast.Stmt) map[*types.Var]bool {
	vars := make(map[*types.Var]bool)
	typesx.InspectNoLits(loop, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && typesx.CommReceive(as) != nil {
			if v := typesx.VarOf(pi.info, as.Lhs[0]); v != nil {
				vars[v] = true
			}
		}
		return true
	})
	return vars
}

// CarriedVars returns the variables a loop carries from one iteration
// to the next in a way that changes what an operation does: variables
// assigned in the loop whose new value derives (through other variables
// assigned in the loop) from their own previous value or from the
// operation's results. Integer and boolean variables (attempt counters,
// flags) are not counted; nor is a request rebuilt on each attempt from
// values that do not change.
func (pi *Finder) CarriedVars(loop ast.Stmt, g *notretry.Group) map[*types.Var]bool {
	info := pi.info
	deps := make(map[*types.Var]map[*types.Var]bool)
	fromOp := make(map[*types.Var]bool)
	addDeps := func(v *types.Var, x ast.Expr) {
		if v == nil {
			return
		}
		d := deps[v]
		if d == nil {
			d = make(map[*types.Var]bool)
			deps[v] = d
		}
		ast.Inspect(x, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if u, ok := info.Uses[n].(*types.Var); ok {
					d[u] = true
				}
			case *ast.CallExpr:
				if g.Set[n] {
					fromOp[v] = true
				}
			}
			return true
		})
	}
	wrap := wrappingIndexes(info, loop)
	if len(wrap) > 0 {
		// An element of a list indexed by an index that goes back to
		// the start is a candidate visited again: it depends on the
		// index alone, not on the list (which the loop may shrink by
		// dropping a failed candidate).
		plain := addDeps
		addDeps = func(v *types.Var, x ast.Expr) {
			if ix, ok := ast.Unparen(x).(*ast.IndexExpr); ok && wrap[typesx.VarOf(info, ix.Index)] {
				x = ix.Index
			}
			plain(v, x)
		}
	}
	var body ast.Node = loop
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				v := typesx.VarOf(info, l)
				if rewind.Rewinds(pi.info, pi.host.FuncDecl, n, i, v) {
					continue // the same input, rewound (rewind.go)
				}
				if len(n.Lhs) == len(n.Rhs) {
					addDeps(v, n.Rhs[i])
				} else if len(n.Rhs) == 1 {
					addDeps(v, n.Rhs[0])
				}
			}
		case *ast.TypeSwitchStmt:
			if as, ok := n.Assign.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
				for _, cc := range n.Body.List {
					if obj, ok := info.Implicits[cc].(*types.Var); ok {
						addDeps(obj, as.Rhs[0])
					}
				}
			}
		}
		return true
	})
	carried := make(map[*types.Var]bool)
	for v := range deps {
		if interp.IsIntegerOrBool(v.Type()) || typesx.IsNamed(v.Type(), "context", "Context") || v.Pos() >= loop.Pos() && v.Pos() < loop.End() {
			continue // counters, contexts (not the input), and variables declared afresh each iteration
		}
		// Does v depend, transitively through loop assignments, on
		// itself or on the operation's results?
		seen := map[*types.Var]bool{}
		stack := []*types.Var{v}
		for len(stack) > 0 && !carried[v] {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if fromOp[u] {
				carried[v] = true
			}
			for w := range deps[u] {
				if w == v {
					carried[v] = true
				}
				if !seen[w] {
					seen[w] = true
					stack = append(stack, w)
				}
			}
		}
	}
	assigned := typesx.AssignedVars(info, loop)
	// Variables computed in the loop from carried ones change with them
	// (slotKey from i from match, where match advances).
	for changed := true; changed; {
		changed = false
		for v, d := range deps {
			if carried[v] || interp.IsIntegerOrBool(v.Type()) {
				continue
			}
			for w := range d {
				if carried[w] || interp.IsIntegerOrBool(w.Type()) && assigned[w] && w.Pos() >= loop.Pos() && w.Pos() < loop.End() && dependsOnCarried(deps, w, carried) {
					carried[v] = true
					changed = true
					break
				}
			}
		}
	}
	return carried
}

// dependsOnCarried reports whether w's values (in the loop) derive from a
// carried variable.
func dependsOnCarried(deps map[*types.Var]map[*types.Var]bool, w *types.Var, carried map[*types.Var]bool) bool {
	for u := range deps[w] {
		if carried[u] {
			return true
		}
	}
	return false
}

// dequeuedVars returns the variables a loop assigns with the item of a
// call that returns an item and an ok flag, other than the operation
// (t, ok := q.pop(); v, ok, more := c.receiveAsync()): like a value
// received from a channel, the item is a new input on every iteration,
// and an operation on it handles items rather than retrying one.
//
// So does a variable the loop fills through a pointer from an iterator its
// condition advances (for dec.More() { dec.Decode(&raw) }, for
// rows.Next() { rows.Scan(&v) }): each iteration reads the next item.
func (pi *Finder) dequeuedVars(loop ast.Stmt, g *notretry.Group) map[*types.Var]bool {
	vars := make(map[*types.Var]bool)
	it := pi.iteratorOf(loop)
	typesx.InspectNoLits(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if it == nil || g.Set[n] {
				return true
			}
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || typesx.VarOf(pi.info, sel.X) != it {
				return true
			}
			for _, a := range n.Args {
				if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
					if v := typesx.VarOf(pi.info, u.X); v != nil {
						vars[v] = true
					}
				}
			}
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 || len(n.Lhs) < 2 {
				return true
			}
			call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			if !ok || g.Set[call] {
				return true
			}
			tup, ok := pi.info.TypeOf(call).(*types.Tuple)
			if !ok || tup.Len() != len(n.Lhs) || typesx.IsBool(tup.At(0).Type()) || !typesx.IsBool(tup.At(1).Type()) {
				return true
			}
			if v := typesx.VarOf(pi.info, n.Lhs[0]); v != nil {
				vars[v] = true
			}
		}
		return true
	})
	return vars
}

// receiverFromItem reports whether the operation is a method of an object
// the loop builds, in its body, from what varies per iteration (the
// element ranged over, a value received):
//
//	for _, c := range challenges {
//		t, err := fromChallenge(c)
//		...
//		if err := t.refresh(ctx); err != nil { continue }
//
// Each iteration then calls a different target: a failover over the
// items, not a retry of one operation. Only the receiver counts: an
// argument derived from the item (a context whose timeout is the delay
// ranged over) still lets the same operation be retried.
func (pi *Finder) receiverFromItem(loop ast.Stmt, call *ast.CallExpr, varying map[*types.Var]bool) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(varying) == 0 {
		return false
	}
	root, ok := ast.Unparen(typesx.ChainRoot(sel.X, true)).(*ast.Ident)
	if !ok {
		return false
	}
	recv, ok := pi.info.Uses[root].(*types.Var)
	if !ok || !(recv.Pos() >= loop.Pos() && recv.Pos() < loop.End()) {
		return false // declared outside the loop: the same object each time
	}
	derived := maps.Clone(varying)
	// Propagate through the loop's definitions until nothing changes
	// (x := f(item); y := g(x)); a few rounds suffice for real bodies.
	for range 4 {
		changed := false
		typesx.InspectNoLits(loop, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || !slices.ContainsFunc(as.Rhs, func(r ast.Expr) bool { return typesx.UsesAny(pi.info, r, derived) }) {
				return true
			}
			for _, l := range as.Lhs {
				if v, ok := pi.info.Defs[typesx.IdentOf(l)].(*types.Var); ok && !derived[v] {
					derived[v], changed = true, true
				}
			}
			return true
		})
		if !changed {
			break
		}
	}
	return derived[recv]
}

// iteratorOf returns the variable whose method, taking no arguments and
// returning a bool, is loop's condition (for dec.More(), for
// rows.Next()), or nil.
func (pi *Finder) iteratorOf(loop ast.Stmt) *types.Var {
	fs, ok := loop.(*ast.ForStmt)
	if !ok || fs.Cond == nil {
		return nil
	}
	c, ok := ast.Unparen(fs.Cond).(*ast.CallExpr)
	if !ok || len(c.Args) != 0 || !typesx.IsBool(pi.info.TypeOf(c)) {
		return nil
	}
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if _, ok := pi.info.Uses[sel.Sel].(*types.Func); !ok {
		return nil
	}
	return typesx.VarOf(pi.info, sel.X)
}

// wrappingIndexes returns the integer variables a loop sends back to the
// start of a list once they pass its end: `if i >= len(list) { i = 0 }`
// (or > len(list)-1), `i = (i + 1) % len(list)`, `i %= len(list)`. A
// loop that walks a list so comes round to its first element again: its
// elements are tried in rounds.
func wrappingIndexes(info *types.Info, loop ast.Stmt) map[*types.Var]bool {
	var wrap map[*types.Var]bool
	add := func(v *types.Var) {
		if v == nil || !interp.IsIntegerOrBool(v.Type()) {
			return
		}
		if wrap == nil {
			wrap = make(map[*types.Var]bool)
		}
		wrap[v] = true
	}
	isLen := func(x ast.Expr) bool {
		if b, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && b.Op == token.SUB {
			x = b.X
		}
		return typesx.IsLenCall(info, x)
	}
	typesx.InspectNoLits(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			cond, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr)
			if !ok || len(n.Body.List) != 1 {
				return true
			}
			var idx ast.Expr
			switch {
			case (cond.Op == token.GEQ || cond.Op == token.GTR) && isLen(cond.Y):
				idx = cond.X
			case (cond.Op == token.LEQ || cond.Op == token.LSS) && isLen(cond.X):
				idx = cond.Y
			default:
				return true
			}
			as, ok := n.Body.List[0].(*ast.AssignStmt)
			if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Tok != token.ASSIGN {
				return true
			}
			v := typesx.VarOf(info, idx)
			if tv, ok := info.Types[as.Rhs[0]]; ok && tv.Value != nil && tv.Value.String() == "0" && typesx.VarOf(info, as.Lhs[0]) == v {
				add(v)
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
				return true
			}
			if n.Tok == token.REM_ASSIGN && isLen(n.Rhs[0]) {
				add(typesx.VarOf(info, n.Lhs[0]))
			}
			if b, ok := ast.Unparen(n.Rhs[0]).(*ast.BinaryExpr); ok && n.Tok == token.ASSIGN && b.Op == token.REM && isLen(b.Y) {
				add(typesx.VarOf(info, n.Lhs[0]))
			}
		}
		return true
	})
	return wrap
}
