package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
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

// asyncRefs returns, for every function of the package, the stacks of
// the nodes that enclose each reference to it, outermost first (built
// once per pass).
func (m *model) asyncRefs() map[*types.Func][][]ast.Node {
	if m.refStacks != nil {
		return m.refStacks
	}
	m.refStacks = make(map[*types.Func][][]ast.Node)
	for _, f := range m.pass.Files {
		ast.PreorderStack(f, nil, func(n ast.Node, stack []ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			if fn, ok := m.info.Uses[id].(*types.Func); ok && fn.Pkg() == m.pkg {
				m.refStacks[fn] = append(m.refStacks[fn], append(append([]ast.Node(nil), stack...), id))
			}
			return true
		})
	}
	return m.refStacks
}

// funcAsync reports whether every reference to fn runs it
// asynchronously.
func (m *model) funcAsync(refs map[*types.Func][][]ast.Node, fn *types.Func, depth int) bool {
	if depth > asyncDepth || fn.Exported() || len(refs[fn]) == 0 {
		return false
	}
	for _, st := range refs[fn] {
		if !m.refAsync(refs, st, depth) {
			return false
		}
	}
	return true
}

// refAsync reports whether the reference on top of stack st (an
// identifier) is a call that runs asynchronously.
func (m *model) refAsync(refs map[*types.Func][][]ast.Node, st []ast.Node, depth int) bool {
	i := len(st) - 1
	// The identifier, under its selector, is the called function.
	x := st[i]
	if i > 0 {
		if sel, ok := st[i-1].(*ast.SelectorExpr); ok && sel.Sel == x {
			i--
			x = sel
		}
	}
	if i == 0 {
		return false
	}
	if call, ok := st[i-1].(*ast.CallExpr); !ok || call.Fun != x {
		return false // a func value taken: it may run anywhere
	}
	return m.refAsyncCall(refs, st[:i], depth)
}

// litAsync reports whether function literal lit runs only
// asynchronously.
func (m *model) litAsync(refs map[*types.Func][][]ast.Node, lit *ast.FuncLit, depth int) bool {
	for _, f := range m.pass.Files {
		if f.FileStart <= lit.Pos() && lit.End() <= f.FileEnd {
			var found []ast.Node
			ast.PreorderStack(f, nil, func(n ast.Node, stack []ast.Node) bool {
				if n == lit {
					found = append(append([]ast.Node(nil), stack...), n)
				}
				return found == nil
			})
			return found != nil && m.litAsyncAt(refs, found, depth)
		}
	}
	return false
}

// litAsyncAt reports whether the literal on top of stack st runs only
// asynchronously: a go statement runs it, or a function of the package
// that only starts or queues its parameter is handed it.
func (m *model) litAsyncAt(refs map[*types.Func][][]ast.Node, st []ast.Node, depth int) bool {
	i := len(st) - 1
	lit := st[i]
	if i == 0 {
		return false
	}
	call, ok := st[i-1].(*ast.CallExpr)
	if !ok {
		return false
	}
	if call.Fun == lit {
		// Called where it is written: go func() {...}(), or at once.
		g, isGo := st[max(i-2, 0)].(*ast.GoStmt)
		if isGo && g.Call == call {
			return true
		}
		return m.refAsyncCall(refs, st[:i], depth)
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

// refAsyncCall reports whether the call on top of stack st runs
// asynchronously (a literal called at once runs where its call does).
func (m *model) refAsyncCall(refs map[*types.Func][][]ast.Node, st []ast.Node, depth int) bool {
	for j := len(st) - 2; j >= 0; j-- {
		switch n := st[j].(type) {
		case *ast.GoStmt:
			// go f(): the call is the go statement's (a call among
			// its arguments runs before, in the caller).
			return n.Call == st[len(st)-1]
		case *ast.FuncLit:
			return m.litAsyncAt(refs, st[:j+1], depth)
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
