package notretry

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file holds rules, learnt from wrong findings on real modules, about
// repeats whose failure is not that of a call to another service:
//
//   - a call whose results are all dropped (an expression statement,
//     results assigned to _, a go or defer statement) cannot make the
//     function that makes it fail: a constructor that binds local sockets
//     and closes them on its way out (_ = ln.Close()) is local work, and
//     a loop that binds again on "address already in use" retries no
//     integration;
//   - a loop that gives up when the operation's input is the one that
//     failed last (if idx == lastFailIdx { return lastErr }) never runs
//     the operation twice on the same input: each round re-reads the
//     state (a first index moved by a concurrent truncation) and tries
//     what it now says, as a compare-and-swap loop does;
//   - a loop that runs after the function has started a local process
//     (exec.Cmd.Start, os.StartProcess, or a function of the package that
//     does so, up to two calls down) waits for that process to come up:
//     a readiness wait, not the retry of a failed call to a dependency.

// DroppedCalls returns the calls in body (function literals included)
// whose results nothing reads.
func DroppedCalls(body ast.Node) map[*ast.CallExpr]bool {
	res := make(map[*ast.CallExpr]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ExprStmt:
			if c, ok := ast.Unparen(n.X).(*ast.CallExpr); ok {
				res[c] = true
			}
		case *ast.GoStmt:
			res[n.Call] = true
		case *ast.DeferStmt:
			res[n.Call] = true
		case *ast.AssignStmt: // _ = f(), _, _ = f()
			c, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			if ok && len(n.Rhs) == 1 && !slices.ContainsFunc(n.Lhs, func(l ast.Expr) bool { return !typesx.IsIdent(l, "_") }) {
				res[c] = true
			}
		}
		return true
	})
	return res
}

// StartsProcessBefore reports whether body, before pos and outside
// function literals, starts a local process: a call of
// (*os/exec.Cmd).Start or os.StartProcess, which return while the
// process runs, or a call of a function of the package that does so
// itself, up to two calls down (an exec helper: startsProcessIn). A loop
// after it that calls out and sleeps waits for the process it has just
// started to answer.
func (m *Rules) StartsProcessBefore(body *ast.BlockStmt, pos ast.Node) bool {
	return m.startsProcesses() && m.startsProcessAt(body, pos, 2)
}

// startsProcessIn reports whether the package's function fn starts a
// local process anywhere in its body, directly or through the package's
// functions it calls, down to depth more calls.
func (m *Rules) startsProcessIn(fn *types.Func, depth int) bool {
	if d, ok := m.procFuncs[fn]; ok {
		return d
	}
	if m.procFuncs == nil {
		m.procFuncs = make(map[*types.Func]bool)
	}
	m.procFuncs[fn] = false // a recursive call starts nothing new
	decl := m.host.FuncDecl(fn)
	starts := decl != nil && decl.Body != nil && m.startsProcessAt(decl.Body, endOf{decl.Body.End()}, depth)
	m.procFuncs[fn] = starts
	return starts
}

// startsProcessAt is StartsProcessBefore's walk, with depth calls of the
// package's functions left to look into.
func (m *Rules) startsProcessAt(body *ast.BlockStmt, pos ast.Node, depth int) bool {
	found := false
	return typesx.InspectNoLitsUntil(&found, body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if n.Pos() >= pos.Pos() {
				return false
			}
			fn := typesx.Callee(m.info, n)
			if fn == nil || fn.Pkg() == nil {
				return true
			}
			if p := fn.Pkg().Path(); p == "os/exec" || p == "os" {
				found = startsProcess(fn)
			} else {
				found = depth > 0 && fn.Pkg() == m.pkg && m.startsProcessIn(fn.Origin(), depth-1)
			}
		}
		return !found
	})
}

// startsProcess reports whether fn, of a package, starts a local
// process: (*os/exec.Cmd).Start, os.StartProcess.
func startsProcess(fn *types.Func) bool {
	switch fn.Pkg().Path() {
	case "os/exec":
		return fn.Name() == "Start" && isMethodOf(fn, "Cmd")
	case "os":
		return fn.Name() == "StartProcess"
	}
	return false
}

// isMethodOf reports whether fn is a method of the named type called
// name (or a pointer to it).
func isMethodOf(fn *types.Func, name string) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	named, ok := types.Unalias(typesx.Deref(sig.Recv().Type())).(*types.Named)
	return ok && named.Obj().Name() == name
}

