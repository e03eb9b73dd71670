package retrysite

import (
	"encoding/binary"
	"github.com/retrylint/retrylint/internal/knowledge"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// This file finds the waits between attempts of hand-written retry sites
// . A wait is between attempts when it lies on a path along which a
// failure of the operation leads back to the same operation: the same
// walk of the control-flow graph that defines a retry (sim.go), under the
// failure scenarios, collecting the waits it passes. Each wait's duration
// is then evaluated over successive attempts (waits_num.go) and its shape
// read from the values (waits_shape.go).

// A waitHit is a wait found in a function: a primitive (time.Sleep,
// <-time.After, <-timer.C) or a call of a same-package helper that waits.
type waitHit struct {
	kind WaitKind
	// node is the call or receive in the site's function.
	node ast.Node
	// expr is the duration expression, when there is one: the argument
	// of time.Sleep or time.After, the NewTimer or Reset argument, the
	// duration argument a sleeping helper waits for.
	expr ast.Expr
	// inner is the wait inside a helper (kind WaitHelper), and helper
	// the helper's declaration.
	inner  *waitHit
	helper *ast.FuncDecl
	// timerVar is the timer or ticker received from (<-t.C).
	timerVar *types.Var
}

// loopWaits finds the waits between attempts of a hand-written site.
func (m *model) loopWaits(s *Site, fi *funcInfo, g *opGroup) {
	if fi == nil || g == nil || len(g.calls) == 0 {
		return
	}
	ref, ok := fi.CallNode(g.calls[0])
	if !ok {
		return
	}
	target := g.set
	var in scope
	var self *types.Func
	switch n := s.Node.(type) {
	case *ast.ForStmt:
		in = fi.LoopScope(n)
	case *ast.RangeStmt:
		in = fi.LoopScope(n)
	case *ast.FuncDecl:
		self, _ = m.info.Defs[n.Name].(*types.Func)
		if self != nil {
			target = union(g.set, m.selfCalls(n.Body, self))
		}
	}
	w := &waitWalk{m: m, fi: fi, nonblocking: nonblockingComms(fi.Body), hitAt: make(map[ast.Node][]*waitHit)}
	if self != nil {
		w.reentry = w.entryWaits(g.set) // forms.go
	}
	scenarios := []scenario{errorScenario()}
	if returnsResponse(m.info, g.calls[0]) {
		tried := []int{503, 500, 429}
		for _, code := range tried {
			scenarios = append(scenarios, statusScenario(code))
		}
		// The statuses the code itself names, as isRetry tries them: a
		// loop that retries only a 401 the server marks retryable
		// waits on that path (decide.go).
		for _, code := range m.NamedStatuses(fi, tried) {
			scenarios = append(scenarios, statusScenario(code), headerScenario(code))
		}
	}
	for _, sc := range scenarios {
		w.walk(g.set, target, ref, sc, in)
	}
	s.WaitsKnown = !w.gaveUp
	if len(w.found) == 0 {
		if w.maybe || !w.again || m.opWaitsInside(g) {
			// Something on the way may wait (a rate limiter, a
			// backoff object, a channel): the model cannot tell.
			s.WaitsKnown = false
		}
		return
	}
	for _, h := range w.found {
		wt := &Wait{Kind: h.kind, Pos: h.node.Pos(), Expr: h.expr}
		m.wnum.LoopWait(s, fi.Body, self, h.num(), wt)
		if wt.Shape == ShapeUnknown && m.unjitteredWait(fi.Body, h.expr) {
			wt.Shape, wt.Desc = ShapeNoJitter, noJitterDesc // waits_determ.go
		}
		s.Waits = append(s.Waits, wt)
	}
	if w.immediate {
		s.Waits = append(s.Waits, &Wait{
			Kind:  WaitSleep,
			Pos:   s.Pos,
			Shape: ShapeNone,
			Desc:  "no wait after some failures",
		})
	}
}

// selfCalls returns the calls of fn in body (outside function literals).
func (m *model) selfCalls(body *ast.BlockStmt, fn *types.Func) map[*ast.CallExpr]bool {
	res := make(map[*ast.CallExpr]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if c := typeutilCallee(m.info, n); c != nil && c.Origin() == fn.Origin() {
				res[n] = true
			}
		}
		return true
	})
	return res
}

// nonblockingComms returns the communications of selects with a default
// case: they do not wait.
func nonblockingComms(body *ast.BlockStmt) map[ast.Stmt]bool {
	res := make(map[ast.Stmt]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectStmt)
		if !ok {
			return true
		}
		hasDefault := false
		for _, c := range sel.Body.List {
			if cc, ok := c.(*ast.CommClause); ok && cc.Comm == nil {
				hasDefault = true
			}
		}
		if hasDefault {
			for _, c := range sel.Body.List {
				if cc, ok := c.(*ast.CommClause); ok && cc.Comm != nil {
					res[cc.Comm] = true
				}
			}
		}
		return true
	})
	return res
}

