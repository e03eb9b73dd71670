package waits

import (
	"encoding/binary"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file finds the retry inside a loop that repeats on success too: a
// periodic renewal that waits a second instead of its period after a
// failed renewal, a long poll that sleeps after a failed request and asks
// again with the same cursor, a pagination that fetches the same page
// again after a rate-limited one. The loop as a whole is no retry (its
// success comes back, or each success moves the operation on to a new
// cursor) and stays silent as such; its failure path is one when
//
//   - it goes back to the operation without moving it: no variable the
//     loop carries into the operation's arguments (the cursor) is written
//     on the way, except by the operation itself when the function it
//     calls returns that value unchanged with every error
//     (p, err = p.next(ctx), where next returns p with its errors); and
//   - it passes a wait of its own: a wait no path back from a success
//     passes, or a wait whose duration is a local the failure path sets
//     (waitDur = time.Second) to something the success path does not.
//
// What stays silent: a periodic task whose failure path waits its normal
// period (the same wait, or a wait written the same way as the success
// path's), a failure path that goes back at once or only through waits
// the model cannot read (a channel, an unknown call), a state poll whose
// "not done" path waits as its error path does, a page that moves on
// with the failure, and the per-item loops variesPerItem excludes
// (drains, consumers, failover).
//
// Such a site's bound counts consecutive failures (maxRuns with every run
// failing); its waits are its own waits (ownWaits: a failure path that
// goes back at once or through the loop's period is not the retry, it may
// be a protocol step such as a re-join); its timeouts and the outcomes its
// other paths repeat are left unknown (the rules that read them stay
// silent).

// FailurePathRetry reports, for a loop that repeats its operation (set)
// on success too, the positions of the waits of its own that a
// failure path back to the operation passes while keeping its carried
// arguments (see above); nil when no failure path is such a retry.
// carried are the variables carrying the operation's arguments; all
// returns every variable the loop carries (asked only when carried is
// not empty).
//
// viaBackoff says that every wait of its own is a backoff the success path
// passes too (periodic_backoff.go).
func (f Finder) FailurePathRetry(fi *interp.FuncInfo, loop ast.Stmt, set map[*ast.CallExpr]bool, ref interp.NodeRef, in interp.Scope, carried map[*types.Var]bool, all func() map[*types.Var]bool) (own map[token.Pos]bool, viaBackoff bool) {
	m := &periodic{f: f, info: f.Info, allCarried: all}
	g := &opGroup{set: set}
	if !m.failurePathRetry(fi, loop, g, ref, in, carried) {
		return nil, false
	}
	return g.ownWaits, g.viaBackoff
}

// periodic finds the failure-path retries of one package.
type periodic struct {
	f          Finder
	info       *types.Info
	allCarried func() map[*types.Var]bool
}

// opGroup is the operation a failure path goes back to, and the waits
// of its own found on the way.
type opGroup struct {
	set      map[*ast.CallExpr]bool
	ownWaits map[token.Pos]bool
	// viaBackoff: every own wait is a backoff the success path passes
	// too (periodic_backoff.go).
	viaBackoff bool
}

// failPath is one path from the operation back to it.
type failPath struct {
	moved bool   // it wrote a variable the operation's arguments carry
	hits  []*Hit // the waits it passed
	// blocks are the blocking selects and receives the model cannot
	// time (a tick, a notification) that it passed.
	blocks []ast.Node
	// assigns holds, for each local duration variable written on the
	// path, the last statement that wrote it.
	assigns map[*types.Var]ast.Node
	// key holds appendTail's bytes once made (nil until then); what
	// changes hits, blocks or assigns drops it. A path goes through many
	// blocks unchanged: its key is made once, not once a block.
	key []byte
}

func (p failPath) appendKey(buf []byte) []byte {
	buf = append(buf, interp.B2byte(p.moved))
	if p.key != nil {
		return append(buf, p.key...)
	}
	return p.appendTail(buf)
}

// appendTail appends the key of what the path passed and set.
func (p failPath) appendTail(buf []byte) []byte {
	for _, h := range p.hits {
		buf = binary.AppendUvarint(buf, uint64(h.Node.Pos()))
	}
	buf = append(buf, 0xfd)
	for _, n := range p.blocks {
		buf = binary.AppendUvarint(buf, uint64(n.Pos()))
	}
	buf = append(buf, 0xfe)
	if len(p.assigns) == 0 {
		return buf // the common case: no sort, no slice
	}
	for _, v := range slices.SortedFunc(maps.Keys(p.assigns), func(a, b *types.Var) int { return int(a.Pos() - b.Pos()) }) {
		buf = binary.AppendUvarint(buf, uint64(v.Pos()))
		buf = binary.AppendUvarint(buf, uint64(p.assigns[v].Pos()))
	}
	return buf
}

// failurePathRetry reports whether a failure of the operation of g leads
// back to it through a path that keeps its carried arguments and waits a
// wait of its own (see above).
func (m *periodic) failurePathRetry(fi *interp.FuncInfo, loop ast.Stmt, g *opGroup, ref interp.NodeRef, in interp.Scope, carried map[*types.Var]bool) bool {
	// Without a wait in the loop no path has one of its own: skip the
	// walks (a range loop may wait at its head, on a ticker's channel).
	headWait := false
	if r, ok := loop.(*ast.RangeStmt); ok {
		switch m.info.TypeOf(r.X).Underlying().(type) {
		case *types.Chan, *types.Signature: // a ticker, an iterator that may wait
			headWait = true
		}
	}
	if !headWait && !m.f.hasWaits(loop, fi.Body) {
		return false
	}
	// The variables that carry the operation's arguments from one
	// iteration to the next are those declared outside the loop: the
	// ones declared in it are computed afresh from them.
	var outer map[*types.Var]bool
	if len(carried) > 0 {
		outer = m.carriedRoots(loop, g, carried)
		if len(outer) == 0 {
			return false
		}
	}
	w := &backWalk{Walk: m.f.NewWalk(fi)}
	scenarios := []interp.Scenario{interp.ErrorScenario()}
	if fi.ReportsStatus(g.set) {
		for _, code := range []int{503, 500, 429} {
			scenarios = append(scenarios, interp.StatusScenario(code))
		}
	}
	var fails []failPath
	for _, sc := range scenarios {
		paths, ok := m.pathsBackWidening(fi, w, g, ref, sc, in, outer)
		if !ok {
			return false
		}
		fails = append(fails, paths...)
	}
	if len(fails) == 0 {
		return false
	}
	succ, ok := m.pathsBackWidening(fi, w, g, ref, interp.SuccessScenario(), in, outer)
	if !ok {
		return false
	}
	assignedInLoop := typesx.AssignedVars(m.info, loop)
	grows := make(map[ast.Node]bool)
	backoffs := make(map[token.Pos]bool)
	g.ownWaits = make(map[token.Pos]bool)
	for _, f := range fails {
		if f.moved {
			continue
		}
		m.backoffOnPeriod(fi, loop, f, succ, backoffs, grows, assignedInLoop) // periodic_backoff.go
		if m.passesPeriod(f, succ, assignedInLoop) {
			continue
		}
		for _, h := range f.hits {
			if m.ownWait(h, f, succ, assignedInLoop) {
				g.ownWaits[h.Node.Pos()] = true
			}
		}
	}
	if len(g.ownWaits) == 0 && len(backoffs) > 0 {
		g.ownWaits, g.viaBackoff = backoffs, true
	} else {
		maps.Copy(g.ownWaits, backoffs)
	}
	return len(g.ownWaits) > 0
}

// passesPeriod reports whether the failure path f passes the loop's
// period: a wait that every success path passes too, with a duration
// the failure does not set. Such a failure path is the periodic task
// itself, run again on its schedule; a wait it adds on the way (a
// heartbeat that backs off after a failed beat, then waits for its next
// tick) slows the schedule down, it does not make a retry of its own.
func (m *periodic) passesPeriod(f failPath, succ []failPath, assignedInLoop map[*types.Var]bool) bool {
	if len(succ) == 0 {
		return false
	}
	// onEvery reports whether every success path passes what has does.
	onEvery := func(has func(failPath) bool) bool {
		return !slices.ContainsFunc(succ, func(sp failPath) bool { return !has(sp) })
	}
	for _, h := range f.hits {
		if !m.ownWait(h, f, succ, assignedInLoop) && onEvery(func(sp failPath) bool {
			return slices.ContainsFunc(sp.hits, func(hs *Hit) bool { return hs.Node == h.Node })
		}) {
			return true
		}
	}
	// A select or receive that blocks until the next tick or
	// notification, passed on every way back from a success too, and
	// holding none of the failure's own waits (a renewal that selects on
	// time.After(waitDur) with the failure's waitDur is not on its
	// period).
	own := func(b ast.Node) bool {
		return slices.ContainsFunc(f.hits, func(h *Hit) bool {
			return h.Node.Pos() >= b.Pos() && h.Node.End() <= b.End() && m.ownWait(h, f, succ, assignedInLoop)
		})
	}
	for _, b := range f.blocks {
		if !own(b) && onEvery(func(sp failPath) bool { return slices.Contains(sp.blocks, b) }) {
			return true
		}
	}
	return false
}

// selectsOf maps each comm clause's statement in body to its select.
func selectsOf(body *ast.BlockStmt) map[ast.Stmt]*ast.SelectStmt {
	res := make(map[ast.Stmt]*ast.SelectStmt)
	ast.Inspect(body, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectStmt); ok {
			for _, c := range s.Body.List {
				if cc, ok := c.(*ast.CommClause); ok && cc.Comm != nil {
					res[cc.Comm] = s
				}
			}
		}
		return true
	})
	return res
}

