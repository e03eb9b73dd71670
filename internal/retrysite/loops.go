package retrysite

import (
	"encoding/binary"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/tracker"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex/countsoutside"
	"golang.org/x/tools/go/ast/inspector"
)

// This file finds hand-written retry sites: loops, goto loops and
// self-recursive functions in which a failure of an operation leads to
// another run of the same operation while its success leaves.

// A funcBody is one function body to study: a declaration or a literal.
type funcBody struct {
	body *ast.BlockStmt
	typ  *ast.FuncType
	decl *ast.FuncDecl // nil for literals
	obj  *types.Func   // nil for literals
	// cur is the body's cursor in the package's inspector.
	cur inspector.Cursor
}

// inspect calls f for each node of the given types in the body, outside
// the function literals nested in it, in the order of ast.Inspect. types
// must hold *ast.FuncLit (the literals are not passed to f). The
// inspector skips subtrees that hold none of the types, which makes it
// several times faster than ast.Inspect.
func (fb funcBody) inspect(types []ast.Node, f func(n ast.Node)) {
	fb.cur.Inspect(types, func(c inspector.Cursor) bool {
		n := c.Node()
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		f(n)
		return true
	})
}

var (
	prefilterTypes = []ast.Node{(*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.BranchStmt)(nil), (*ast.CallExpr)(nil), (*ast.SendStmt)(nil), (*ast.FuncLit)(nil)}
	loopCallTypes  = []ast.Node{(*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.CallExpr)(nil), (*ast.FuncLit)(nil)}
	callTypes      = []ast.Node{(*ast.CallExpr)(nil)}
)

// opGroup is a set of calls that perform the same operation.
type opGroup struct {
	key   string
	calls []*ast.CallExpr
	set   map[*ast.CallExpr]bool
	// failureOnly: the group is retried only by a failure path of a loop
	// that comes back on success too (waits/periodic.go); its bound counts
	// consecutive failures.
	failureOnly bool
	// ownWaits are the positions of the waits of its own that such a
	// failure path passes (waits/periodic.go).
	ownWaits map[token.Pos]bool
	// viaBackoff: every own wait is a backoff the success path passes
	// too (periodic_backoff.go).
	viaBackoff bool
}

// runScenario is the outcome assumed for the group when counting its
// runs: any outcome, or failures only for a failure-path site.
func (g *opGroup) runScenario() scenario {
	if g.failureOnly {
		return errorScenario()
	}
	return interp.AnyScenario()
}

// handWritten returns the hand-written retry sites in fb.
func (m *model) handWritten(fb funcBody) []*Site {
	return m.handWrittenIn(fb, m.prefilter(fb))
}

