package timeouts

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file finds time limits a retry offers but ships switched off: a
// deadline, a timer or an elapsed-time check that the code sets up only
// when a configuration field is set (`if o.timeout != 0 { ctx, cancel =
// context.WithTimeout(ctx, o.timeout) }`, `if cfg.maxDuration > 0 {
// t = time.NewTimer(cfg.maxDuration) }`), where the package's own
// defaults of that field are all zero (Model.OffByDefault). The guard
// says in the code that zero means "no limit", and the defaults say that
// is what the package ships: with the defaults, nothing but the caller's
// context ends the retry. A retry under the caller's context is
// otherwise not reported for its cap (the caller may have set a
// deadline); this is the one case where the code itself says the package
// leaves the limit off unless told otherwise. Guards inside the loop and
// in same-package helpers the loop calls (a per-attempt timeout) count
// too: with no per-attempt timeout and no total cap, an attempt may hang
// as long as the caller's context lets it. A loop that sets no limit up
// but tests such a field (`else if o.perCallTimeout != 0 { continue }`
// in a stream path, or in a helper deciding its retries) while another
// function of the package sets the limit up from it (setUpElsewhere)
// runs under the same switched-off limit, and is reported alike.

// OffDefault describes a configuration field the package ships zero.
type OffDefault struct {
	// Where names the default ("defaultOptions's default").
	Where string
	// Setter is the exported function or method that sets the field
	// ("WithTimeout").
	Setter string
	// Pos is the default's write (a literal, a declaration).
	Pos token.Pos
}

// offGuard is one `if field != 0 { ... }` that sets up a time limit, or
// that tests a field the package sets a time limit up from elsewhere.
type offGuard struct {
	body    *ast.BlockStmt
	field   *ast.SelectorExpr
	limit   string // "deadline", "timer", "elapsed-time check"; "" when only tested
	attempt bool   // inside the loop or a helper it calls
	dflt    OffDefault
	// elsewhere, for a guard that sets nothing up, is the function of
	// the package whose guard of the same field sets up elimit.
	elsewhere, elimit string
}

// offCaps are the guards of one site whose field the package ships zero.
type offCaps []offGuard

// offByDefault finds the site's time limits that are off by default.
func (r *tres) offByDefault(s *site.Site) offCaps {
	if s.Func == nil {
		return nil
	}
	type cand struct {
		is      *ast.IfStmt
		sel     *ast.SelectorExpr
		v       *types.Var
		limit   string
		attempt bool
	}
	var cands []cand
	// scan collects the guards in body; testOnly keeps only those that
	// set no time limit up.
	scan := func(body ast.Node, attempt, testOnly bool) {
		ast.Inspect(body, func(n ast.Node) bool {
			is, ok := n.(*ast.IfStmt)
			if !ok {
				return true
			}
			for _, c := range typesx.Operands(is.Cond, token.LAND) {
				if sel, v := r.setTest(c); v != nil {
					if limit := r.limitUsing(is.Body, v); !testOnly || limit == "" {
						cands = append(cands, cand{is, sel, v, limit, attempt || r.inRegion(is.Pos())})
					}
					break
				}
			}
			return true
		})
	}
	scan(s.Func, false, false)
	// Same-package helpers the loop calls: one returning a context (a
	// per-attempt context) for any guard, any other for guards that
	// only test a field (the attempt's outcome read by the field).
	seen := map[*types.Func]bool{}
	ast.Inspect(s.Node, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			fn := typesx.Callee(r.m.info, call)
			if b := r.pkgBody(fn); b != nil && !seen[fn] {
				seen[fn] = true
				scan(b, true, ctxResult(fn.Signature()) < 0)
			}
		}
		return true
	})
	// A field qualifies when some guard of it sets up a time limit and
	// the package ships it zero; then every guard of it is off. A field
	// the site only tests qualifies when a guard elsewhere in the
	// package sets a time limit up from it (setUpElsewhere).
	off := map[*types.Var]*OffDefault{}
	for _, c := range cands {
		if c.limit == "" || off[c.v] != nil {
			continue
		}
		if d, ok := r.m.OffByDefault(c.sel); ok {
			off[c.v] = &d
		}
	}
	var gs offCaps
	type where struct{ fn, limit string }
	elsewhere := map[*types.Var]*where{}
	for _, c := range cands {
		if d := off[c.v]; d != nil {
			gs = append(gs, offGuard{body: c.is.Body, field: c.sel, limit: c.limit, attempt: c.attempt, dflt: *d})
			continue
		}
		w, done := elsewhere[c.v]
		if !done {
			if fn, limit := r.setUpElsewhere(c.v); fn != "" {
				if d, ok := r.m.OffByDefault(c.sel); ok {
					off[c.v] = &d
					w = &where{fn, limit}
				}
			}
			elsewhere[c.v] = w
		}
		if w != nil {
			gs = append(gs, offGuard{body: c.is.Body, field: c.sel, attempt: c.attempt, dflt: *off[c.v], elsewhere: w.fn, elimit: w.limit})
		}
	}
	return gs
}