// ServerPaced reports whether every wait between the attempts of a loop
// site lasts what the other side said: its duration derives, through the
// function's assignments, from a number field of a wire message (a field
// with a json, xml or protobuf tag that is not a time.Duration) read from
// a parameter or a call's result, not from the receiver's configuration.
// Such a loop polls at the interval the server sets (RFC 8628's device
// flow: interval, raised on slow_down) for a state to change; the client
// chooses neither the interval nor, in a way the code shows, a count. It
// is a state poll, not a retry.
func (m *Rules) ServerPaced(s *site.Site) bool {
	if len(s.Waits) == 0 || s.Func == nil {
		return false
	}
	var recv *types.Var
	if s.FuncType != nil {
		if fn := typesx.DeclOfBody(m.pass.Files, s.Func); fn != nil {
			recv = typesx.RecvVar(m.info, fn)
		}
	}
	return !slices.ContainsFunc(s.Waits, func(w *site.Wait) bool { return w.Expr == nil || !m.fromWireField(s.Func, w.Expr, recv) })
}

// fromWireField reports whether x derives, through assignments in body to
// local variables, from a wire field (ServerPaced) of a value other than
// recv.
func (m *Rules) fromWireField(body *ast.BlockStmt, x ast.Expr, recv *types.Var) bool {
	seen := make(map[*types.Var]bool)
	var from func(n ast.Node) bool
	from = func(n ast.Node) bool {
		found := false
		var vars []*types.Var
		typesx.InspectUntil(&found, n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				found = m.wireField(body, n, recv)
			case *ast.Ident:
				if v, ok := m.info.Uses[n].(*types.Var); ok && !v.IsField() && v.Pos() >= body.Pos() && v.Pos() < body.End() && !seen[v] {
					seen[v] = true
					vars = append(vars, v)
				}
			}
			return true
		})
		return found || slices.ContainsFunc(vars, func(v *types.Var) bool {
			return slices.ContainsFunc(typesx.Assignments(m.info, body, v), func(rhs ast.Expr) bool { return from(rhs) })
		})
	}
	return from(x)
}

// wireField reports whether sel selects a number field carrying a wire
// encoding tag from a value whose root is not recv nor a package variable,
// nor a local variable of body assigned from one (o := c.opts).
func (m *Rules) wireField(body *ast.BlockStmt, sel *ast.SelectorExpr, recv *types.Var) bool {
	selection, ok := m.info.Selections[sel]
	if !ok || selection.Kind() != types.FieldVal {
		return false
	}
	field, _ := selection.Obj().(*types.Var)
	return field != nil && typesx.BasicIs(field.Type(), types.IsNumeric) && !typesx.IsDuration(field.Type()) &&
		hasWireTag(selection.Recv(), field) && !m.configRoot(body, sel.X, recv, make(map[*types.Var]bool))
}

// configRoot reports whether x is read from recv or a package variable,
// directly or through local variables of body assigned from them.
func (m *Rules) configRoot(body *ast.BlockStmt, x ast.Expr, recv *types.Var, seen map[*types.Var]bool) bool {
	root := typesx.IdentOf(typesx.ChainRoot(x, true))
	if root == nil {
		return false // a call's result
	}
	v, _ := m.info.Uses[root].(*types.Var)
	if v == nil || v == recv || v.Parent() == m.pkg.Scope() {
		return true
	}
	if seen[v] || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return false // a parameter
	}
	seen[v] = true
	return slices.ContainsFunc(typesx.Assignments(m.info, body, v), func(rhs ast.Expr) bool { return m.configRoot(body, rhs, recv, seen) })
}

// hasWireTag reports whether field, of the struct behind t, carries a
// json, xml or protobuf tag.
func hasWireTag(t types.Type, field *types.Var) bool {
	for {
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if st.Field(i) == field {
			tag := reflect.StructTag(st.Tag(i))
			return slices.ContainsFunc([]string{"json", "xml", "protobuf"}, func(k string) bool { _, ok := tag.Lookup(k); return ok })
		}
	}
	return false
}

// CancelOnlyCtx reports whether call is x.Err() on a local variable of
// body whose every assignment is the context of context.WithCancel or
// WithCancelCause. Such a context has no deadline: it is done only when
// its cancel func is called or its parent is done, and an operation's
// failure does neither. So under a failure scenario its Err is nil, and a
// loop that goes back only when the attempt's own context was cancelled
// (a switch-over to a new primary cancels the running call, which is then
// run again against the new one) is a restart someone asked for, not a
// retry of a failure. A context with a timeout is not one: a loop that
// goes back when the attempt timed out retries it.
func (m *Rules) CancelOnlyCtx(body *ast.BlockStmt, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, _ := m.info.Uses[typesx.IdentOf(sel.X)].(*types.Var)
	if v == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return false
	}
	rhs := typesx.Assignments(m.info, body, v)
	return len(rhs) > 0 && !slices.ContainsFunc(rhs, func(r ast.Expr) bool {
		c, ok := ast.Unparen(r).(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := typesx.Callee(m.info, c)
		return fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" || (fn.Name() != "WithCancel" && fn.Name() != "WithCancelCause")
	})
}

