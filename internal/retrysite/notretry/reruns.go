package notretry

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"golang.org/x/tools/go/cfg"
)

// This file holds rules, learnt from wrong findings on modules outside
// the corpus, about loops that run an operation again after a failure
// without retrying the same request. Each asks a question of every path
// of the graph that leads from the operation back to it (pathsBack):
//
//   - a downgrade: every path back sets a local the operation's
//     arguments read to one constant, and that local otherwise holds a
//     mode chosen elsewhere (a parameter, a computed value): the next run
//     is a different request (a commit retried as an abort), not the
//     same one again. A flag that only ever holds constants (retrying :=
//     false ... retrying = true) marks a retry and does not count;
//   - a re-run once after a repair: the loop goes back at most once (its
//     count allows one repeat, or every path back sets a bool local
//     declared before the loop to true and takes the branch where it was
//     still false: if !done && ...), and every path back repairs what the
//     operation talks to first: it runs another operation (new seeds, a
//     new endpoint, a refreshed credential) or builds anew, from a call,
//     the client the operation is called on (c = newClient(), s.conn =
//     dial()). One repeat after the cause was repaired is no retry storm;
//     the same request rebuilt, or a repeat with nothing repaired, stays
//     a retry;
//   - a protocol exchange: the operation's arguments derive from the
//     results of two or more other operations that every path back runs
//     again first (join, then sync with what the join answered): the loop
//     restarts an exchange, it does not repeat one call. A call given the
//     result of one other call (a token fetched, a response checked)
//     stays a retry;
//   - a collision retry: the operation's arguments derive from a clock
//     reading made in the loop (a key named after time.Now().UnixNano()),
//     and every path back passes the test that the error is one sentinel
//     (errors.Is(err, ErrKeyExists)): each attempt is a new input that
//     collided, not the same request again;
//   - a negotiation: the operation, a function of the package, is given
//     the loop's attempt counter and switches to another request from a
//     fixed attempt on (if tries >= 3 { version = 0 }, in it or in a
//     function of the package it passes the count to): the loop steps
//     down a protocol version. A count given to a call the model cannot
//     see, or used only to mark or log a repeat (attempt > 0), leaves the
//     loop a retry.

// everyWayBackCut reports whether every path of fi's graph that leads from
// just after the node at start back to a node holding one of ops stops
// first at a node for which cut holds, or at an edge for which cutEdge
// (given a block that ends in a condition and the successor's index: 0
// when it holds, 1 when not) holds; at least one path must stop so.
// Either predicate may be nil.
func everyWayBackCut(fi *interp.FuncInfo, ops map[*ast.CallExpr]bool, start interp.NodeRef, cut func(ast.Node) bool, cutEdge func(b *cfg.Block, succ int) bool) bool {
	if int(start.Block) >= len(fi.Cfg.Blocks) {
		return false
	}
	type item struct {
		b    *cfg.Block
		from int
	}
	cuts := 0
	seen := make(map[*cfg.Block]bool)
	stack := []item{{fi.Cfg.Blocks[start.Block], start.Index + 1}}
next:
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range it.b.Nodes[it.from:] {
			if interp.ContainsOp(n, ops) {
				return false // back without passing a cut
			}
			if cut != nil && cut(n) {
				cuts++
				continue next
			}
		}
		for i, s := range it.b.Succs {
			if cutEdge != nil && len(it.b.Succs) == 2 && cutEdge(it.b, i) {
				cuts++
				continue
			}
			if !seen[s] {
				seen[s] = true
				stack = append(stack, item{s, 0})
			}
		}
	}
	return cuts > 0
}

// NotRetryRerun reports whether a loop site's operation is run again by
// one of the reruns this file describes rather than retried. once says
// the loop makes one repeat at most, by a count the package fixes.
func (m *Rules) NotRetryRerun(fi *interp.FuncInfo, loop ast.Node, g *Group, once bool) bool {
	if len(g.Calls) == 0 {
		return false
	}
	ref, ok := fi.CallNode(g.Calls[0])
	return ok && (m.downgradesInput(fi, g, ref) ||
		m.goesBackOnce(fi, loop, g, ref, once) ||
		m.restartsExchange(fi, g, ref) ||
		m.collisionRetry(fi, loop, g, ref) ||
		m.negotiatesByAttempt(fi, g) ||
		m.inputFromFailure(fi, loop, g, ref)) // payload.go
}

// argLocals returns the local variables (parameters included) the
// arguments and receiver of call read.
func (m *Rules) argLocals(call *ast.CallExpr) map[*types.Var]bool {
	res := make(map[*types.Var]bool)
	exprs := append([]ast.Expr{}, call.Args...)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		exprs = append(exprs, sel.X)
	}
	for _, a := range exprs {
		typesx.InspectNoLits(a, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := m.info.Uses[id].(*types.Var); ok && !v.IsField() && v.Parent() != m.pkg.Scope() {
					res[v] = true
				}
			}
			return true
		})
	}
	return res
}

