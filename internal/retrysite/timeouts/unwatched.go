package timeouts

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file decides two things about the context of a library retry that
// R-3 asks of the retry itself, not of its caller.
//
// A retry that never watches the operation's context: the library runs
// under a context of its own (cenkalti/backoff/v4's Retry with no
// WithContext, retry-go with no Context option, v5's Retry given
// context.Background()) while the operation uses the caller's. When that
// context ends, every attempt fails at once and the library keeps
// retrying until its own limit: its MaxElapsedTime, its count, or never.
// Such a retry is judged under the library's context, not the
// operation's, unless its own code looks at the context's end (ctx.Err(),
// <-ctx.Done(), context.Cause, errors.Is(err, context.Canceled) in the
// operation or a predicate: it can stop the retry with a permanent error).
//
// A retry that relies on a deadline it never sets: the library watches a
// context parameter of the function, and its own limit (a default
// MaxElapsedTime of 15 minutes, none at all) lets it run beyond the cap.
// The parameter's deadline is then the only cap, and the retry's own code
// sets none; it is a cap only when every call of the function in the
// package passes a context with a deadline.

// maxCallerDepth bounds how far a context parameter is followed through
// the callers that forward it.
const maxCallerDepth = 4

// testsContext reports whether the nodes look at a context's end: a call
// of a context's Err, Done or Deadline, context.Cause, or a use of
// context.Canceled or context.DeadlineExceeded.
func (m *model) testsContext(nodes []ast.Node) bool {
	found := false
	for _, n := range nodes {
		if n == nil || found {
			continue
		}
		typesx.InspectUntil(&found, n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				switch funcPath(typesx.Callee(m.info, n)) {
				case "context.Context.Err", "context.Context.Done", "context.Context.Deadline", "context.Cause":
					found = true
				}
			case *ast.SelectorExpr:
				found = typesx.IsContextSentinel(m.info.Uses[n.Sel])
			}
			return !found
		})
	}
	return found
}

// settingNodes are the nodes of a library site's configuration: its call
// and the settings written elsewhere.
func settingNodes(s *site.Site, call *ast.CallExpr) []ast.Node {
	nodes := []ast.Node{call}
	for _, st := range s.Settings {
		if st.Node != nil {
			nodes = append(nodes, st.Node)
		}
	}
	return nodes
}

// callersSetDeadline reports whether p, a context parameter of a function
// declared in the package, carries a deadline at every call of that
// function in the package's non-test files (there must be one); known is
// false when the model cannot tell (a function literal's parameter,
// another package's helper).
func (m *model) callersSetDeadline(p *types.Var, depth int) (all, known bool) {
	if p == nil || m.pkg != m.pass.Pkg || depth > maxCallerDepth {
		return false, false
	}
	idx, calls, found := m.paramCalls(p)
	if !found {
		return false, false
	}
	n := 0
	for _, call := range calls {
		n++
		if idx >= len(call.Args) || call.Ellipsis.IsValid() {
			return false, true
		}
		cf := m.newTres([]ast.Node{call}).ctx(call.Args[idx])
		switch {
		case cf.kind == ctxDeadline:
		case cf.kind == ctxCaller && cf.param == p:
			n-- // the function calling itself passes its own context on
		case cf.kind == ctxCaller && cf.param != nil:
			if all, known := m.callersSetDeadline(cf.param, depth+1); !all || !known {
				return false, true
			}
		default:
			return false, true
		}
	}
	return n > 0, true
}

// paramCalls returns p's index among the parameters of the function of
// the package that declares it, and the calls of that function in the
// package's non-test files, in source order; found is false when p is no
// parameter of a declared function.
func (m *model) paramCalls(p *types.Var) (idx int, calls []*ast.CallExpr, found bool) {
	decl, idx := typesx.ParamDecl(m.pass.Files, m.info, p)
	if decl == nil {
		return 0, nil, false
	}
	fn, _ := m.info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return 0, nil, false
	}
	typesx.Preorder(m.pass, []ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
		call := n.(*ast.CallExpr)
		if c := typesx.Callee(m.info, call); c != nil && c.Origin() == fn && !strings.HasSuffix(m.pass.Fset.File(call.Pos()).Name(), "_test.go") {
			calls = append(calls, call)
		}
	})
	return idx, calls, true
}

