package notretry

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Readiness waits. A function whose name says it waits (waitX,
// WaitUntilReady, waitServerReady) or that it ends when something is
// ready (ensureReady), and that is handed the thing it waits for (a
// parameter of an interface type declared outside the standard library:
// the container or process the caller started, whose methods give its
// address, ports and files), is a wait for that thing's state: a port to
// answer, a file to appear. A method so named on a handle of the package
// (a virtual machine, a job: a type that holds a client, a field of
// another type of the package, through which it reaches its service) is
// handed its thing as the receiver when every method of the package it
// calls is the receiver's own: it checks the receiver's state. A client
// itself (its fields an address, a pool of URLs) waiting on its own ping
// waits for a dependency: a retry. The loop in it repeats a check of that
// state, not a call to a dependency that failed; so is the loop of
// an unexported function that only such functions call (outside the
// package's tests), up to two calls away. The interface method a wait
// strategy implements carries the name for every implementation. A name
// that also says retry or backoff (waitAndRetry) is not a wait, and a
// loop that counts its attempts (for i := 0; i < 10; i++) retries
// whatever its function is called: a wait ends with its deadline or its
// context, not after a number of tries. A wait handed only an address or
// a name (waitForDependency(url)) waits for a dependency by calling it
// until it answers: a retry. The loop must also be the wait
// itself: the function's last statement (or followed only by a return
// that calls nothing),
// so that its success ends the wait; a loop that only prepares the wait
// (finding which API version answers before watching) retries that step.

// inTestFile reports whether n lies in a _test.go file.
func (m *Rules) inTestFile(n ast.Node) bool {
	f := m.pass.Fset.File(n.Pos())
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// waitName reports whether name declares a wait: it starts with the word
// wait, or ends with the word ready, and says nothing of retries.
func waitName(name string) bool {
	l := strings.ToLower(name)
	if strings.Contains(l, "retry") || strings.Contains(l, "backoff") || strings.Contains(l, "attempt") {
		return false
	}
	if strings.HasPrefix(l, "wait") {
		rest := name[len("wait"):]
		r, _ := utf8.DecodeRuneInString(rest)
		return rest == "" || unicode.IsUpper(r) || r == '_'
	}
	return strings.HasSuffix(name, "Ready") && len(name) > len("Ready")
}

// readinessWait reports whether the function declared by decl is a
// readiness wait: its name says so, or it is unexported and every call
// of it outside test files is made by a readiness wait (depth counts the
// calls followed, up to two).
func (m *Rules) readinessWait(decl *ast.FuncDecl, depth int) bool {
	if decl == nil || depth > 2 {
		return false
	}
	if waitName(decl.Name.Name) && (m.takesHandle(decl) || m.checksReceiver(decl)) {
		return true
	}
	fn, _ := m.info.Defs[decl.Name].(*types.Func)
	return fn != nil && !fn.Exported() && m.everyCall(fn, func(caller *ast.FuncDecl, _ *ast.CallExpr, _ bool) bool {
		return caller != decl && m.readinessWait(caller, depth+1) // not recursive
	})
}

// DropReadinessWaits removes the sites that lie in a readiness wait.
func (m *Rules) DropReadinessWaits(sites []*site.Site) []*site.Site {
	res := sites[:0]
	var memo map[*ast.FuncDecl]bool
	for _, s := range sites {
		d := m.host.DeclAt(s.Pos)
		if d != nil && s.Bound.Kind != site.BoundKnown && endsBody(d.Body, s.Pos) &&
			typesx.Cached(&memo, d, func() bool { return m.readinessWait(d, 0) }) {
			continue
		}
		res = append(res, s)
	}
	return res
}

// endsBody reports whether the statement of body that holds pos is its
// last, or is followed only by a return statement that calls nothing
// (return nil, return lastErr).
func endsBody(body *ast.BlockStmt, pos token.Pos) bool {
	for i, st := range body.List {
		if pos < st.Pos() || pos >= st.End() {
			continue
		}
		rest := body.List[i+1:]
		if len(rest) == 0 {
			return true
		}
		ret, isReturn := rest[0].(*ast.ReturnStmt)
		if len(rest) != 1 || !isReturn {
			return false
		}
		calls := false
		return !typesx.InspectUntil(&calls, ret, func(n ast.Node) bool {
			_, calls = n.(*ast.CallExpr)
			return true
		})
	}
	return false
}

// takesHandle reports whether decl has a parameter of an interface type
// declared outside the standard library (not a context, an error or an
// io interface): a handle on something the caller holds.
func (m *Rules) takesHandle(decl *ast.FuncDecl) bool {
	fn, _ := m.info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return false
	}
	for p := range fn.Signature().Params().Variables() {
		named, ok := types.Unalias(p.Type()).(*types.Named)
		if ok && named.Obj().Pkg() != nil && !typesx.IsStd(named.Obj().Pkg().Path()) && types.IsInterface(named) {
			return true
		}
	}
	return false
}

// checksReceiver reports whether decl is a method on a type of the
// analysed package that calls methods of the package's types only on its
// receiver (v.State(ctx), not v.client.Get(...) nor other.Ping()).
func (m *Rules) checksReceiver(decl *ast.FuncDecl) bool {
	recv := typesx.RecvVar(m.info, decl)
	if recv == nil || !m.holdsClient(recv.Type()) {
		return false
	}
	own, other := 0, 0
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := typesx.Callee(m.info, call)
		if fn == nil || fn.Pkg() != m.pkg || typesx.IsPackageFunc(fn) {
			return true
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && typesx.VarIs(m.info, recv)(sel.X) {
			own++
		} else {
			other++
		}
		return true
	})
	return own > 0 && other == 0
}

// holdsClient reports whether t (or *t) is a struct type of the analysed
// package with a field of another named struct type of the package that
// has methods: a handle that holds the client it is reached through.
func (m *Rules) holdsClient(t types.Type) bool {
	named, _ := types.Unalias(typesx.Deref(t)).(*types.Named)
	if named == nil || named.Obj().Pkg() != m.pkg {
		return false
	}
	st, _ := named.Underlying().(*types.Struct)
	for i := 0; st != nil && i < st.NumFields(); i++ {
		f, _ := types.Unalias(typesx.Deref(st.Field(i).Type())).(*types.Named)
		if f != nil && f != named && f.Obj().Pkg() == m.pkg && f.NumMethods() > 0 {
			if _, ok := f.Underlying().(*types.Struct); ok {
				return true
			}
		}
	}
	return false
}