// constAssignTo reports whether n assigns a constant to v (v = c), and
// returns the constant.
func (m *Rules) constAssignTo(n ast.Node, v *types.Var) (constant.Value, bool) {
	as, ok := n.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != len(as.Rhs) || (as.Tok != token.ASSIGN && as.Tok != token.DEFINE) {
		return nil, false
	}
	for i, l := range as.Lhs {
		if id, ok := ast.Unparen(l).(*ast.Ident); ok && typesx.ObjOf(m.info, id) == types.Object(v) {
			if c := m.info.Types[as.Rhs[i]].Value; c != nil {
				return c, true
			}
		}
	}
	return nil, false
}

// isParamOf reports whether v is a parameter (or receiver) of the
// function whose type is ft.
func isParamOf(v *types.Var, ft *ast.FuncType) bool {
	return ft != nil && v.Pos() >= ft.Pos() && v.Pos() < ft.End()
}

// downgradesInput: every path back sets a local read by the operation's
// arguments to one constant, while the local otherwise holds a value
// chosen elsewhere (a parameter or a computed value).
func (m *Rules) downgradesInput(fi *interp.FuncInfo, g *Group, ref interp.NodeRef) bool {
	for v := range m.argLocals(g.Calls[0]) {
		if !typesx.BasicIs(v.Type(), types.IsBoolean|types.IsInteger|types.IsString) {
			continue
		}
		var consts []constant.Value
		chosen := isParamOf(v, fi.FuncType())
		for _, r := range typesx.Assignments(m.info, fi.Body, v) {
			if c := m.info.Types[r].Value; c != nil {
				consts = append(consts, c)
			} else {
				chosen = true
			}
		}
		if !chosen || len(consts) == 0 || slices.ContainsFunc(consts[1:], func(c constant.Value) bool { return !constant.Compare(c, token.EQL, consts[0]) }) {
			continue // a mode that is not one constant
		}
		if everyWayBackCut(fi, g.Set, ref, func(n ast.Node) bool {
			_, ok := m.constAssignTo(n, v)
			return ok
		}, nil) {
			return true
		}
	}
	return false
}

// goesBackOnce: the loop goes back at most once (once, or a bool flag
// every path back sets and tests unset) and every path back repairs what
// the operation talks to on the way.
func (m *Rules) goesBackOnce(fi *interp.FuncInfo, loop ast.Node, g *Group, ref interp.NodeRef, once bool) bool {
	if once {
		return m.repairsOnWayBack(fi, g, ref)
	}
	flags := make(map[*types.Var]bool)
	typesx.InspectNoLits(fi.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			v := m.host.LocalVar(l)
			if v == nil || v.Pos() >= loop.Pos() || isParamOf(v, fi.FuncType()) {
				continue
			}
			if isTrue(m.info.Types[as.Rhs[i]].Value) {
				flags[v] = true
			}
		}
		return true
	})
	for v := range flags {
		// Every other assignment leaves it false: a flag that is never
		// reset.
		if slices.ContainsFunc(typesx.Assignments(m.info, fi.Body, v), func(r ast.Expr) bool {
			c := m.info.Types[r].Value
			return c == nil || c.Kind() != constant.Bool
		}) || m.assignedFalseInLoop(loop, v) {
			continue
		}
		setTrue := everyWayBackCut(fi, g.Set, ref, func(n ast.Node) bool {
			c, _ := m.constAssignTo(n, v)
			return isTrue(c)
		}, nil)
		if setTrue && everyWayBackCut(fi, g.Set, ref, nil, func(b *cfg.Block, succ int) bool {
			x := interp.LastExpr(b)
			return x != nil && implied(x, succ == 0, func(atom ast.Expr, holds bool) bool {
				return !holds && m.host.LocalVar(atom) == v
			})
		}) && m.repairsOnWayBack(fi, g, ref) {
			return true // set on every way back, which was taken while false
		}
	}
	return false
}

// repairsOnWayBack reports whether every path back from the operation at
// ref to it runs another operation or assigns the client it is called on
// (its receiver, or a prefix of the receiver's selector chain) the result
// of a call.
func (m *Rules) repairsOnWayBack(fi *interp.FuncInfo, g *Group, ref interp.NodeRef) bool {
	recv := m.receiverChain(g.Calls[0])
	return everyWayBackCut(fi, g.Set, ref, func(n ast.Node) bool {
		found := false
		return typesx.InspectNoLitsUntil(&found, n, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.CallExpr:
				found = !g.Set[x] && m.host.MayBeOp(x) && m.host.OpKey(x) != g.Key
			case *ast.AssignStmt:
				found = m.rebuilds(x, recv)
			}
			return !found
		})
	}, nil)
}