// setUpElsewhere finds a function of the package with a guard `x.f != 0`
// of field v whose body sets up a time limit from it (perCallContext's
// context.WithTimeout): the field is the package's time limit, whichever
// code the site runs. It returns the function's name and the limit, of
// the first such guard in the order of the files, functions and ast.Inspect.
func (r *tres) setUpElsewhere(v *types.Var) (fn, limit string) {
	if r.m.guards == nil {
		r.m.guards = r.indexGuards()
	}
	for _, g := range r.m.guards[v] {
		if l := r.limitUsing(g.is.Body, v); l != "" {
			return g.fn, l
		}
	}
	return "", ""
}

// fieldGuard is an if statement of function fn whose condition tests a
// field (setTest) among its && operands.
type fieldGuard struct {
	fn string
	is *ast.IfStmt
}

// indexGuards lists, by field, the if statements of the package's
// function declarations (function literals inside them included) that
// test it, in order, each once.
func (r *tres) indexGuards() map[*types.Var][]fieldGuard {
	idx := make(map[*types.Var][]fieldGuard)
	var cur *ast.FuncDecl
	typesx.Preorder(r.m.pass, []ast.Node{(*ast.FuncDecl)(nil), (*ast.IfStmt)(nil)}, func(n ast.Node) {
		if fd, ok := n.(*ast.FuncDecl); ok {
			cur = fd
			return
		}
		is := n.(*ast.IfStmt)
		if cur == nil || cur.Body == nil || is.Pos() < cur.Body.Pos() || is.End() > cur.Body.End() {
			return // outside a function declaration's body
		}
		for _, c := range typesx.Operands(is.Cond, token.LAND) {
			if _, u := r.setTest(c); u != nil {
				if gs := idx[u]; len(gs) == 0 || gs[len(gs)-1].is != is {
					idx[u] = append(gs, fieldGuard{cur.Name.Name, is})
				}
			}
		}
	})
	return idx
}

// ctxResult returns the index of sig's first context result, or -1.
func ctxResult(sig *types.Signature) int {
	for i := 0; i < sig.Results().Len(); i++ {
		if IsContextType(sig.Results().At(i).Type()) {
			return i
		}
	}
	return -1
}

// funcDecl finds the declaration of a function of the package.
func (r *tres) funcDecl(fn *types.Func) *ast.FuncDecl {
	if fn == nil {
		return nil
	}
	if fd, _ := r.declOf(fn.Pos()).(*ast.FuncDecl); fd != nil && fd.Name.Pos() == fn.Pos() {
		return fd
	}
	return nil
}

// pkgBody returns the body of fn, a function of the package, or nil.
func (r *tres) pkgBody(fn *types.Func) *ast.BlockStmt {
	if fn == nil || fn.Pkg() != r.m.pkg {
		return nil
	}
	if d := r.funcDecl(fn); d != nil {
		return d.Body
	}
	return nil
}