// waitWalk walks the failure paths of one site.
type waitWalk struct {
	m           *model
	fi          *funcInfo
	nonblocking map[ast.Stmt]bool
	hitAt       map[ast.Node][]*waitHit
	found       []*waitHit
	seenHit     map[ast.Node]bool
	// again: some failure path leads back to the operation; immediate:
	// one does with no wait and through no fork the outcome does not
	// decide, while others wait; maybe: a path back passes something
	// that may wait without the model knowing how long.
	again, immediate, maybe, gaveUp bool
	noWaitPath                      bool
	// reentry, for a recursive site, holds the waits every path from
	// the function's entry to the operation passes: a call of itself
	// waits them before the operation runs again.
	reentry []*waitHit
}

type walkPath struct {
	hits      []*waitHit
	maybe     bool
	uncertain bool
}

func (p walkPath) appendKey(buf []byte) []byte {
	for _, h := range p.hits {
		buf = binary.AppendUvarint(buf, uint64(h.node.Pos()))
	}
	buf = append(buf, 0xfe, b2byte(p.maybe), b2byte(p.uncertain))
	return buf
}

func (w *waitWalk) walk(op, target map[*ast.CallExpr]bool, start nodeRef, sc scenario, in scope) {
	fi := w.fi
	ev := &evaluator{Fi: fi, Op: op, Sc: sc}
	seen := make(map[string]bool)
	var kb []byte
	steps := 0
	immediateCertain := false
	var walk func(bi int32, from int, e env, p walkPath, first bool)
	walk = func(bi int32, from int, e env, p walkPath, first bool) {
		if steps > 5000 {
			w.gaveUp = true
			return
		}
		steps++
		b := fi.Cfg.Blocks[bi]
		if !first && in != nil && !in(b) {
			return
		}
		kb = fi.AppendState(kb[:0], bi, from, e)
		kb = p.appendKey(kb)
		if seen[string(kb)] {
			return
		}
		seen[string(kb)] = true
		if h := w.headWait(b); h != nil && !first {
			p.hits = withHits(p.hits, h) // waits_dedupe.go
		}
		n := len(b.Nodes)
		condBlock := len(b.Succs) == 2
		for i := from; i < n; i++ {
			node := b.Nodes[i]
			if !(first && i == from) && containsOp(node, target) {
				if len(w.reentry) > 0 && !containsOp(node, op) {
					p.hits = append(append([]*waitHit(nil), p.hits...), w.reentry...)
				}
				w.again = true
				if len(p.hits) == 0 && !p.maybe {
					w.noWaitPath = true
					if !p.uncertain {
						immediateCertain = true
					}
				}
				if p.maybe && len(p.hits) == 0 {
					w.maybe = true
				}
				for _, h := range p.hits {
					if w.seenHit == nil {
						w.seenHit = make(map[ast.Node]bool)
					}
					if !w.seenHit[h.node] {
						w.seenHit[h.node] = true
						w.found = append(w.found, h)
					}
				}
				return
			}
			// The operation's own node: only what follows the call
			// counts (err := sleepy() is not a wait before it).
			if !(first && i == from) {
				hits, maybe := w.waitsIn(node)
				if len(hits) > 0 {
					p.hits = withHits(p.hits, hits...)
				}
				p.maybe = p.maybe || maybe
			}
			if i == n-1 && condBlock {
				break
			}
			e = ev.Exec(node, e)
		}
		switch len(b.Succs) {
		case 1:
			walk(b.Succs[0].Index, 0, e, p, false)
		case 2:
			t, f, c := fi.Branch(ev, b, e)
			// A fork the outcome does not decide makes a path that
			// does not wait uncertain when the other side may wait:
			// `if d > 0 { time.Sleep(d) }`.
			undecided := t && f && c != nil && c.Dep&depOutcome == 0
			if t {
				q := p
				q.uncertain = q.uncertain || undecided && w.reachesWait(b.Succs[1].Index, target, in)
				walk(b.Succs[0].Index, 0, fi.TakeRange(b, e, true), q, false)
			}
			if f {
				q := p
				q.uncertain = q.uncertain || undecided && w.reachesWait(b.Succs[0].Index, target, in)
				walk(b.Succs[1].Index, 0, fi.TakeRange(b, e, false), q, false)
			}
		}
	}
	walk(start.Block, start.Index, env{}, walkPath{}, true)
	if immediateCertain {
		w.immediate = true
	}
}