// receiverChain returns the expressions call's method is called on, from
// the receiver to the local variable at its root (c.hc and c for
// c.hc.Do(req)); nil when the root is no local variable.
func (m *Rules) receiverChain(call *ast.CallExpr) []string {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || m.host.LocalVar(typesx.ChainRoot(sel.X, false)) == nil {
		return nil
	}
	var chain []string
	for x := sel.X; ; {
		chain = append(chain, types.ExprString(x))
		switch y := ast.Unparen(x).(type) {
		case *ast.SelectorExpr:
			x = y.X
		case *ast.StarExpr:
			x = y.X
		default:
			return chain
		}
	}
}

// rebuilds reports whether as assigns one of the expressions of chain the
// result of a call (c = newClient(), s.conn, err = dial(addr)).
func (m *Rules) rebuilds(as *ast.AssignStmt, chain []string) bool {
	if as.Tok != token.ASSIGN || len(chain) == 0 {
		return false
	}
	for i, l := range as.Lhs {
		if !slices.Contains(chain, types.ExprString(l)) {
			continue
		}
		rhs := as.Rhs[0]
		if len(as.Lhs) == len(as.Rhs) {
			rhs = as.Rhs[i]
		}
		if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok && m.info.Types[call.Fun].IsValue() {
			return true // a call, not a conversion
		}
	}
	return false
}

// assignedFalseInLoop reports whether loop assigns v anything but true.
func (m *Rules) assignedFalseInLoop(loop ast.Node, v *types.Var) bool {
	found := false
	return typesx.InspectUntil(&found, loop, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			if m.host.LocalVar(l) == v {
				found = found || len(as.Lhs) != len(as.Rhs) || !isTrue(m.info.Types[as.Rhs[i]].Value)
			}
		}
		return true
	})
}

// isTrue reports whether c is the constant true.
func isTrue(c constant.Value) bool {
	return c != nil && c.Kind() == constant.Bool && constant.BoolVal(c)
}

// restartsExchange: the operation's arguments derive from the results
// of two or more other operations, each run again on every path back.
// Steps are named functions and methods: a func value called before the
// operation builds its input (a body or request factory), it talks to
// no one.
func (m *Rules) restartsExchange(fi *interp.FuncInfo, g *Group, ref interp.NodeRef) bool {
	call := g.Calls[0]
	if SwapCall(m.info, call) {
		return false // a compare-and-swap re-reads what it writes (swap.go)
	}
	// The other operations of the function, by key.
	others := make(map[string]map[*ast.CallExpr]bool)
	typesx.InspectNoLits(fi.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || g.Set[c] || !m.host.MayBeOp(c) || typesx.Callee(m.info, c) == nil {
			return true // a func value (a request or body factory) is no step
		}
		k := m.host.OpKey(c)
		if k == g.Key {
			return true
		}
		if others[k] == nil {
			others[k] = make(map[*ast.CallExpr]bool)
		}
		others[k][c] = true
		return true
	})
	if len(others) < 2 {
		return false
	}
	sources := 0
	for _, set := range others {
		derived := m.resultVars(fi.Body, func(e ast.Expr) bool {
			c, ok := e.(*ast.CallExpr)
			return ok && set[c]
		})
		if !slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return typesx.UsesAny(m.info, a, derived) || interp.ContainsOp(a, set) }) {
			continue
		}
		if everyWayBackCut(fi, g.Set, ref, func(n ast.Node) bool { return interp.ContainsOp(n, set) }, nil) {
			sources++
		}
	}
	return sources >= 2
}

// collisionRetry: the operation's arguments derive from a clock reading
// made in the loop, and every path back passes the test that the
// operation's error is one sentinel.
func (m *Rules) collisionRetry(fi *interp.FuncInfo, loop ast.Node, g *Group, ref interp.NodeRef) bool {
	call := g.Calls[0]
	clock := m.resultVars(loop, func(e ast.Expr) bool {
		c, ok := e.(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := typesx.Callee(m.info, c)
		return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" && fn.Name() == "Now"
	})
	if !slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return typesx.UsesAny(m.info, a, clock) }) {
		return false
	}
	var sentinel types.Object
	isSentinel := func(atom ast.Expr, holds bool) bool {
		var errX, sX ast.Expr
		switch e := ast.Unparen(atom).(type) {
		case *ast.BinaryExpr:
			switch e.Op {
			case token.EQL:
			case token.NEQ:
				holds = !holds
			default:
				return false
			}
			errX, sX = e.X, e.Y
		case *ast.CallExpr:
			fn := typesx.Callee(m.info, e)
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "errors" || fn.Name() != "Is" || len(e.Args) != 2 {
				return false
			}
			errX, sX = e.Args[0], e.Args[1]
		default:
			return false
		}
		ev := m.host.LocalVar(errX)
		if !holds || ev == nil || !typesx.IsErrorType(ev.Type()) || !fi.IsOutcome(ev) {
			return false
		}
		s := typesx.VarOf(m.info, sX)
		if s == nil || s.Pkg() == nil || s.Parent() != s.Pkg().Scope() || !typesx.IsErrorType(s.Type()) {
			return false
		}
		if sentinel != nil && sentinel != types.Object(s) {
			return false // a second sentinel: not one collision
		}
		sentinel = s
		return true
	}
	return everyWayBackCut(fi, g.Set, ref, nil, func(b *cfg.Block, succ int) bool {
		x := interp.LastExpr(b)
		return x != nil && implied(x, succ == 0, isSentinel)
	})
}

