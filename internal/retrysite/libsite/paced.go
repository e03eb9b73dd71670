package libsite

import (
	"go/ast"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Hand-written retry loops paced by a library's backoff object
// (knowledge.Entry.Pace): `d := b.NextBackOff(); if d == Stop {...};
// sleep(d)` in a for loop, or `for range backoff.NewTicker(b).C`. The
// loop model finds the loop and its operations; what it cannot see is
// the wait, which is the library's: the library's waits interpreter
// reads the backoff object's construction, as for its Retry entry. A
// loop with no count of its own whose only other end is the library's
// Stop has no count either (PaceWhy).

// PacedLoops completes the hand-written loop sites that a library paces.
func (m *Reader) PacedLoops(pass *analysis.Pass, sites []*site.Site) {
	for _, s := range sites {
		if s.Kind != site.Loop {
			continue
		}
		call, lib, e := m.pacer(s)
		if call == nil {
			continue
		}
		f := typesx.FileOf(pass.Files, call.Pos())
		if f == nil {
			continue
		}
		ls := &site.Site{Kind: site.Library, Lib: lib, Node: call, Pos: call.Pos(), Func: s.Func, FuncType: s.FuncType}
		c := &collector{m: m, idx: m.indexVars(f), lib: lib, before: call.Pos(), seen: make(map[ast.Node]bool)}
		cfg, _ := EntryRoots(e, call)
		for _, r := range cfg {
			c.collect(r)
		}
		sort.SliceStable(c.settings, func(i, j int) bool { return typesx.PosLess(m.pass.Fset, c.settings[i].Pos, c.settings[j].Pos) })
		ls.Settings, ls.Opaque = c.settings, c.opaque
		if e.PaceWhy != "" && s.Bound.Kind == site.BoundUnknown && len(s.Bound.Alts) == 0 && !ls.Opaque && m.noCount(s) {
			s.Bound = site.Bound{Kind: site.BoundUnbounded, Why: e.PaceWhy}
		}
		if !m.paceWaitUnseen(s, e) {
			continue
		}
		m.libWaits(ls)
		if !ls.WaitsKnown {
			if e.Pace == knowledge.PaceTicker {
				s.WaitsKnown = false // the tick is a wait, of unknown shape
			}
			continue
		}
		// The wait is reported where the loop takes it (the
		// NextBackOff call, the ticker's channel); its Setting keeps
		// where it is configured, for the fix.
		for _, w := range ls.Waits {
			w.Pos = call.Pos()
			if r, ok := s.Node.(*ast.RangeStmt); ok {
				w.Pos = r.X.Pos()
			}
		}
		s.Waits, s.WaitsKnown = ls.Waits, true
	}
}

// pacer returns the pace call of a loop site: a PaceNext method called
// in a for loop's body, or the PaceTicker constructor whose ticker's C a
// range statement ranges over.
func (m *Reader) pacer(s *site.Site) (*ast.CallExpr, *site.Lib, knowledge.Entry) {
	var (
		found *ast.CallExpr
		lib   *site.Lib
		entry knowledge.Entry
		n     int // the pace calls of a for loop; the definitions of a ticker
	)
	take := func(call *ast.CallExpr, p knowledge.Pace) bool {
		fn := typesx.Callee(m.info, call)
		if fn == nil || !m.copies.IsLibrary(fn.Pkg()) {
			return false
		}
		l, e, ok := m.lookup(fn)
		if ok && e.Pace == p {
			found, lib, entry = call, l, e
		}
		return ok && e.Pace == p
	}
	switch x := s.Node.(type) {
	case *ast.ForStmt:
		typesx.InspectNoLits(x.Body, func(y ast.Node) bool {
			if call, ok := y.(*ast.CallExpr); ok && take(call, knowledge.PaceNext) {
				n++
			}
			return true
		})
	case *ast.RangeStmt:
		sel, ok := ast.Unparen(x.X).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "C" || s.Func == nil {
			break
		}
		v, ok := m.info.Uses[typesx.IdentOf(sel.X)].(*types.Var)
		if !ok {
			break
		}
		ast.Inspect(s.Func, func(y ast.Node) bool {
			as, ok := y.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for i, l := range as.Lhs {
				lid, ok := l.(*ast.Ident)
				if !ok || typesx.ObjOf(m.info, lid) != types.Object(v) {
					continue
				}
				n++
				if len(as.Rhs) != len(as.Lhs) {
					continue
				}
				if call, ok := ast.Unparen(as.Rhs[i]).(*ast.CallExpr); ok {
					take(call, knowledge.PaceTicker)
				}
			}
			return true
		})
	}
	if n != 1 || found == nil {
		return nil, nil, knowledge.Entry{}
	}
	return found, lib, entry
}

// noCount reports whether the loop has no count of its own: a for loop
// with no condition, or a range over a channel.
func (m *Reader) noCount(s *site.Site) bool {
	switch n := s.Node.(type) {
	case *ast.ForStmt:
		return n.Cond == nil && n.Init == nil && n.Post == nil
	case *ast.RangeStmt:
		_, isChan := m.info.TypeOf(n.X).Underlying().(*types.Chan)
		return isChan
	}
	return false
}

// paceWaitUnseen reports whether the loop model could not tell the wait
// the library makes: every wait it found is of unknown shape, or it
// could not tell them, or, for a ticker, it found none (the range's
// receive is the library's tick).
func (m *Reader) paceWaitUnseen(s *site.Site, e knowledge.Entry) bool {
	if e.Pace == knowledge.PaceTicker {
		return len(s.Waits) == 0
	}
	if len(s.Waits) == 0 {
		return !s.WaitsKnown // a wait the loop model could not follow
	}
	return !slices.ContainsFunc(s.Waits, func(w *site.Wait) bool { return w.Shape != site.ShapeUnknown })
}