// reachesWait reports whether some path from block bi passes a wait (or
// something that may wait) before it runs the operation again or leaves
// the scope.
func (w *waitWalk) reachesWait(bi int32, target map[*ast.CallExpr]bool, in scope) bool {
	seen := make(map[int32]bool)
	var visit func(bi int32) bool
	visit = func(bi int32) bool {
		if seen[bi] {
			return false
		}
		seen[bi] = true
		b := w.fi.Cfg.Blocks[bi]
		if in != nil && !in(b) {
			return false
		}
		if w.headWait(b) != nil {
			return true
		}
		for _, n := range b.Nodes {
			if containsOp(n, target) {
				return false
			}
			if hits, maybe := w.waitsIn(n); len(hits) > 0 || maybe {
				return true
			}
		}
		for _, s := range b.Succs {
			if visit(s.Index) {
				return true
			}
		}
		return false
	}
	return visit(bi)
}

// waitsIn returns the waits in a graph node, and whether it holds
// something else that may wait.
func (w *waitWalk) waitsIn(node ast.Node) ([]*waitHit, bool) {
	if hs, ok := w.hitAt[node]; ok {
		return hs, false
	}
	if st, ok := node.(ast.Stmt); ok && w.nonblocking[st] {
		return nil, false
	}
	hits, maybe := w.m.findWaits(node, w.fi.Body, 0)
	if !maybe {
		w.hitAt[node] = hits
	}
	return hits, maybe
}

// findWaits finds the waits in node (outside function literals). body is
// the function that holds node, where timers are looked up. maybe is true
// when node holds something else that may block: a receive from another
// channel, a call that looks like a wait (Wait, Backoff, a rate limiter).
func (m *model) findWaits(node ast.Node, body *ast.BlockStmt, depth int) (hits []*waitHit, maybe bool) {
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			return !m.TimerDrain(n) // values.go
		case *ast.UnaryExpr:
			if n.Op != token.ARROW {
				return true
			}
			if h := m.receiveWait(n, body); h != nil {
				hits = append(hits, h)
				return false
			}
			maybe = true
		case *ast.CallExpr:
			if h := m.callWait(n); h != nil {
				hits = append(hits, h)
				return false
			}
			fn := typeutilCallee(m.info, n)
			if fn != nil && fn.Pkg() == m.pkg && depth < 3 {
				if d := m.FuncDecl(fn); d != nil && d.Body != nil {
					inner, mb := m.findWaits(d.Body, d.Body, depth+1)
					if len(inner) == 1 {
						hits = append(hits, m.helperHit(n, fn, d, inner[0]))
						return true
					}
					if len(inner) > 1 || mb {
						maybe = true
					}
					return true
				}
			}
			if m.mayWait(n, fn) {
				maybe = true
			}
		}
		return true
	})
	return hits, maybe
}

// helperHit makes the wait of a call of a same-package helper whose body
// waits once.
func (m *model) helperHit(call *ast.CallExpr, fn *types.Func, d *ast.FuncDecl, inner *waitHit) *waitHit {
	h := &waitHit{kind: WaitHelper, node: call, inner: inner, helper: d}
	// A helper that waits for one of its parameters (sleepCtx(ctx, d)):
	// the argument is the duration.
	if id, ok := ast.Unparen(inner.expr).(*ast.Ident); ok && inner.inner == nil {
		if p, ok := m.info.Uses[id].(*types.Var); ok {
			sig := fn.Type().(*types.Signature)
			for i := 0; i < sig.Params().Len() && i < len(call.Args); i++ {
				if sig.Params().At(i) == p && !(sig.Variadic() && i == sig.Params().Len()-1) {
					h.expr = call.Args[i]
				}
			}
		}
	}
	return h
}

// callWait recognises a call that waits: time.Sleep(d), gax.Sleep(ctx, d),
// a clock's Sleep(d).
func (m *model) callWait(call *ast.CallExpr) *waitHit {
	fn := typeutilCallee(m.info, call)
	if fn == nil {
		return nil
	}
	if fn.Pkg() != nil {
		switch fn.Pkg().Path() + "." + fn.Name() {
		case "time.Sleep":
			if len(call.Args) == 1 {
				return &waitHit{kind: WaitSleep, node: call, expr: call.Args[0]}
			}
			return nil
		case knowledge.PathGax + ".Sleep":
			if len(call.Args) == 2 {
				return &waitHit{kind: WaitSleep, node: call, expr: call.Args[1]}
			}
			return nil
		}
	}
	// A Sleep method or function of another package taking one duration
	// (a clock abstraction).
	if fn.Pkg() != m.pkg && fn.Name() == "Sleep" {
		if d := durationArg(m.info, call); d != nil {
			return &waitHit{kind: WaitSleep, node: call, expr: d}
		}
	}
	return nil
}