// implied reports whether x having the truth value holds implies an
// operand (of !, && and ||) for which pred, given the operand's implied
// truth value, holds: the true edge of a && b implies both, the false
// edge of a || b implies neither.
func implied(x ast.Expr, holds bool, pred func(atom ast.Expr, holds bool) bool) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return implied(e.X, !holds, pred)
		}
	case *ast.BinaryExpr:
		if (e.Op == token.LAND && holds) || (e.Op == token.LOR && !holds) {
			return implied(e.X, holds, pred) || implied(e.Y, holds, pred)
		}
		if e.Op == token.LAND || e.Op == token.LOR {
			return false
		}
	}
	return pred(x, holds)
}

// negotiatesByAttempt: the operation is a function of the package given
// an integer local the function increments, and its body (or one it
// passes the value to) assigns a constant to a local when the value
// reaches a fixed attempt from the second on.
func (m *Rules) negotiatesByAttempt(fi *interp.FuncInfo, g *Group) bool {
	call := g.Calls[0]
	fn := typesx.Callee(m.info, call)
	decl := m.host.FuncDecl(fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	incremented := typesx.AssignedVars(m.info, fi.Body)
	for i, a := range call.Args {
		v := m.host.LocalVar(a)
		if v == nil || !interp.IsIntegerOrBool(v.Type()) || !incremented[v] {
			continue
		}
		if p := paramAt(m.info, decl, i); p != nil && m.switchesModeAt(decl, p, 0) {
			return true
		}
	}
	return false
}

// paramAt returns the i-th parameter of decl, or nil.
func paramAt(info *types.Info, decl *ast.FuncDecl, i int) *types.Var {
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return nil
	}
	sig := fn.Signature()
	params := sig.Params()
	if i >= params.Len() || sig.Variadic() && i >= params.Len()-1 {
		return nil
	}
	return params.At(i)
}

// switchesModeAt reports whether decl's body, when p reaches a fixed
// attempt from the second on (p >= N, N >= 2; p > N, N >= 1; p == N,
// N >= 2), assigns a constant to a local, or passes p to a function of
// the package that does (depth counts those calls, up to two).
func (m *Rules) switchesModeAt(decl *ast.FuncDecl, p *types.Var, depth int) bool {
	if depth > 2 {
		return false
	}
	found := false
	return typesx.InspectNoLitsUntil(&found, decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			found = m.fixedAttemptTest(n.Cond, p) && m.assignsConstLocal(n.Body)
		case *ast.CallExpr:
			fn := typesx.Callee(m.info, n)
			d := m.host.FuncDecl(fn)
			if d == nil || d == decl || d.Body == nil {
				return true
			}
			for i, a := range n.Args {
				q := paramAt(m.info, d, i)
				found = found || typesx.VarOf(m.info, a) == p && q != nil && m.switchesModeAt(d, q, depth+1)
			}
		}
		return !found
	})
}

// fixedAttemptTest reports whether cond is p compared with a constant
// that names an attempt from the second on.
func (m *Rules) fixedAttemptTest(cond ast.Expr, p *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || typesx.VarOf(m.info, b.X) != p {
		return false
	}
	c := m.info.Types[b.Y].Value
	if c == nil || c.Kind() != constant.Int {
		return false
	}
	k, ok := constant.Int64Val(c)
	if !ok {
		return false
	}
	switch b.Op {
	case token.GEQ, token.EQL:
		return k >= 2
	case token.GTR:
		return k >= 1
	}
	return false
}

// assignsConstLocal reports whether body assigns a constant to a local
// variable (not a field).
func (m *Rules) assignsConstLocal(body *ast.BlockStmt) bool {
	for _, st := range body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, l := range as.Lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); ok && m.host.LocalVar(id) != nil && m.info.Types[as.Rhs[i]].Value != nil {
				return true
			}
		}
	}
	return false
}