// handWrittenIn returns the hand-written retry sites in fb, whose walk
// before any graph (prefilter) found sc.
func (m *model) handWrittenIn(fb funcBody, sc bodyScan) []*Site {
	gotos, selfCalls := sc.gotos, sc.self
	var held map[*ast.CallExpr]*ast.FuncLit
	if fb.obj != nil {
		// Calls of a closure that calls the function (heldself.go).
		held = typesx.HeldSelfCalls(m.info, fb.body, fb.obj, m.ReentryDecl)
		for c := range held {
			if !slices.Contains(selfCalls, c) {
				selfCalls = append(selfCalls, c)
			}
		}
	}
	if !sc.loops && !gotos && len(selfCalls) == 0 {
		return nil
	}
	// Operations first: most loops call nothing that crosses an
	// integration boundary, and then no graph is needed.
	calls, parents := fb.loopCalls()
	loopsOnly := !gotos && len(selfCalls) == 0
	if loopsOnly && len(parents) == 0 {
		return nil // no call in a loop: no operation can repeat
	}
	// Without a goto or a call of itself, only an operation with a call
	// in a loop can be retried (every other group would be passed over
	// below): opGroups leaves the others out.
	groups := m.opGroups(calls, parents, loopsOnly)
	if len(groups) == 0 {
		return nil
	}
	fnInfo := m.FuncInfo(fb.body, fb.typ)
	if fnInfo == nil {
		return nil
	}
	fnInfo.Recursive = len(selfCalls) > 0 // interp's outcomepred.go
	groups = splitByLoop(groups, parents)
	target := make(map[*ast.CallExpr]bool)
	for _, c := range selfCalls {
		target[c] = true
	}

	type found struct {
		loop  ast.Node // loop statement, labeled statement, or decl (recursion)
		kind  Kind
		ops   []*opGroup
		first *opGroup
		in    scope
		// fi is the graph the site is read on: the function's, or a
		// round's (rounds.go).
		fi *funcInfo
	}
	byNode := make(map[ast.Node]*found)
	var order []ast.Node

	for _, g := range groups {
		first := g.calls[0]
		// An operation run once before a loop that runs it again on
		// failure (forms.go): the loop is the retry.
		if parents[first] == nil && len(selfCalls) == 0 && !gotos {
			if pg := primedGroup(g, parents); pg != nil {
				g, first = pg, pg.calls[0]
			}
		}
		fi := fnInfo
		ref, ok := fi.CallNode(first)
		if !ok {
			continue
		}
		loop := parents[first]
		if loop != nil && len(selfCalls) > 0 && fb.decl != nil && m.retriesAfterFailover(fi, fb, g, ref, target, selfCalls, held) {
			// The function calls itself once the loop has run out of
			// candidates (forms.go): a recursive retry of its own.
			f, ok := byNode[fb.decl]
			if !ok {
				f = &found{loop: fb.decl, kind: Recursion, first: g, fi: fi}
				byNode[fb.decl] = f
				order = append(order, fb.decl)
			}
			f.ops = append(f.ops, g)
		}
		var in scope
		var carried map[*types.Var]bool
		kind := Loop
		var node ast.Node
		tgt := g.set
		switch {
		case loop != nil:
			if m.items.VariesPerItem(fi, loop, g.rulesGroup()) {
				// A list tried again in rounds (rounds.go).
				outer, rfi := m.roundOf(fi, fb, loop, g)
				if outer == nil {
					continue
				}
				loop, fi = outer, rfi
			}
			carried = m.items.CarriedArgs(loop, g.rulesGroup())
			// Not retries: a readiness wait (precision.go, loopback.go), a search
			// for a free name (precision.go, candidates.go), a protocol's poll
			// (pending.go).
			if m.Rules().StartsProcessBefore(fb.body, loop) || m.Rules().CalledAfterStart(fb.obj, 0) ||
				m.Rules().LoopbackOnly(fb.body, g.rulesGroup()) || m.Rules().DrawsCandidate(loop, g.rulesGroup()) ||
				m.Rules().RetriesOnlyOnExists(loop, g.rulesGroup()) || m.Rules().RetriesOnlyWhilePending(loop, g.rulesGroup()) {
				continue
			}
			in = fi.LoopScope(loop)
			node = loop
		case len(selfCalls) > 0:
			if m.recursionVaries(fb, g, innerSelfCalls(selfCalls, held, m.info, fb.obj)) {
				continue // a redirect followed, not a retry (notretry.go)
			}
			kind = Recursion
			node = fb.decl
			tgt = typesx.Union(g.set, target)
		case gotos:
			node = fb.body
		default:
			continue
		}
		// A loop whose operation moves on (a cursor) is a retry only
		// through a failure path that keeps it where it is (waits/periodic.go).
		free := goalAgain
		if kind == Recursion {
			free = goalFree
		}
		retry := len(carried) == 0 && m.isRetry(fi, g, tgt, ref, in, free)
		if !retry {
			switch {
			case loop != nil:
				retry = m.failurePathRetry(fi, loop, g, ref, in, carried)
			case kind == Loop: // a goto loop that also goes round on success (getop.go)
				r := gotoRegion(fb.body, first)
				retry = r != nil && m.failurePathRetry(fi, r, g, ref, nil, m.items.CarriedArgs(r, g.rulesGroup()))
			}
			if !retry {
				continue
			}
			g.failureOnly = true
		}
		if kind == Loop && loop == nil {
			// A goto loop: report at the label the goto jumps to.
			if l := gotoLabelBefore(fb.body, first); l != nil {
				node = l
			}
		}
		f, ok := byNode[node]
		if !ok {
			f = &found{loop: node, kind: kind, first: g, in: in, fi: fi}
			byNode[node] = f
			order = append(order, node)
		} else if f.fi != fi {
			// A round's operation and another operation of the same
			// loop are read on different graphs: keep the first.
			continue
		}
		f.ops = append(f.ops, g)
	}

	var sites []*Site
	for _, node := range order {
		f := byNode[node]
		fi := f.fi
		f.ops = primaryOps(f.ops) // primaryops.go
		f.first = f.ops[0]
		s := &Site{
			Kind:     f.kind,
			Node:     f.loop,
			Pos:      f.loop.Pos(),
			Func:     fb.body,
			FuncType: fb.typ,
		}
		for _, g := range f.ops {
			for _, c := range g.calls {
				s.Ops = append(s.Ops, m.ops.Op(c))
			}
		}
		if f.kind == Recursion {
			s.Pos = fb.decl.Name.Pos()
			s.Bound = m.recursionBound(fi, fb, f.first, selfCalls, held)
		} else {
			init := m.CapturedInit(fi, fb.decl, fb.body) // funcvals.go
			s.Bound = m.loopBound(fi, f.first, init, f.in)
			if s.Bound.Kind == BoundUnbounded && (countsoutside.CountsOutside(&m.Index, s.Ops) || m.boundByParams(fb, fi, f.first, init, f.in)) {
				s.Bound = Bound{Kind: BoundUnknown} // xpkg.go, helperfields.go
			}
			if s.Bound.Kind == BoundUnknown {
				if b, ok := m.deciderBound(f.loop); ok {
					s.Bound = b // a decider's count (decider.go)
				} else if b, ok := m.decisionCount(f.loop, f.first.calls, nil); ok {
					s.Bound = b // a retry decision's count (decisioncount.go)
				} else if b, ok := tracker.LoopBound(m.pass, m.info, m.pkg, m, fb.body, f.loop); ok {
					s.Bound = b // an attempt tracker (tracker.go)
				} else if n, ok := rangeCeiling(m.info, f.loop); ok {
					s.Bound = Bound{Kind: BoundKnown, Retries: n - 1, Counted: site.CountedAttempts(n)}
				}
			}
			// Which literal sets the count matters only to a finding
			// (and its fix) on a count outside the context's range: it is
			// searched for once the context is known (retrysite.go).
			g, in := f.first, f.in
			m.findLit[s] = func() { m.findBoundLiteral(fi, g, init, in, &s.Bound) }
		}
		if f.first.failureOnly {
			// The loop runs the operation on success too: how long it
			// runs, and which outcomes its other paths repeat, are the
			// loop's business, not the retry's. Only its waits are
			// looked for (its outcomes stay nil), and its timeouts when
			// a known count ends it whatever the attempts return.
			m.loopWaits(s, fi, f.first)
			keepOwnWaits(s, f.first)
			m.failureOutcomes(s, fi, f.first)
			if s.Bound.Known() {
				m.timeouts.Loop(s) // a count ends it, success or not
			}
		} else {
			m.attachLoopDetails(s, fi, f.first)
		}
		// Not retries: a state poll at the server's interval, a loop that
		// re-reads its input and never repeats one, a bind retried on this
		// host (precision.go); a downgrade, a re-run once after a repair, an
		// exchange, a collision (reruns.go).
		if f.kind == Loop && (m.Rules().ServerPaced(s) || m.Rules().GivesUpOnSameInput(f.loop, f.first.calls) ||
			m.Rules().BindsLocalSocket(f.loop) || m.notRetryRerun(fi, f.loop, f.first, s.Bound)) {
			continue
		}
		sites = append(sites, s)
		if s.Bound.Kind == BoundUnknown && fb.obj != nil && f.kind == Loop {
			sites = append(sites, m.helperCalls(fb, fi, f.first, f.in, s)...)
		}
	}
	return sites
}