// blockingOf returns what node blocks on when it is a receive that waits
// for a channel: the select whose comm it is (a select without a
// default), or the receive statement itself; nil otherwise.
func (w *Walk) blockingOf(node ast.Node) ast.Node {
	st, ok := node.(ast.Stmt)
	if !ok || w.nonblocking(st) || typesx.CommReceive(st) == nil {
		return nil
	}
	if s, ok := w.Comms[st]; ok {
		return s
	}
	return st
}

// carriedRoots returns the variables declared outside the loop that the
// carried arguments come from: those among them, and, for one declared in
// the loop (u := base + cursor), the outer carried variables its
// assignments in the loop read, transitively.
func (m *periodic) carriedRoots(loop ast.Stmt, g *opGroup, args map[*types.Var]bool) map[*types.Var]bool {
	inLoop := func(v *types.Var) bool { return v.Pos() >= loop.Pos() && v.Pos() < loop.End() }
	all := m.allCarried()
	rhs := make(map[*types.Var][]ast.Expr)
	typesx.InspectNoLits(loop, func(n ast.Node) bool {
		if n, ok := n.(*ast.AssignStmt); ok {
			for i, l := range n.Lhs {
				v := typesx.VarOf(m.info, l)
				if v == nil || !inLoop(v) {
					continue
				}
				if len(n.Lhs) == len(n.Rhs) {
					rhs[v] = append(rhs[v], n.Rhs[i])
				} else if len(n.Rhs) == 1 {
					rhs[v] = append(rhs[v], n.Rhs[0])
				}
			}
		}
		return true
	})
	roots := make(map[*types.Var]bool)
	seen := make(map[*types.Var]bool)
	var visit func(v *types.Var)
	visit = func(v *types.Var) {
		if seen[v] {
			return
		}
		seen[v] = true
		if !inLoop(v) {
			if all[v] {
				roots[v] = true
			}
			return
		}
		for _, x := range rhs[v] {
			ast.Inspect(x, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if u, ok := m.info.Uses[id].(*types.Var); ok {
						visit(u)
					}
				}
				return true
			})
		}
	}
	for v := range args {
		visit(v)
	}
	return roots
}