// setTest reads `x.f != 0`, `x.f > 0`, `0 < x.f`, `x.f != nil` for a
// field f of the package.
func (r *tres) setTest(c ast.Expr) (*ast.SelectorExpr, *types.Var) {
	b, ok := ast.Unparen(c).(*ast.BinaryExpr)
	if !ok {
		return nil, nil
	}
	x, y, op := b.X, b.Y, b.Op
	if r.zeroOrNil(x) {
		x, y, op = y, x, typesx.MirrorOp(op)
	}
	if !r.zeroOrNil(y) || (op != token.NEQ && op != token.GTR) {
		return nil, nil
	}
	if sel, ok := ast.Unparen(x).(*ast.SelectorExpr); ok && r.fieldOf(sel) != nil {
		return sel, r.fieldOf(sel)
	}
	return nil, nil
}

func (r *tres) zeroOrNil(x ast.Expr) bool {
	tv, ok := r.m.info.Types[x]
	return ok && (tv.IsNil() || tv.Value != nil && tv.Value.ExactString() == "0")
}

// fieldOf returns the package's field a selector reads.
func (r *tres) fieldOf(sel *ast.SelectorExpr) *types.Var {
	s, ok := r.m.info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil
	}
	v, _ := s.Obj().(*types.Var)
	if v == nil || v.Pkg() != r.m.pkg {
		return nil
	}
	return v
}

// limitUsing names the time limit body sets up from field v: a deadline
// on a context, a timer, an elapsed-time check.
func (r *tres) limitUsing(body *ast.BlockStmt, v *types.Var) string {
	limit := ""
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		if limit != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			switch r.callee(n) {
			case "context.WithTimeout", "context.WithDeadline", "context.WithTimeoutCause", "context.WithDeadlineCause":
				if len(n.Args) >= 2 && r.mentions(n.Args[1], v) {
					limit = "deadline"
				}
			case "time.NewTimer", "time.After", "time.AfterFunc":
				if len(n.Args) >= 1 && r.mentions(n.Args[0], v) {
					limit = "timer"
				}
			}
		case *ast.BinaryExpr:
			switch n.Op {
			case token.GTR, token.GEQ, token.LSS, token.LEQ:
				for _, p := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
					if c, ok := ast.Unparen(p[0]).(*ast.CallExpr); ok && r.callee(c) == "time.Since" && r.mentions(p[1], v) {
						limit = "elapsed-time check"
					}
				}
			}
		}
		return true
	})
	return limit
}

// mentions reports whether x reads field v.
func (r *tres) mentions(x ast.Expr, v *types.Var) bool {
	found := false
	return typesx.InspectUntil(&found, x, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		found = ok && r.fieldOf(sel) == v
		return true
	})
}

// filter drops the caps found inside the guards: with the defaults they
// never run.
func (gs offCaps) filter(caps []capFact) []capFact {
	return slices.DeleteFunc(caps, func(c capFact) bool {
		in := func(g offGuard) bool { return g.body.Pos() <= c.pos && c.pos < g.body.End() }
		return slices.ContainsFunc(gs, in)
	})
}

// settle reports, on a retry under the caller's context that nothing
// else caps, that its only time limit is off by default.
func (gs offCaps) settle(s *site.Site, t *site.Timeouts) {
	if len(gs) == 0 || t.Capped || !t.CallerContext || t.NoAttemptTimeout != nil {
		return
	}
	var g *offGuard
	for i := range gs {
		h := &gs[i]
		if h.limit != "" && (g == nil || g.attempt && !h.attempt) {
			g = h // name the total cap before a per-attempt one
		}
	}
	if g != nil {
		limit := g.limit
		if g.attempt {
			limit = "per-attempt " + limit
		}
		t.CapWhy = fmt.Sprintf("its %s, from %s, is off unless %s sets it", limit, types.ExprString(g.field), g.dflt.Setter)
	} else {
		i := slices.IndexFunc(gs, func(h offGuard) bool { return h.elsewhere != "" })
		if i < 0 {
			return
		}
		g = &gs[i]
		t.CapWhy = fmt.Sprintf("it reads %s, off by default, the %s %s sets up", types.ExprString(g.field), g.elimit, g.elsewhere)
	}
	t.OffByDefault, t.Pos, t.OffPos = true, s.Pos, g.dflt.Pos
	t.OffWhy = fmt.Sprintf("%s leaves %s 0: no time limit", g.dflt.Where, types.ExprString(g.field))
}