// A bodyScan is what prefilter finds in a function body.
type bodyScan struct {
	// loops and gotos: the body holds a for or range statement, a goto.
	loops, gotos bool
	// self are the body's calls of the function itself.
	self []*ast.CallExpr
	// requeues are its calls that hand an item back to a rate-limited
	// queue, and entries their table rows (package requeue).
	requeues []*ast.CallExpr
	entries  []knowledge.Requeue
	// sends are its channel sends (package requeue's own queues).
	sends []*ast.SendStmt
}

// prefilter finds, in one walk and without building a graph, whether fb
// has loops, gotos, calls of itself or requeue calls: most functions have
// none of them.
func (m *model) prefilter(fb funcBody) (sc bodyScan) {
	fb.inspect(prefilterTypes, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			sc.loops = true
		case *ast.SendStmt:
			sc.sends = append(sc.sends, n)
		case *ast.BranchStmt:
			if n.Tok == token.GOTO {
				sc.gotos = true
			}
		case *ast.CallExpr:
			if fb.obj != nil && calleeNamed(n, fb.obj.Name()) {
				if fn := typesx.Callee(m.info, n); fn != nil && fn.Origin() == fb.obj.Origin() {
					sc.self = append(sc.self, n)
				}
			}
			if r, ok := m.requeue.Entry(n); ok {
				sc.requeues = append(sc.requeues, n)
				sc.entries = append(sc.entries, r)
			}
		}
	})
	return sc
}

// loopCalls returns the calls of fb (outside the function literals
// nested in it) in the order of ast.Inspect, and maps each call to its
// innermost enclosing loop statement: a for statement whose condition,
// post statement or body holds it (not its init), or a range statement
// whose body holds it (not the ranged expression, nor its key and
// value). One walk of the inspector: the loops enclosing a node are
// those, among the loops visited before it, that it starts inside of.
func (fb funcBody) loopCalls() (calls []*ast.CallExpr, parents map[*ast.CallExpr]ast.Stmt) {
	parents = make(map[*ast.CallExpr]ast.Stmt)
	var stack []ast.Stmt // the loops enclosing the node visited, outermost first
	fb.inspect(loopCallTypes, func(n ast.Node) {
		for len(stack) > 0 && n.Pos() >= stack[len(stack)-1].End() {
			stack = stack[:len(stack)-1]
		}
		switch n := n.(type) {
		case *ast.ForStmt:
			stack = append(stack, n)
		case *ast.RangeStmt:
			stack = append(stack, n)
		case *ast.CallExpr:
			calls = append(calls, n)
			for i := len(stack) - 1; i >= 0; i-- {
				switch l := stack[i].(type) {
				case *ast.ForStmt:
					if l.Init != nil && typesx.Within(n, l.Init) {
						continue // run once, before the loop
					}
				case *ast.RangeStmt:
					if !typesx.Within(n, l.Body) {
						if typesx.Within(n, l.X) {
							continue // evaluated once, before the loop
						}
						return // in its key or value: no loop's
					}
				}
				parents[n] = stack[i]
				break
			}
		}
	})
	return calls, parents
}