// sharesState reports whether a value of type t passed to a call can be
// changed by it: a pointer, slice, map, channel, function or interface.
func sharesState(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Basic, *types.Struct, *types.Array:
		return false
	}
	return true
}

// ownWait reports whether the wait h, passed by the failure path f, is
// the failure's own: no success path passes it, or the failure path sets
// its duration to something no success path passing it sets.
func (m *periodic) ownWait(h *Hit, f failPath, succ []failPath, assignedInLoop map[*types.Var]bool) bool {
	dv := m.durationLocal(h.Expr)
	if h.TimerVar != nil {
		dv = h.TimerVar // its last Reset on the path (noteDurationAssigns)
	}
	for _, s := range succ {
		for _, sh := range s.hits {
			if sh.Node == h.Node {
				// The same wait: its own only when the failure path
				// gives it another duration.
				if dv == nil || f.assigns[dv] == nil || m.sameWrite(s.assigns[dv], f.assigns[dv], dv, assignedInLoop) {
					return false
				}
				continue
			}
			// Another wait written the same way, with nothing the loop
			// changes in it: the failure waits the normal period.
			if h.Expr != nil && sh.Expr != nil && types.ExprString(h.Expr) == types.ExprString(sh.Expr) && !typesx.UsesAny(m.info, h.Expr, assignedInLoop) {
				return false
			}
		}
	}
	return true
}