// durationArg returns the single time.Duration argument of a call.
func durationArg(info *types.Info, call *ast.CallExpr) ast.Expr {
	var d ast.Expr
	for _, a := range call.Args {
		if isNamed(info.TypeOf(a), "time", "Duration") {
			if d != nil {
				return nil
			}
			d = a
		}
	}
	return d
}

// receiveWait recognises a receive that waits: <-time.After(d),
// <-time.Tick(d), <-timer.C, <-ticker.C, <-clock.After(d).
func (m *model) receiveWait(u *ast.UnaryExpr, body *ast.BlockStmt) *waitHit {
	switch x := ast.Unparen(u.X).(type) {
	case *ast.CallExpr:
		fn := typeutilCallee(m.info, x)
		if fn == nil {
			return nil
		}
		if fn.Pkg() != nil && fn.Pkg().Path() == "time" && len(x.Args) == 1 {
			switch fn.Name() {
			case "After":
				return &waitHit{kind: WaitAfter, node: u, expr: x.Args[0]}
			case "Tick":
				return &waitHit{kind: WaitTicker, node: u, expr: x.Args[0]}
			}
		}
		if fn.Pkg() != m.pkg && fn.Name() == "After" {
			if d := durationArg(m.info, x); d != nil {
				return &waitHit{kind: WaitAfter, node: u, expr: d}
			}
		}
		// <-time.NewTimer(d).C is a selector, below.
	case *ast.Ident:
		return m.afterVarWait(u, x, body) // waits_chanvar.go
	case *ast.SelectorExpr:
		if x.Sel.Name != "C" {
			return nil
		}
		t := m.info.TypeOf(x.X)
		isTimer := isNamed(t, "time", "Timer")
		isTicker := isNamed(t, "time", "Ticker")
		if !isTimer && !isTicker {
			return nil
		}
		kind := WaitTimer
		if isTicker {
			kind = WaitTicker
		}
		h := &waitHit{kind: kind, node: u}
		if call, ok := ast.Unparen(x.X).(*ast.CallExpr); ok {
			if fn := typeutilCallee(m.info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" && len(call.Args) == 1 {
				h.expr = call.Args[0]
			}
			return h
		}
		if id, ok := ast.Unparen(x.X).(*ast.Ident); ok {
			if v, ok := m.info.Uses[id].(*types.Var); ok {
				h.timerVar = v
				h.expr = m.timerDuration(v, body, u.Pos())
			}
		}
		return h
	}
	return nil
}

// timerDuration returns the duration a timer or ticker variable was last
// set to before pos: the argument of time.NewTimer, time.NewTicker or
// Reset.
func (m *model) timerDuration(v *types.Var, body *ast.BlockStmt, pos token.Pos) ast.Expr {
	var best ast.Expr
	var bestPos token.Pos
	consider := func(x ast.Expr, at token.Pos) {
		if best == nil || (at < pos && (bestPos > pos || at > bestPos)) {
			best, bestPos = x, at
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || (m.info.Defs[id] != v && m.info.Uses[id] != v) || i >= len(n.Rhs) {
					continue
				}
				if call, ok := ast.Unparen(n.Rhs[i]).(*ast.CallExpr); ok && len(call.Args) == 1 {
					if fn := typeutilCallee(m.info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" {
						consider(call.Args[0], n.Pos())
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if m.info.Defs[name] != v || i >= len(n.Values) {
					continue
				}
				if call, ok := ast.Unparen(n.Values[i]).(*ast.CallExpr); ok && len(call.Args) == 1 {
					if fn := typeutilCallee(m.info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" {
						consider(call.Args[0], n.Pos())
					}
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Reset" && len(n.Args) == 1 {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && m.info.Uses[id] == v {
					consider(n.Args[0], n.Pos())
				}
			}
		}
		return true
	})
	return best
}

// mayWait reports whether a call of another package may block for a
// while between attempts: its name says it waits, or it takes a duration.
func (m *model) mayWait(call *ast.CallExpr, fn *types.Func) bool {
	name := ""
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		name = f.Name
	case *ast.SelectorExpr:
		name = f.Sel.Name
	}
	if fn != nil && fn.Pkg() != nil {
		switch fn.Pkg().Path() {
		case "time", "context", "fmt", "log", "log/slog", "errors", "strings", "strconv", "sync/atomic",
			"math", "math/rand", "math/rand/v2", "crypto/rand", "sort", "slices", "maps", "bytes", "io", "os":
			return false
		}
		if fn.Name() == "Done" || fn.Name() == "Err" {
			return false
		}
	}
	lower := strings.ToLower(name)
	for _, w := range []string{"wait", "sleep", "backoff", "delay", "pause", "throttle", "limit", "after", "tick"} {
		if strings.Contains(lower, w) {
			return true
		}
	}
	for _, a := range call.Args {
		if isNamed(m.info.TypeOf(a), "time", "Duration") {
			return true
		}
	}
	return false
}