// opGroups groups the given calls that may be operations: calls whose
// results carry an outcome (an error, an HTTP response, an ok bool).
// With loopsOnly, only the operations with a call in a loop (parents)
// are grouped, with all their calls: mayBeOp is asked first of the calls
// in loops, then of the others whose operation is one of theirs.
func (m *model) opGroups(calls []*ast.CallExpr, parents map[*ast.CallExpr]ast.Stmt, loopsOnly bool) []*opGroup {
	byKey := make(map[string]*opGroup)
	var groups []*opGroup
	add := func(call *ast.CallExpr, k string) {
		g, ok := byKey[k]
		if !ok {
			g = &opGroup{key: k, set: make(map[*ast.CallExpr]bool)}
			byKey[k] = g
			groups = append(groups, g)
		}
		g.calls = append(g.calls, call)
		g.set[call] = true
	}
	if !loopsOnly {
		for _, call := range calls {
			if m.mayBeOp(call) {
				add(call, m.OpKey(call))
			}
		}
		return groups
	}
	keys := make(map[*ast.CallExpr]string) // the operations in loops
	inLoop := make(map[string]bool)
	for _, call := range calls {
		if parents[call] != nil && m.mayBeOp(call) {
			k := m.OpKey(call)
			keys[call] = k
			inLoop[k] = true
		}
	}
	if len(keys) == 0 {
		return nil
	}
	for _, call := range calls {
		k, ok := keys[call]
		if !ok {
			if parents[call] != nil || !m.hasOutcomeCall(call) {
				continue
			}
			if k = m.OpKey(call); !inLoop[k] || !m.mayBeOp(call) {
				continue
			}
		}
		add(call, k)
	}
	return groups
}

// hasOutcomeCall reports whether call is a call (not a conversion) whose
// results carry an outcome: mayBeOp's first test.
func (m *model) hasOutcomeCall(call *ast.CallExpr) bool {
	tv, ok := m.info.Types[call]
	return ok && !tv.IsType() && hasOutcome(tv.Type)
}

// mayBeOp reports whether a call can be an operation worth retrying: it
// returns an outcome, and it is not a pure computation (errors, fmt,
// strconv, encoding, context, ...).
//
// The tests that read only the call and its callee's name come first:
// whether the call crosses an integration boundary (IsIntegration) may
// read the bodies of functions and build the package's value index (a
// func-typed field called, a field handed where a stream is taken), and
// most calls it would be asked of are ruled out by their callee alone
// (fmt.Fprintf(c.out, ...), errors.Is(err, ...)).
func (m *model) mayBeOp(call *ast.CallExpr) bool {
	if !m.hasOutcomeCall(call) || rewindsBody(m.info, call) {
		return false
	}
	// A call given an error classifies an outcome (errors.Is,
	// websocket.IsCloseError(err), apierrors.IsNotFound(err)); it is
	// not an operation, unless it is the retry decision (decider.go).
	fn := typesx.Callee(m.info, call)
	for _, a := range call.Args {
		if typesx.IsErrorType(m.info.TypeOf(a)) && (fn == nil || m.RetryDecision(fn) < 0) {
			return false
		}
	}
	if fn != nil && fn.Pkg() != nil && !m.calleeMayBeOp(fn) || !m.IsIntegration(call) {
		return false
	}
	// A bare ok (bool, or (T, bool)) is an operation's outcome only for
	// operations the model sees whole (forms.go); elsewhere it is a
	// predicate, a lookup, a dequeue or a step of an exchange.
	return interp.HasErrorOrResponse(m.info.Types[call].Type) || m.OkIsOutcome(call)
}

// rewindsBody reports whether call is req.GetBody(), net/http's hook
// that gives a request's body again for a re-send: it prepares the next
// attempt, it is not one.
func rewindsBody(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "GetBody" && typesx.IsNamed(info.TypeOf(sel.X), "net/http", "Request")
}