// blindLoop reports whether a hand-written loop never watches the
// context its operations use and ends only on success: a `for {}` with
// no count, whose waits are plain sleeps (no select, no receive), whose
// every way out returns a nil error (no break, goto or panic), and that
// never looks at a context's end. When that context ends every attempt
// fails at once and the loop spins on, sleeping between failures.
func (m *model) blindLoop(s *site.Site) bool {
	loop, ok := s.Node.(*ast.ForStmt)
	if !ok || loop.Cond != nil || s.Bound.Kind != site.BoundUnbounded || m.testsContext([]ast.Node{loop}) {
		return false
	}
	blind := true
	typesx.InspectNoLits(loop.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectStmt, *ast.GoStmt:
			blind = false
		case *ast.UnaryExpr:
			blind = blind && n.Op != token.ARROW
		case *ast.RangeStmt:
			_, isChan := m.info.TypeOf(n.X).Underlying().(*types.Chan)
			blind = blind && !isChan
		case *ast.BranchStmt:
			blind = blind && n.Tok != token.BREAK && n.Tok != token.GOTO
		case *ast.CallExpr:
			blind = blind && !typesx.IsIdent(n.Fun, "panic")
		case *ast.ReturnStmt:
			blind = blind && len(n.Results) > 0 && typesx.IsNil(m.info, n.Results[len(n.Results)-1])
		}
		return blind
	})
	return blind
}

// helperCallTimeouts: see Describer.HelperCall. The helper's package saw
// only its own context parameter; here the call's context argument is
// followed: a deadline the caller sets, in the function or in every call
// of it in the package, caps the retry (what the helper's package said
// of relying on the caller's deadline no longer holds); the caller's
// parameter alone leaves the retry relying on a deadline it never sets,
// judged with the call's bound and waits (reliesOnCaller).
func (m *model) helperCallTimeouts(s *site.Site, call *ast.CallExpr) {
	t := s.Timeouts
	if t == nil || !t.CallerContext || t.Capped || t.OffByDefault {
		return
	}
	r := m.newTres([]ast.Node{call})
	f := ctxFact{kind: ctxNone}
	for _, a := range call.Args {
		if IsContextType(m.info.TypeOf(a)) {
			f = mergeCtx(f, r.ctx(a))
		}
	}
	nt := *t
	capped := f.kind == ctxDeadline
	if f.kind == ctxCaller && f.param != nil && r.onlyCallers(f.param) {
		all, known := m.callersSetDeadline(f.param, 0)
		capped = known && all
		if !capped && !nt.CallerOnly && nt.Note == "" && nt.Worst == 0 {
			m.reliesOnCaller(s, &nt, f.param, r.loopWaitsFact(s))
		}
	}
	if capped {
		nt.Capped, nt.CallerOnly = true, false
		if nt.Note != "" {
			nt.Note, nt.Worst, nt.WorstCalc = "", 0, ""
		}
		if f.capKnown && f.cap > 0 {
			nt.TotalCap, nt.Pos, nt.CapWhy = f.cap, f.capPos, "the context's deadline"
			if nt.Worst > f.cap {
				nt.Worst, nt.WorstCalc = 0, ""
			}
		}
	}
	s.Timeouts = &nt
}

// backgroundCalls returns the context arguments of the package's calls
// of p's function that give p context.Background() or TODO: a retry
// that relies on p's deadline gets none there.
func (m *model) backgroundCalls(p *types.Var) []token.Pos {
	if p == nil || m.pkg != m.pass.Pkg {
		return nil
	}
	idx, calls, _ := m.paramCalls(p)
	var at []token.Pos
	for _, call := range calls {
		if idx < len(call.Args) && !call.Ellipsis.IsValid() && m.newTres([]ast.Node{call}).ctx(call.Args[idx]).kind == ctxBack {
			at = append(at, call.Args[idx].Pos())
		}
	}
	return at
}
