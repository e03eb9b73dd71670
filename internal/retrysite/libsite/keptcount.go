package libsite

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"golang.org/x/tools/go/ast/inspector"
)

// This file makes a site of a call that sets the retry count of a
// library client the package keeps in a field (knowledge Entry.KeptCount: resty's
// c.resty.SetRetryCount(1000) in a configure function). The requests the
// client sends are built elsewhere, often in generic helpers, and read
// the count from the client; the sites at those sends cannot see the
// setting (the field is configured by several functions). The setting is
// the retry policy of every one of them, so it is a site of its own,
// reported where the count is set, and for the count only: which
// requests it sends, how long it waits, which outcomes it retries and
// under which timeouts are each send's, and stay unknown here (R-1, R-3,
// silent). A client in a local variable is not one: the sends
// that use it see its settings and are the sites.

// keptClient reports whether call, a KeptCount entry, configures a
// client held in a field.
func (m *Reader) keptClient(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	root := ast.Unparen(m.builderRoot(sel.X))
	var v *types.Var
	switch r := root.(type) {
	case *ast.SelectorExpr:
		v, _ = m.info.Uses[r.Sel].(*types.Var)
	case *ast.Ident:
		v, _ = m.info.Uses[r].(*types.Var)
	}
	return v != nil && v.IsField()
}

// keepCountOnly drops from a KeptCount site what belongs to its sends.
func keepCountOnly(s *site.Site) {
	s.Ops = nil
	s.Waits, s.WaitsKnown = nil, false
	s.Retried = nil
	s.Timeouts = nil
}

// KeptClientSites finds, in file f, the literals of a library's client
// type (knowledge BackoffFuncs.KeptClient: &retryablehttp.Client{...})
// that the package stores in a field whose sends cannot follow it (more
// than one write reaches them, or the field is copied into other structs
// or read for its HTTPClient: go-tfe's client.http, copied into every
// ClientRequest). The client is built once and used by every request:
// its definition is the site, for its count and its waits; the requests,
// outcomes and timeouts are each send's. When the sends can follow the
// field (one write, only library operations on it: values_libs.go) they
// are the sites and the literal is not.
func (m *Reader) KeptClientSites(fc inspector.Cursor) []*site.Site {
	f := fc.Node().(*ast.File)
	var sites []*site.Site
	var idx *varIndex
	for cur := range fc.Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		if len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, l := range as.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			fv, ok := m.info.Uses[sel.Sel].(*types.Var)
			if !ok || !fv.IsField() {
				continue
			}
			lit, lib := m.keptClientLit(as.Rhs[i])
			if lit == nil {
				continue
			}
			if ws, ok := m.ReachingWrites(fv); ok && len(ws) == 1 && m.onlyOperated(fv) {
				continue // the sends follow the field to this literal
			}
			if idx == nil {
				idx = m.indexVars(f)
			}
			s := &site.Site{Kind: site.Library, Lib: lib, Node: lit, Pos: lit.Pos()}
			s.Func, s.FuncType = typesx.EnclosingBody(f, lit.Pos())
			c := &collector{m: m, idx: idx, lib: lib, before: lit.End(), seen: make(map[ast.Node]bool)}
			c.collect(lit)
			sort.SliceStable(c.settings, func(i, j int) bool { return typesx.PosLess(m.pass.Fset, c.settings[i].Pos, c.settings[j].Pos) })
			s.Settings, s.Opaque = c.settings, c.opaque
			m.attachLibDetails(s)
			keepCountOnly(s)
			if w := m.tableFuncWait(s); w != nil && !s.WaitsKnown {
				// The waits of the literal's own Backoff (libWaits'
				// position rule: at the setting in this function).
				w.Kind, w.Pos = site.WaitLibrary, w.Setting.Pos
				s.Waits, s.WaitsKnown = []*site.Wait{w}, true
			}
			if s.Bound.Kind == site.BoundKnown && s.Bound.Retries == 0 {
				continue // RetryMax 0: no retries
			}
			sites = append(sites, s)
		}
	}
	return sites
}

// keptClientLit returns the literal of a library's kept client type that
// x builds (&T{...} or T{...}), and its library.
func (m *Reader) keptClientLit(x ast.Expr) (*ast.CompositeLit, *site.Lib) {
	x = ast.Unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok {
		return nil, nil
	}
	named, ok := types.Unalias(typesx.Deref(m.info.TypeOf(lit))).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return nil, nil
	}
	for _, lib := range knowledge.All() {
		if lib.Backoffs == nil || lib.Backoffs.KeptClient == "" || len(lib.Paths) == 0 {
			continue
		}
		if m.copies.Path(named.Obj().Pkg()) == lib.Paths[0] && named.Obj().Name() == lib.Backoffs.KeptClient {
			return lit, lib
		}
	}
	return nil, nil
}