// calleeMayBeOp reports whether a call of fn may be an operation by
// what fn is: not a function of a package that only computes or
// classifies outcomes, nor an accessor, iteration or clean-up method.
func (m *model) calleeMayBeOp(fn *types.Func) bool {
	if knowledge.IsOutcomePackage(fn.Pkg().Path()) {
		return false
	}
	switch fn.Pkg().Path() {
	case "errors", "fmt", "strconv", "strings", "bytes", "context", "sort", "slices", "maps",
		"math", "unicode/utf8", "regexp", "time", "sync", "sync/atomic", "reflect",
		"encoding/json", "encoding/xml", "encoding/base64", "encoding/hex", "encoding/binary",
		"path", "path/filepath", "net/url", "net/netip", "mime", "io", "bufio", "text/template", "html/template":
		return false
	case "net/http":
		switch fn.Name() {
		case "NewRequest", "NewRequestWithContext", "ReadResponse", "ParseHTTPVersion", "ParseTime":
			return false
		}
	case "net":
		switch fn.Name() {
		case "Accept", "AcceptTCP", "AcceptUnix":
			// A listener taking the next incoming connection: the
			// server side of a call, each one a new connection.
			return false
		}
	case "os":
		switch fn.Name() {
		case "Getenv", "LookupEnv", "Getwd", "Hostname", "Executable":
			return false
		}
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		switch fn.Name() {
		case "Err", "Error", "Unwrap", "Is", "As", "Timeout", "Temporary", "Next", "Scan", "Close",
			"Value", "Load", "Get", "Lookup", "Has", "Contains":
			// Iteration, accessors and cleanup, not operations:
			// Get here is a map-like accessor (http.Header.Get,
			// url.Values.Get, sync.Map-like caches). HTTP GETs
			// are recognised by their receiver below. A method of
			// the package that returns a new value of its receiver's
			// type with an error (p, err = p.Next(ctx)) fetches the
			// next page: an operation, whose page the loop carries
			// (waits/periodic.go). A Get of the package is one when
			// its body reaches the network (getop.go: mayBeOp asks
			// IsIntegration of it as of any call).
			// A Get, Load or Lookup given a context is a call to a
			// service (a generated gRPC client's Get(ctx, req), a
			// cache's Get(ctx, key)): no accessor takes a context.
			if !isHTTPClientMethod(fn) && !(fn.Name() == "Next" && m.returnsNextValue(fn)) && !m.localFetch(fn) && // getop.go
				!(fetchName(fn.Name()) && takesContext(sig)) {
				return false
			}
		}
	}
	return true
}

// fetchName reports whether a method name reads like a map accessor as
// much as like a fetch from a service.
func fetchName(name string) bool { return name == "Get" || name == "Load" || name == "Lookup" }

// takesContext reports whether sig's first parameter is a context
// (context.Context or a copy of it: typesx.IsContextLike).
func takesContext(sig *types.Signature) bool {
	return sig.Params().Len() > 0 && typesx.IsContextLike(sig.Params().At(0).Type())
}

// returnsNextValue reports whether fn is a method of the package, with a
// value receiver and a body, whose results are a value of the receiver's
// type and an error.
func (m *model) returnsNextValue(fn *types.Func) bool {
	if fn.Pkg() != m.pkg || m.FuncDecl(fn) == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	res := sig.Results()
	return res.Len() == 2 && types.Identical(res.At(0).Type(), sig.Recv().Type()) && typesx.IsErrorType(res.At(1).Type())
}

func isHTTPClientMethod(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return false
	}
	n, ok := types.Unalias(typesx.Deref(sig.Recv().Type())).(*types.Named)
	return ok && n.Obj().Pkg() != nil && knowledge.IsHTTPSender(n.Obj().Pkg().Path(), n.Obj().Name())
}

// hasOutcome reports whether a call's result type carries an outcome.
func hasOutcome(t types.Type) bool {
	if interp.HasErrorOrResponse(t) {
		return true
	}
	if tup, ok := t.(*types.Tuple); ok {
		// (T, bool): a comma-ok result; (bool, bool) is two flags.
		return tup.Len() == 2 && typesx.IsBool(tup.At(1).Type()) && !typesx.IsBool(tup.At(0).Type())
	}
	return t != nil && typesx.IsBool(t)
}

// OpKey identifies an operation: the callee (or the literal called), the
// receiver and the arguments, as written.
func (m *model) OpKey(call *ast.CallExpr) string {
	var callee string
	if fn := typesx.Callee(m.info, call); fn != nil {
		callee = fn.FullName()
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if _, isPkg := m.info.Uses[typesx.IdentOf(sel.X)].(*types.PkgName); !isPkg {
				callee += "@" + types.ExprString(sel.X)
			}
		}
	} else {
		callee = types.ExprString(call.Fun)
		if _, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
			callee = fmt.Sprintf("funclit@%d", call.Fun.Pos())
		}
	}
	for _, a := range call.Args {
		callee += "|" + types.ExprString(a)
	}
	return callee
}

