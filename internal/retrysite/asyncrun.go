package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// A retry that only ever runs in a goroutine the package starts is an
// asynchronous event's, not a synchronous call's (R-2's 1-10 retries and
// R-3's 24 hours), when no directive or -context names its context: the
// function that holds it is unexported, and every reference to it in the
// package is a call that runs asynchronously:
//
//   - the call of a go statement (go c.loop(), or a call in the body of
//     the literal a go statement runs);
//   - a call in the body of a function literal handed to a function of
//     the package that only starts it in a goroutine or queues it (its
//     parameter is only run by a go statement or sent on a channel: an
//     executor's do(task func()));
//   - a call in a function that itself only runs so, up to three calls
//     up.
//
// An exported function may be called by users, synchronously; a
// function value taken elsewhere may run anywhere: either keeps the
// synchronous default.

// asyncDepth bounds the callers followed up.
const asyncDepth = 3

// runsAsync reports whether site s runs only asynchronously.
func (m *model) runsAsync(s *site.Site) bool {
	if s.Func == nil {
		return false
	}
	refs := m.asyncRefs()
	for _, d := range m.Decls() {
		if d.Body != nil && d.Body.Pos() <= s.Pos && s.Pos < d.Body.End() {
			if lit := innermostLit(d.Body, s.Pos); lit != nil {
				return m.litAsync(refs, lit, 0)
			}
			fn, _ := m.info.Defs[d.Name].(*types.Func)
			return fn != nil && m.funcAsync(refs, fn, 0)
		}
	}
	return false
}

// innermostLit returns the innermost function literal of body holding
// pos, or nil.
func innermostLit(body *ast.BlockStmt, pos token.Pos) *ast.FuncLit {
	var best *ast.FuncLit
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		if l, ok := n.(*ast.FuncLit); ok {
			best = l
		}
		return true
	})
	return best
}

// asyncRefs returns, for every function of the package, the cursors of
// the references to it (built once per pass, from the inspector's
// events: the nodes around a reference are its cursor's parents).
func (m *model) asyncRefs() map[*types.Func][]inspector.Cursor {
	if m.refCursors != nil {
		return m.refCursors
	}
	m.refCursors = make(map[*types.Func][]inspector.Cursor)
	insp := m.pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range insp.Root().Preorder((*ast.Ident)(nil)) {
		if fn, ok := m.info.Uses[cur.Node().(*ast.Ident)].(*types.Func); ok && fn.Pkg() == m.pkg {
			m.refCursors[fn] = append(m.refCursors[fn], cur)
		}
	}
	return m.refCursors
}

// funcAsync reports whether every reference to fn runs it
// asynchronously.
func (m *model) funcAsync(refs map[*types.Func][]inspector.Cursor, fn *types.Func, depth int) bool {
	if depth > asyncDepth || fn.Exported() || len(refs[fn]) == 0 {
		return false
	}
	for _, cur := range refs[fn] {
		if !m.refAsync(refs, cur, depth) {
			return false
		}
	}
	return true
}

// refAsync reports whether the reference at cur (an identifier) is a
// call that runs asynchronously.
func (m *model) refAsync(refs map[*types.Func][]inspector.Cursor, cur inspector.Cursor, depth int) bool {
	// The identifier, under its selector, is the called function.
	x := cur
	if sel, ok := x.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == x.Node() {
		x = x.Parent()
	}
	call, ok := x.Parent().Node().(*ast.CallExpr)
	if !ok || call.Fun != x.Node() {
		return false // a func value taken: it may run anywhere
	}
	return m.refAsyncCall(refs, x.Parent(), depth)
}

// litAsync reports whether function literal lit runs only
// asynchronously.
func (m *model) litAsync(refs map[*types.Func][]inspector.Cursor, lit *ast.FuncLit, depth int) bool {
	insp := m.pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	cur, ok := insp.Root().FindNode(lit)
	return ok && m.litAsyncAt(refs, cur, depth)
}

// litAsyncAt reports whether the literal at cur runs only
// asynchronously: a go statement runs it, or a function of the package
// that only starts or queues its parameter is handed it.
func (m *model) litAsyncAt(refs map[*types.Func][]inspector.Cursor, cur inspector.Cursor, depth int) bool {
	lit := cur.Node()
	call, ok := cur.Parent().Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	if call.Fun == lit {
		// Called where it is written: go func() {...}(), or at once.
		if g, isGo := cur.Parent().Parent().Node().(*ast.GoStmt); isGo && g.Call == call {
			return true
		}
		return m.refAsyncCall(refs, cur.Parent(), depth)
	}
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() != m.pkg {
		return false
	}
	d := m.FuncDecl(fn)
	if d == nil || d.Body == nil {
		return false
	}
	params := typesx.FuncParams(m.info, d.Type)
	for k, a := range call.Args {
		if a == lit && k < len(params) && params[k] != nil {
			return handoff(m.info, d.Body, params[k])
		}
	}
	return false
}

// refAsyncCall reports whether the call at cur runs asynchronously (a
// literal called at once runs where its call does).
func (m *model) refAsyncCall(refs map[*types.Func][]inspector.Cursor, cur inspector.Cursor, depth int) bool {
	for c := cur.Parent(); c.Node() != nil; c = c.Parent() {
		switch n := c.Node().(type) {
		case *ast.GoStmt:
			// go f(): the call is the go statement's (a call among
			// its arguments runs before, in the caller).
			return n.Call == cur.Node()
		case *ast.FuncLit:
			return m.litAsyncAt(refs, c, depth)
		case *ast.FuncDecl:
			fn, _ := m.info.Defs[n.Name].(*types.Func)
			return fn != nil && m.funcAsync(refs, fn, depth+1)
		}
	}
	return false
}

// handoff reports whether body only starts its parameter p in a
// goroutine (go p()) or queues it (ch <- p), and uses it no other way.
func handoff(info *types.Info, body *ast.BlockStmt, p *types.Var) bool {
	uses, ok := 0, true
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || info.Uses[id] != p {
			return ok
		}
		uses++
		parent := stack[len(stack)-1]
		switch q := parent.(type) {
		case *ast.SendStmt:
			ok = ok && q.Value == id
		case *ast.CallExpr:
			g, isGo := stack[len(stack)-2].(*ast.GoStmt)
			ok = ok && q.Fun == id && isGo && g.Call == q
		default:
			ok = false
		}
		return ok
	})
	return ok && uses > 0
}