// DrawsCandidate reports whether a loop gives its operation a new random
// value before each attempt: it assigns one (from a function of a rand
// package: math/rand, crypto/rand, a util/rand) to a variable the
// operation's call reads, or sets one through a setter (x.SetName(...),
// not on a map such as an http.Header) in the loop. Each iteration then
// tries a new candidate (a generated name after "already exists"): a
// search for a free value, not the same request again. A request id or
// an idempotency key written into headers does not count, nor does a
// random wait.
func (m *Rules) DrawsCandidate(loop ast.Stmt, g *Group) bool {
	body := loopBody(loop)
	if body == nil {
		return false
	}
	call := g.Calls[0]
	randVars := make(map[*types.Var]bool)
	found := false
	typesx.InspectNoLitsUntil(&found, body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, r := range n.Rhs {
				if !m.drawsRandom(r, randVars) {
					continue
				}
				// name := base + rand.String(5); addr.Port = r.Intn(n):
				// the variable, or the one whose field is set.
				if id := typesx.IdentOf(typesx.ChainRoot(n.Lhs[i], true)); id != nil {
					if v, ok := m.info.ObjectOf(id).(*types.Var); ok && !v.IsField() && v.Parent() != m.pkg.Scope() {
						randVars[v] = true
					}
				}
			}
		case *ast.ExprStmt:
			c, ok := ast.Unparen(n.X).(*ast.CallExpr)
			if !ok || c == call {
				return true
			}
			sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
			if !ok || len(sel.Sel.Name) < 4 || sel.Sel.Name[:3] != "Set" {
				return true
			}
			if t := m.info.TypeOf(sel.X); t == nil {
				return true
			} else if _, isMap := t.Underlying().(*types.Map); isMap {
				return true
			}
			if fn := typesx.Callee(m.info, c); fn == nil || typesx.IsPackageFunc(fn) {
				return true
			}
			found = slices.ContainsFunc(c.Args, func(a ast.Expr) bool { return m.drawsRandom(a, randVars) })
		}
		return true
	})
	return found || slices.ContainsFunc(append([]ast.Expr{call.Fun}, call.Args...), func(a ast.Expr) bool {
		return typesx.UsesAny(m.info, a, randVars)
	})
}

// drawsRandom reports whether x calls a function of a rand package or
// reads a variable of vars.
func (m *Rules) drawsRandom(x ast.Expr, vars map[*types.Var]bool) bool {
	if typesx.UsesAny(m.info, x, vars) {
		return true
	}
	found := false
	return typesx.InspectNoLitsUntil(&found, x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			fn := typesx.Callee(m.info, c)
			found = fn != nil && fn.Pkg() != nil && randPackage(fn.Pkg().Path())
		}
		return !found
	})
}

// randPackage reports whether path names a package of random numbers:
// its last element is rand (math/rand, crypto/rand, .../util/rand), or
// rand/v2.
func randPackage(path string) bool {
	path = strings.TrimSuffix(path, "/v2")
	return path == "rand" || strings.HasSuffix(path, "/rand")
}

// CalledAfterStart reports whether every call of the unexported function
// fn in the package (outside its _test.go files) comes after its caller has started a local process
// (StartsProcessBefore), directly or through a caller that is itself so
// called (up to depth 2): a loop in fn waits for that process to answer,
// like a loop after the start in the same function (a health-check
// poller spawned by the function that started the process; a retryFor
// helper called by waitServerReady after cmd.Start). fn must be called,
// never used as a value, and called at least once.
func (m *Rules) CalledAfterStart(fn *types.Func, depth int) bool {
	return fn != nil && !fn.Exported() && depth <= 2 && m.startsProcesses() && m.everyCall(fn, func(decl *ast.FuncDecl, call *ast.CallExpr, spawned bool) bool {
		// A goroutine spawned by the function that starts the process
		// runs alongside it, whichever comes first in the source.
		at := ast.Node(call)
		if spawned {
			at = endOf{decl.Body.End()}
		}
		if m.StartsProcessBefore(decl.Body, at) {
			return true
		}
		caller, _ := m.info.Defs[decl.Name].(*types.Func)
		return caller != fn && m.CalledAfterStart(caller, depth+1)
	})
}