// isRetry applies the definition: a success of the operation never
// leads back to it, and some failure does.
//
// A recursion must come back by a path that no state the model cannot see
// guards: `if err != nil && !d.cache.Fresh() { d.Reset(); return d.Get() }`
// refreshes a cache and looks again once; it is not a retry of its own.
//
// goal is goalAgain, or for a recursion goalFree (goalFreeFailover when
// the operation sits in a loop over candidates).
//
// The error is tried first: most candidates that are no retry never come
// back on an error, and then the success (whose walk, when nothing leads
// back, explores every path) need not be walked at all. An operation that
// returns a response may still come back on a status, which takes more
// walks than the success: for it the success is walked first, as the
// definition reads.
func (m *model) isRetry(fi *funcInfo, g *opGroup, target map[*ast.CallExpr]bool, ref nodeRef, in scope, goal reachGoal) bool {
	success := func() bool { return fi.Reach(g.set, target, ref, interp.SuccessScenario(), in, goalAgain).Again }
	needFree := goal != goalAgain
	back := func(r reachResult) bool { return r.Again && (!needFree || r.AgainFree) }
	if back(fi.Reach(g.set, target, ref, errorScenario(), in, goal)) {
		return !success()
	}
	if fi.ReportsStatus(g.set) {
		if success() {
			return false
		}
		tried := []int{503, 500, 429, 404, 400}
		for _, code := range tried {
			if back(fi.Reach(g.set, target, ref, statusScenario(code), in, goal)) {
				return true
			}
		}
		// The statuses the code itself names (decide.go).
		for _, code := range m.NamedStatuses(fi, tried) {
			if back(fi.Reach(g.set, target, ref, statusScenario(code), in, goal)) ||
				back(fi.Reach(g.set, target, ref, interp.HeaderScenario(code), in, goal)) {
				return true
			}
		}
	}
	return false
}

func gotoLabelBefore(body *ast.BlockStmt, call *ast.CallExpr) *ast.LabeledStmt {
	var best *ast.LabeledStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok && l.Pos() <= call.Pos() {
			if _, isLoop := l.Stmt.(*ast.ForStmt); !isLoop {
				best = l
			}
		}
		return true
	})
	return best
}

// loopBound computes a loop site's bound from the function entry, with
// init binding some parameters (for helper calls).
func (m *model) loopBound(fi *funcInfo, g *opGroup, init env, in scope) Bound {
	return m.BoundOverValues(func() Bound { return m.loopBoundOnce(fi, g, init, in) }) // values.go
}

func (m *model) loopBoundOnce(fi *funcInfo, g *opGroup, init env, in scope) Bound {
	r := fi.MaxRuns(g.set, init, nil, in, g.runScenario())
	switch {
	case r.GaveUp:
		return Bound{Kind: BoundUnknown}
	case r.Infinite && (r.BoundDep || r.OpaqueExit):
		return Bound{Kind: BoundUnknown}
	case r.Infinite && r.Counted:
		// The loop keeps a count, which some path goes round without
		// ending (retries = -1 under a deadline, a count only some
		// failures advance, a count read for something else).
		return Bound{Kind: BoundUnbounded, Why: "no attempt count is sure to end the loop: it retries until the operation succeeds"}
	case r.Infinite:
		return Bound{Kind: BoundUnbounded, Why: "the loop has no attempt count: it retries until the operation succeeds"}
	case r.BoundDep:
		// A counter compared with an unknown value may stop the loop
		// sooner; the constant bound found still holds as a ceiling,
		// but which one applies is unknown.
		return Bound{Kind: BoundUnknown}
	case r.N <= 0:
		return Bound{Kind: BoundUnknown}
	}
	return Bound{Kind: BoundKnown, Retries: r.N - 1, Counted: site.CountedAttempts(r.N)}
}

// findBoundLiteral finds the integer literal or same-package named
// constant that sets a loop's known bound, by changing each candidate by
// one and watching the count follow.
func (m *model) findBoundLiteral(fi *funcInfo, g *opGroup, init env, in scope, b *Bound) {
	if b.Kind != BoundKnown {
		return
	}
	base := b.Retries + 1
	var lits []*ast.BasicLit
	consts := make(map[*types.Const]bool)
	var constOrder []*types.Const
	ast.Inspect(fi.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BasicLit:
			if n.Kind == token.INT {
				lits = append(lits, n)
			}
		case *ast.Ident:
			if c, ok := m.info.Uses[n].(*types.Const); ok && !consts[c] {
				if _, isInt := c.Type().Underlying().(*types.Basic); isInt && c.Val().Kind() == constant.Int {
					consts[c] = true
					constOrder = append(constOrder, c)
				}
			}
		}
		return true
	})
	try := func(p *perturbation, orig int64) (offset int, ok bool) {
		p.Value = orig + 1
		r := fi.MaxRuns(g.set, init, p, in, g.runScenario())
		if r.GaveUp || r.Infinite || r.BoundDep || r.N != base+1 {
			return 0, false
		}
		return base - int(orig), true
	}
	for _, l := range lits[:min(len(lits), 30)] {
		v := (&evaluator{Fi: fi}).Eval(l, env{})
		if v.K != vInt {
			continue
		}
		if off, ok := try(&perturbation{Lit: l}, v.I); ok {
			m.setBoundLit(b, l, off)
			b.Expr = l
			return
		}
	}
	sort.Slice(constOrder, func(i, j int) bool { return typesx.PosLess(m.pass.Fset, constOrder[i].Pos(), constOrder[j].Pos()) })
	for _, c := range constOrder {
		iv, ok := constInt(c)
		if !ok {
			continue
		}
		if off, ok := try(&perturbation{Cnst: c}, iv); ok {
			if l := m.constLiteral(c); l != nil {
				m.setBoundLit(b, l, off)
			}
			return
		}
	}
}