// sameWrite reports whether the writes a and b of v (assignments, or a
// timer's Reset) are one, or give v the same value written the same way
// with nothing the loop changes in it: a timer reset to its period on
// both paths.
func (m *periodic) sameWrite(a, b ast.Node, v *types.Var, assignedInLoop map[*types.Var]bool) bool {
	if a == b {
		return true
	}
	value := func(n ast.Node) ast.Expr {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if typesx.VarOf(m.info, l) == v && len(n.Rhs) == len(n.Lhs) {
					return n.Rhs[i]
				}
			}
		case *ast.ExprStmt:
			if c, ok := ast.Unparen(n.X).(*ast.CallExpr); ok && len(c.Args) == 1 {
				return c.Args[0]
			}
		}
		return nil
	}
	x, y := value(a), value(b)
	return x != nil && y != nil && types.ExprString(x) == types.ExprString(y) && !typesx.UsesAny(m.info, x, assignedInLoop)
}

// durationLocal returns the local variable a wait's duration names, or
// nil.
func (m *periodic) durationLocal(x ast.Expr) *types.Var {
	if x == nil {
		return nil
	}
	v := typesx.VarOf(m.info, x)
	if v == nil || v.IsField() || v.Parent() == nil || v.Parent() == m.f.Pkg.Scope() {
		return nil
	}
	return v
}

// pathsBack walks from the operation under sc and returns the paths that
// come back to it without leaving the loop; ok is false when the walk
// grew too large.
func (m *periodic) pathsBack(fi *interp.FuncInfo, w *backWalk, g *opGroup, ref interp.NodeRef, sc interp.Scenario, in interp.Scope, carried map[*types.Var]bool) (paths []failPath, ok bool) {
	ev := &interp.Evaluator{Fi: fi, Op: g.set, Sc: sc}
	// The states seen and the queue are the walk's (backWalk), emptied
	// for each walk: their memory serves the next scenario's.
	seen := &w.seen
	seen.Reset()
	kb := w.kb
	defer func() { w.kb = kb }()
	steps := 0
	// The queue is read from its head index on: cutting it from the
	// front at every step would copy it over and over as it grows.
	queue := append(w.queue[:0], backItem{ref.Block, ref.Index, interp.Env{}, failPath{}})
	defer func() {
		clear(queue) // drop what the items hold
		w.queue = queue[:0]
	}()
	for head := 0; head < len(queue); head++ {
		if steps++; steps > 5000 {
			return nil, false
		}
		if head >= 256 && 2*head >= len(queue) {
			// Half the queue is read: move the rest to the front, so
			// that the queue grows with the walk's frontier, not with
			// its length (the order, breadth first, is kept).
			n := copy(queue, queue[head:])
			clear(queue[n:])
			queue, head = queue[:n], 0
		}
		it := queue[head]
		first := steps == 1
		b := fi.Cfg.Blocks[it.bi]
		if !first && in != nil && !in(b) {
			continue
		}
		it.e = w.widened(it.bi, it.e) // periodic_backoff.go
		kb = fi.AppendState(kb[:0], it.bi, it.from, it.e)
		if it.p.key == nil {
			it.p.key = it.p.appendTail(nil)
		}
		kb = it.p.appendKey(kb)
		if !seen.Add(kb) {
			continue
		}
		p := it.p
		if h := w.HeadWait(b); h != nil && !first {
			p = p.passing([]*Hit{h}, nil) // periodic_backoff.go
		}
		e := it.e
		n := len(b.Nodes)
		condBlock := len(b.Succs) == 2
		back := false
		for i := it.from; i < n; i++ {
			node := b.Nodes[i]
			opNode := first && i == it.from
			if !opNode && interp.ContainsOp(node, g.set) {
				paths = append(paths, p)
				back = true
				break
			}
			if !opNode {
				p = p.passing(w.hitsIn(node), w.blockingOf(node))
			}
			if len(carried) > 0 && m.movesCarried(node, g, carried, opNode) {
				p.moved = true
			} else if p.moved && !opNode && m.resetsAllCarried(node, g, carried) {
				p.moved = false // starts over (periodic_reset.go)
			}
			p = m.noteDurationAssigns(node, p)
			if i == n-1 && condBlock {
				break
			}
			e = ev.Exec(node, e)
		}
		if back {
			continue
		}
		switch len(b.Succs) {
		case 1:
			queue = append(queue, backItem{b.Succs[0].Index, 0, e, p})
		case 2:
			t, f, _ := fi.Branch(ev, b, e)
			if t {
				queue = append(queue, backItem{b.Succs[0].Index, 0, fi.TakeRange(b, e, true), p})
			}
			if f {
				queue = append(queue, backItem{b.Succs[1].Index, 0, fi.TakeRange(b, e, false), p})
			}
		}
	}
	return paths, true
}