// everyCall reports whether fn is used only as the function of calls in
// the package's function declarations (its _test.go files aside), at
// least once, and ok holds of each: the caller's declaration, the call,
// and whether a go statement makes it.
func (m *Rules) everyCall(fn *types.Func, ok func(decl *ast.FuncDecl, call *ast.CallExpr, spawned bool) bool) bool {
	calls := 0
	for id, obj := range m.info.Uses {
		if obj != fn || m.inTestFile(id) {
			continue // a test exercising the helper is not a use of it
		}
		decl, call, spawned := m.callerOf(id)
		if decl == nil || call == nil || !ok(decl, call, spawned) {
			return false // used as a value, or outside a declaration
		}
		calls++
	}
	return calls > 0
}

// endOf is a node that only has a position: the end of a body.
type endOf struct{ pos token.Pos }

func (e endOf) Pos() token.Pos { return e.pos }
func (e endOf) End() token.Pos { return e.pos }

// callerOf returns the declaration whose body holds id and the call whose
// function id names (fn(...), x.fn(...)), or nil for a use that is not
// a call's function; spawned tells whether a go statement makes the call.
func (m *Rules) callerOf(id *ast.Ident) (decl *ast.FuncDecl, call *ast.CallExpr, spawned bool) {
	fd := typesx.FuncDeclAt(m.pass.Files, id.Pos())
	if fd == nil {
		return nil, nil, false
	}
	gos := make(map[*ast.CallExpr]bool)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if call != nil {
			return false
		}
		if g, ok := n.(*ast.GoStmt); ok {
			gos[g.Call] = true
		}
		if c, ok := n.(*ast.CallExpr); ok && typesx.NameIdent(c.Fun) == id {
			call = c
		}
		return call == nil
	})
	return fd, call, gos[call]
}

// GivesUpOnSameInput reports whether loop leaves when an argument of its
// operation equals what it was at the last failure: a local declared
// before the loop, assigned that argument in the loop, and compared with
// it by a test whose branch returns or breaks.
func (m *Rules) GivesUpOnSameInput(loop ast.Node, calls []*ast.CallExpr) bool {
	args := make(map[*types.Var]bool)
	for _, c := range calls {
		for _, a := range c.Args {
			if v := m.host.LocalVar(a); v != nil {
				args[v] = true
			}
		}
	}
	if len(args) == 0 {
		return false
	}
	// last[v] = arg: the locals declared before the loop that the loop
	// sets to an argument of the operation.
	last := make(map[*types.Var]*types.Var)
	ast.Inspect(loop, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			lv, rv := m.host.LocalVar(l), m.host.LocalVar(as.Rhs[i])
			if lv != nil && rv != nil && args[rv] && lv.Pos() < loop.Pos() {
				last[lv] = rv
			}
		}
		return true
	})
	if len(last) == 0 {
		return false
	}
	found := false
	return typesx.InspectUntil(&found, loop, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		b, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
		if !ok || b.Op != token.EQL || len(is.Body.List) == 0 {
			return true
		}
		x, y := m.host.LocalVar(b.X), m.host.LocalVar(b.Y)
		if x == nil || y == nil || (last[x] != y && last[y] != x) {
			return true
		}
		found = exits(is.Body.List[len(is.Body.List)-1])
		return true
	})
}

// startsProcesses reports whether the package starts a process anywhere
// (exec.Cmd.Start, os.StartProcess): most do not, and the readiness rules
// above need not look.
func (m *Rules) startsProcesses() bool {
	if m.procStart == 0 {
		m.procStart = -1
		for _, obj := range m.info.Uses {
			if fn, ok := obj.(*types.Func); ok && fn.Pkg() != nil && startsProcess(fn) {
				m.procStart = 1
				break
			}
		}
	}
	return m.procStart > 0
}

// BindsLocalSocket reports whether loop returns a listener that it got
// from a local socket's setup (net.Listen, net.FileListener, a method of
// a net.ListenConfig): it retries a bind on this host, which crosses no
// integration boundary, whatever else it checks between attempts (a dial
// of the port to see who holds it, a dup of an inherited descriptor).
func (m *Rules) BindsLocalSocket(loop ast.Node) bool {
	bound := make(map[types.Object]bool)
	found := false
	return typesx.InspectNoLitsUntil(&found, loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && len(n.Rhs) == 1 && localListen(typesx.Callee(m.info, call)) {
				if id, ok := n.Lhs[0].(*ast.Ident); ok && m.info.ObjectOf(id) != nil {
					bound[m.info.ObjectOf(id)] = true
				}
			}
		case *ast.ReturnStmt:
			if len(n.Results) > 0 {
				id, ok := ast.Unparen(n.Results[0]).(*ast.Ident)
				found = ok && bound[m.info.ObjectOf(id)]
			}
		}
		return true
	})
}

// localListen reports whether fn sets up a listener on this host:
// net.Listen*, net.FileListener, a method of a net.ListenConfig.
func localListen(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "net" && (strings.HasPrefix(fn.Name(), "Listen") || fn.Name() == "FileListener")
}