// setBoundLit records the literal that sets a bound. offset is the number
// of attempts minus the literal's value: 0 when the literal counts
// attempts (i < 5), 1 when it counts retries (i <= 4, attempt > max).
func (m *model) setBoundLit(b *Bound, l *ast.BasicLit, offset int) {
	b.Lit = l
	switch offset {
	case 0:
		b.LitIsAttempts, b.LitOffset = true, 0
	case 1:
		b.LitIsAttempts, b.LitOffset = false, 0
	default:
		b.LitIsAttempts, b.LitOffset = true, offset
	}
}

// constLiteral returns the literal a same-package constant is declared
// with, if it is one.
func (m *model) constLiteral(c *types.Const) *ast.BasicLit {
	if c.Pkg() != m.pkg {
		return nil
	}
	f := typesx.FileOf(m.pass.Files, c.Pos())
	if f == nil {
		return nil
	}
	var lit *ast.BasicLit
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok {
			return lit == nil
		}
		for i, name := range vs.Names {
			if m.info.Defs[name] == c && i < len(vs.Values) {
				lit, _ = ast.Unparen(vs.Values[i]).(*ast.BasicLit)
			}
		}
		return false
	})
	return lit
}

// recursionBound: a function that calls itself after a failure is bounded
// by a parameter that changes on each call (unknown here), or unbounded
// when it calls itself with the same arguments.
func (m *model) recursionBound(fi *funcInfo, fb funcBody, g *opGroup, self []*ast.CallExpr, held map[*ast.CallExpr]*ast.FuncLit) Bound {
	sig := fb.obj.Type().(*types.Signature)
	for _, c := range self {
		if lit := held[c]; lit != nil && writesParams(m.info, lit.Body, sig) {
			// The closure steps a parameter it captured before it calls
			// the function with it (attemptsRemaining--): a count the
			// arguments do not show.
			return Bound{Kind: BoundUnknown}
		}
	}
	inner := innerSelfCalls(self, held, m.info, fb.obj)
	// A parameter stepped to a limit (recursioncount.go), the limit
	// perhaps a default the package writes (values.go).
	if b := m.BoundOverValues(func() Bound {
		if b, ok := m.recursionCount(fi, fb, inner); ok {
			return b
		}
		return Bound{Kind: BoundUnknown}
	}); b.Kind == BoundKnown {
		return b
	}
	for _, c := range inner {
		for i, a := range c.Args {
			if i >= sig.Params().Len() {
				break
			}
			// Any argument other than the parameter itself may carry
			// the count: n-1, attempt+1, a context marked "retried
			// once" (go-github's rate-limit retry).
			p := sig.Params().At(i)
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && m.info.Uses[id] == p {
				continue
			}
			return Bound{Kind: BoundUnknown}
		}
	}
	return Bound{Kind: BoundUnbounded, Why: "the function calls itself after every failure with no attempt count"}
}