// noteDurationAssigns records the writes of local duration variables in
// node, and the Reset of a local timer.
func (m *periodic) noteDurationAssigns(node ast.Node, p failPath) failPath {
	note := func(v *types.Var) {
		np := make(map[*types.Var]ast.Node, len(p.assigns)+1)
		maps.Copy(np, p.assigns)
		np[v] = node
		p.assigns = np
		p.key = nil
	}
	switch n := node.(type) {
	case *ast.AssignStmt:
		for _, l := range n.Lhs {
			if v := typesx.VarOf(m.info, l); v != nil && !v.IsField() && typesx.IsNamed(v.Type(), "time", "Duration") {
				note(v)
			}
		}
	case *ast.ExprStmt:
		// t.Reset(d) of a local timer sets the wait of its next <-t.C.
		if c, ok := ast.Unparen(n.X).(*ast.CallExpr); ok {
			if fn := typesx.Callee(m.info, c); fn != nil && fn.Name() == "Reset" && fn.Pkg() != nil && fn.Pkg().Path() == "time" {
				if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
					if v := m.durationLocal(sel.X); v != nil {
						note(v)
					}
				}
			}
		}
	}
	return p
}

// movesCarried reports whether node may change one of the carried
// variables: it writes one or a field of one, takes its address, or
// passes it to a call or calls a method on it. In the operation's own
// node, the operation's call and the results it assigns are allowed when
// the function returns the value unchanged with its errors
// (keepsOnError).
func (m *periodic) movesCarried(node ast.Node, g *opGroup, carried map[*types.Var]bool, opNode bool) bool {
	rootVar := func(x ast.Expr) *types.Var { return typesx.RootVar(m.info, x) }
	moved := false
	var opCall *ast.CallExpr
	if as, ok := node.(*ast.AssignStmt); ok {
		for i, l := range as.Lhs {
			v := rootVar(l)
			if v == nil || !carried[v] {
				continue
			}
			if opNode && len(as.Rhs) == 1 {
				if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && g.set[call] && m.keepsOnError(call, i, v) {
					opCall = call
					continue
				}
			}
			if !opNode && m.resetsToStart(as, i, v, g) {
				continue // starts over (periodic_reset.go)
			}
			moved = true
		}
	}
	return typesx.InspectUntil(&moved, node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			// A closure may write what it captures.
			moved = typesx.UsesAny(m.info, n, carried)
			return false
		case *ast.IncDecStmt:
			if v := rootVar(n.X); v != nil && carried[v] {
				moved = true
			}
		case *ast.AssignStmt:
			if n != node {
				for _, l := range n.Lhs {
					if v := rootVar(l); v != nil && carried[v] {
						moved = true
					}
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if v := rootVar(n.X); v != nil && carried[v] {
					moved = true
				}
			}
		case *ast.CallExpr:
			if opNode && g.set[n] {
				// The operation's own arguments: read, not moved
				// (a method with a pointer receiver aside).
				if n != opCall {
					if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
						if v := rootVar(sel.X); v != nil && carried[v] && m.pointerMethod(n) && !isPointer(m.info.TypeOf(sel.X)) {
							moved = true
						}
					}
				}
				return true
			}
			if m.readsOnly(n) {
				return true
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				if v := rootVar(sel.X); v != nil && carried[v] && (sharesState(v.Type()) || m.pointerMethod(n) && !isPointer(m.info.TypeOf(sel.X))) {
					moved = true
				}
			}
			for _, a := range n.Args {
				if v := rootVar(a); v != nil && carried[v] && sharesState(m.info.TypeOf(a)) {
					moved = true
				}
			}
		}
		return true
	})
}