// helperCalls makes HelperCall sites for calls, in this package, of a
// retry helper whose bound depends on its parameters, when the call's
// arguments make the bound known: retry(5, op) for a helper
// func retry(attempts int, op func() error) error.
func (m *model) helperCalls(fb funcBody, fi *funcInfo, g *opGroup, in scope, helper *Site) []*Site {
	sig := fb.obj.Type().(*types.Signature)
	var intParams, structParams []int
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		if fi.Tracked[p] && interp.IsIntegerOrBool(p.Type()) {
			intParams = append(intParams, i)
		}
		if _, ok := p.Type().Underlying().(*types.Struct); ok && !(sig.Variadic() && i == sig.Params().Len()-1) {
			structParams = append(structParams, i)
		}
	}
	if len(intParams) == 0 && len(structParams) == 0 {
		return nil
	}
	// The variables a call can bind, in a fixed order: a call's binding
	// is keyed by their values, and calls that bind them alike share one
	// bound (an SDK's request helper taking an options struct has a call
	// per endpoint, nearly all alike).
	var keyVars []*types.Var
	for _, i := range intParams {
		keyVars = append(keyVars, sig.Params().At(i))
	}
	for _, i := range structParams {
		p := sig.Params().At(i)
		if st, ok := p.Type().Underlying().(*types.Struct); ok {
			for j := 0; j < st.NumFields(); j++ {
				if pv := fi.ParamField(p, st.Field(j)); pv != nil {
					keyVars = append(keyVars, pv)
				}
			}
		}
	}
	bounds := make(map[string]Bound)
	var key []byte
	var sites []*Site
	// The calls of the function, read from the inspector; the name rules
	// out most calls before the callee's lookup.
	typesx.Preorder(m.pass, callTypes, func(n ast.Node) {
		call := n.(*ast.CallExpr)
		if !calleeNamed(call, fb.obj.Name()) {
			return
		}
		fn := typesx.Callee(m.info, call)
		if fn == nil || fn.Origin() != fb.obj.Origin() || sig.Variadic() {
			return
		}
		init := env{}
		var lit *ast.BasicLit
		var litParam *types.Var
		for _, i := range intParams {
			if i >= len(call.Args) {
				continue
			}
			v := (&evaluator{Fi: fi}).Eval(call.Args[i], env{})
			if v.K == vInt || v.K == vBool {
				init = init.Set(sig.Params().At(i), v)
				if l, ok := ast.Unparen(call.Args[i]).(*ast.BasicLit); ok && lit == nil {
					lit, litParam = l, sig.Params().At(i)
				}
			}
		}
		for _, i := range structParams {
			if i < len(call.Args) {
				init = m.bindStructArg(fi, sig.Params().At(i), call.Args[i], init) // helperfields.go
			}
		}
		if init.Len() == 0 {
			return
		}
		key = key[:0]
		for j, v := range keyVars {
			if x, ok := init.Get(v); ok {
				key = binary.AppendUvarint(key, uint64(j))
				key = append(key, byte(x.K))
				key = binary.AppendVarint(key, x.I)
			}
		}
		b := typesx.Cached(&bounds, string(key), func() Bound { return m.loopBound(fi, g, init, in) })
		if b.Kind == BoundUnknown {
			return
		}
		if b.Kind == BoundKnown && lit != nil {
			// Does this literal set the count? Try it plus one.
			orig := init.At(litParam).I
			init2 := init.Set(litParam, intVal(orig+1))
			if r := fi.MaxRuns(g.set, init2, nil, in, g.runScenario()); !r.Infinite && !r.GaveUp && !r.BoundDep && r.N == b.Retries+2 {
				m.setBoundLit(&b, lit, b.Retries+1-int(orig))
				b.Expr = lit
			}
		}
		// The worst case is the call's: the helper's loop judged
		// again under the call's bound.
		hs := *helper
		hs.Bound = b
		m.timeouts.Loop(&hs)
		if t := hs.Timeouts; t.Pos == helper.Pos {
			t.Pos = call.Pos()
		}
		sites = append(sites, &Site{
			Kind:       HelperCall,
			Node:       call,
			Pos:        call.Pos(),
			Helper:     helper,
			Bound:      b,
			Ops:        helper.Ops,
			Waits:      helper.Waits,
			WaitsKnown: helper.WaitsKnown,
			Retried:    helper.Retried,
			Timeouts:   hs.Timeouts,
		})
	})
	return sites
}

func constInt(c *types.Const) (int64, bool) {
	v := c.Val()
	if v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}

// splitByLoop splits an operation group whose calls sit in loops apart
// from each other (neither holds the other) into one group per loop: a
// helper that runs its func in a loop over a custom schedule, or else in
// a backoff loop (nats' retryWithBackoff), has two retry loops, each
// studied on its own. The calls outside every loop stay with the group
// of the first loop, as before. Groups in one loop, or in nested loops,
// are unchanged.
func splitByLoop(groups []*opGroup, parents map[*ast.CallExpr]ast.Stmt) []*opGroup {
	var out []*opGroup
	for _, g := range groups {
		var loops []ast.Stmt
		for _, c := range g.calls {
			if l := parents[c]; l != nil && !slices.Contains(loops, l) {
				loops = append(loops, l)
			}
		}
		if len(loops) < 2 || !disjointLoops(loops) {
			out = append(out, g)
			continue
		}
		for i, l := range loops {
			sub := &opGroup{key: g.key, set: make(map[*ast.CallExpr]bool)}
			for _, c := range g.calls {
				if p := parents[c]; p == l || p == nil && i == 0 {
					sub.calls = append(sub.calls, c)
					sub.set[c] = true
				}
			}
			out = append(out, sub)
		}
	}
	return out
}

// disjointLoops reports whether no loop of loops holds another.
func disjointLoops(loops []ast.Stmt) bool {
	for i, a := range loops {
		for _, b := range loops[i+1:] {
			if a.Pos() <= b.Pos() && b.End() <= a.End() || b.Pos() <= a.Pos() && a.End() <= b.End() {
				return false
			}
		}
	}
	return true
}

// calleeNamed reports whether call's function may be one called name: it
// is named by an identifier or selector of that name, instantiated or
// parenthesized (typesx.CalleeIdent). It rules out most calls before the
// type lookup.
func calleeNamed(call *ast.CallExpr, name string) bool {
	id := typesx.CalleeIdent(call)
	return id != nil && id.Name == name
}

// rangeCeiling returns the constant count of a range over an integer
// constant (for range 3, for i := range maxTries): whatever the body does,
// the loop runs at most that many times, so when the interpreter cannot
// decide the count (an exit on a value it cannot see, a walk given up),
// that is the site's count.
func rangeCeiling(info *types.Info, loop ast.Node) (int, bool) {
	rs, ok := loop.(*ast.RangeStmt)
	if !ok {
		return 0, false
	}
	tv, ok := info.Types[rs.X]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	if !typesx.IsInteger(tv.Type) {
		return 0, false
	}
	n, ok := constant.Int64Val(tv.Value)
	if !ok || n <= 0 || n > 1<<20 {
		return 0, false
	}
	return int(n), true
}