// readsOnly reports whether a call certainly changes none of its
// arguments: a conversion, or a builtin other than append, copy, clear
// and delete.
func (m *periodic) readsOnly(call *ast.CallExpr) bool {
	if tv, ok := m.info.Types[call.Fun]; ok && tv.IsType() {
		return true
	}
	b, ok := m.info.Uses[typesx.IdentOf(call.Fun)].(*types.Builtin)
	return ok && !slices.Contains([]string{"append", "copy", "clear", "delete"}, b.Name())
}

// pointerMethod reports whether call calls a method with a pointer
// receiver (which may change the value it is called on).
func (m *periodic) pointerMethod(call *ast.CallExpr) bool {
	fn := typesx.Callee(m.info, call)
	if fn == nil {
		return true
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	_, ptr := sig.Recv().Type().(*types.Pointer)
	return ptr
}

// keepsOnError reports whether the function call calls (a function or
// method of the package) returns, as its result i, the value v it is
// called on (its value receiver) or given (a parameter of a type that
// shares no state) unchanged from every return whose error is not nil:
// p, err = p.next(ctx) or id, err = join(id) then leaves p or id as it
// was when the call fails.
func (m *periodic) keepsOnError(call *ast.CallExpr, i int, v *types.Var) bool {
	fn := typesx.Callee(m.info, call)
	d := m.f.M.FuncDecl(fn)
	if d == nil || d.Body == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	res := sig.Results()
	if res.Len() < 2 || i >= res.Len()-1 || !typesx.IsErrorType(res.At(res.Len()-1).Type()) {
		return false
	}
	// recv is the callee's variable that holds v: its value receiver, or
	// the parameter v is passed as.
	var recv *types.Var
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && typesx.VarOf(m.info, sel.X) == v {
		if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
			return false
		}
		recv = typesx.RecvVar(m.info, d)
	} else {
		for j, a := range call.Args {
			if typesx.VarOf(m.info, a) != v || j >= sig.Params().Len() || sig.Variadic() && j >= sig.Params().Len()-1 {
				continue
			}
			if recv != nil {
				return false // passed twice
			}
			recv = sig.Params().At(j)
		}
	}
	if recv == nil || sharesState(recv.Type()) {
		return false
	}
	// Every return with an error gives back the receiver; every write to
	// the receiver comes after the last of them.
	lastErrRet := token.NoPos
	bad := false
	typesx.InspectNoLitsUntil(&bad, d.Body, func(n ast.Node) bool {
		r, ok := n.(*ast.ReturnStmt)
		switch {
		case !ok:
		case len(r.Results) != res.Len():
			bad = true // a bare return of named results
		case !typesx.IsNil(m.info, r.Results[len(r.Results)-1]):
			bad = typesx.VarOf(m.info, r.Results[i]) != recv
			lastErrRet = max(lastErrRet, r.Pos())
		}
		return true
	})
	if bad || lastErrRet == token.NoPos {
		return false
	}
	written := false
	typesx.InspectUntil(&written, d.Body, func(n ast.Node) bool {
		var lhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs = n.Lhs
		case *ast.IncDecStmt:
			lhs = []ast.Expr{n.X}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				lhs = []ast.Expr{n.X}
			}
		case *ast.CallExpr:
			// A method with a pointer receiver called on it (on a
			// pointer it reaches, it changes what the pointer points to).
			if s, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && n.Pos() < lastErrRet && m.pointerMethod(n) && !isPointer(m.info.TypeOf(s.X)) {
				lhs = []ast.Expr{s.X}
			}
		}
		for _, l := range lhs {
			x := l
			for {
				if s, ok := ast.Unparen(x).(*ast.SelectorExpr); ok {
					x = s.X
					continue
				}
				if s, ok := ast.Unparen(x).(*ast.IndexExpr); ok {
					x = s.X
					continue
				}
				break
			}
			if typesx.VarOf(m.info, x) == recv && n.Pos() < lastErrRet {
				written = true
			}
		}
		return true
	})
	return !written
}

func isPointer(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}
