package libsite

import (
	"go/ast"
	"go/types"
	"iter"
	"slices"
	"sort"
	"strings"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"golang.org/x/tools/go/ast/edge"
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
	v, _ := m.info.Uses[typesx.NameIdent(m.builderRoot(sel.X))].(*types.Var)
	return v != nil && v.IsField()
}

// keepCountOnly drops from a KeptCount site what belongs to its sends.
func keepCountOnly(s *site.Site) {
	s.Ops = nil
	s.Waits, s.WaitsKnown = nil, false
	s.Retried = nil
	s.Timeouts = nil
}

// KeptClientSites finds, in file f, the clients of a library's client
// type (knowledge BackoffFuncs.KeptClient) the package builds, as a
// literal or with the library's constructor (retryablehttp.NewClient()),
// and keeps in a field or hands out from an exported function (keptAt):
// the construction is the site. When every write of the client is in
// sight (keptAt's seen, fieldsSeen) its settings are all of them, through
// the field path in other functions too (c.f.RetryMax = 4), the user's
// values written under an if left out (the package's default holds until
// the user gives one), and the site is described whole but for its
// requests, each send's. Otherwise (the field copied into other structs,
// go-tfe's client.http, or passed to a function) only a literal is a site,
// for its count and its own Backoff. When the sends can follow the field
// (one write, only library operations on it: values_libs.go) they are the
// sites and the construction is not.
func (m *Reader) KeptClientSites(fc inspector.Cursor) []*site.Site {
	f := fc.Node().(*ast.File)
	var sites []*site.Site
	var idx *varIndex
	for cur := range fc.Preorder((*ast.CompositeLit)(nil), (*ast.CallExpr)(nil)) {
		x := cur.Node().(ast.Expr)
		lib := m.keptClientBuild(x)
		if lib == nil {
			continue
		}
		k := m.keptAt(cur)
		if len(k.fields) == 0 && !k.returned {
			continue // a local client: its sends are the sites
		}
		if len(k.fields) == 1 && !k.returned {
			if ws, ok := m.ReachingWrites(k.fields[0]); ok && len(ws) == 1 && m.onlyOperated(k.fields[0]) {
				continue // the sends follow the field to this client
			}
		}
		all := k.seen && m.fieldsSeen(k.fields, k.local)
		if _, lit := x.(*ast.CompositeLit); !lit && !all {
			continue // configured out of sight: the sends' own
		}
		if idx == nil {
			idx = m.indexVars(f)
		}
		s := &site.Site{Kind: site.Library, Lib: lib, Node: x, Pos: x.Pos(), KeptIn: k.fields}
		s.Func, s.FuncType = typesx.EnclosingBody(f, x.Pos())
		c := &collector{m: m, idx: idx, lib: lib, before: x.End(), seen: make(map[ast.Node]bool)}
		if !all {
			c.collect(x)
		} else {
			c.before, c.userDefault = s.Func.End(), true
			if k.local != nil {
				c.collect(k.local)
			} else {
				c.collect(x)
			}
			m.pathWrites(c, k.fields)
		}
		sort.SliceStable(c.settings, func(i, j int) bool { return typesx.PosLess(m.pass.Fset, c.settings[i].Pos, c.settings[j].Pos) })
		s.Settings, s.Opaque, s.UserSettings = c.settings, c.opaque, c.userSettings
		m.attachLibDetails(s)
		if all {
			s.Ops = nil // each send's
			if call, ok := x.(*ast.CallExpr); ok && lib.Requests != nil && !lib.IdempotentOnly && m.handedOut(k) && !m.filtersRequests(s) {
				// Users send through it whatever they build.
				s.Ops = []*site.Op{{Call: call, HTTP: true, Method: site.MethodAny, Key: &site.IdemKey{State: site.KeyMissing}, Users: true}}
			}
		} else {
			keepCountOnly(s)
			if w := m.tableFuncWait(s); w != nil && !s.WaitsKnown {
				// The waits of the literal's own Backoff (libWaits'
				// position rule: at the setting in this function).
				w.Kind, w.Pos = site.WaitLibrary, w.Setting.Pos
				s.Waits, s.WaitsKnown = []*site.Wait{w}, true
			}
		}
		if s.Bound.Kind == site.BoundKnown && s.Bound.Retries == 0 {
			continue // RetryMax 0: no retries
		}
		sites = append(sites, s)
	}
	return sites
}

// kept says where a client built at one place is kept.
type kept struct {
	fields   []*types.Var // the fields it is stored in
	returned bool         // handed out as a result
	local    *ast.Ident   // a use of the local it is built in
	seen     bool         // the local is only configured, stored or returned
}

// keptAt reads where the client built at cur goes: straight into a
// field (c.f = x, T{f: x}), a result, or a local that is then stored or
// returned.
func (m *Reader) keptAt(cur inspector.Cursor) kept {
	k := kept{seen: true}
	at := func(cur inspector.Cursor) *types.Var { // the local cur's value goes to
		for cur.ParentEdgeKind() == edge.UnaryExpr_X || cur.ParentEdgeKind() == edge.ParenExpr_X {
			cur = cur.Parent()
		}
		switch kind, i := cur.ParentEdge(); kind {
		case edge.AssignStmt_Rhs:
			as := cur.Parent().Node().(*ast.AssignStmt)
			if len(as.Lhs) != len(as.Rhs) {
				break
			}
			if v, ok := m.info.Uses[typesx.NameIdent(as.Lhs[i])].(*types.Var); ok && v.IsField() {
				k.fields = append(k.fields, v)
				return nil
			}
			if v := typesx.VarOf(m.info, as.Lhs[i]); v != nil && v.Parent() != m.pkg.Scope() {
				return v
			}
		case edge.ValueSpec_Values:
			vs := cur.Parent().Node().(*ast.ValueSpec)
			if v, ok := m.info.Defs[vs.Names[i]].(*types.Var); ok && v.Parent() != m.pkg.Scope() {
				return v
			}
		case edge.KeyValueExpr_Value:
			kv := cur.Parent().Node().(*ast.KeyValueExpr)
			if v, ok := m.info.Uses[typesx.IdentOf(kv.Key)].(*types.Var); ok && v.IsField() {
				k.fields = append(k.fields, v)
				return nil
			}
		case edge.ReturnStmt_Results:
			// Handed out to the users by an exported function; the
			// package's own callers of an unexported one are the sites.
			for d := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
				fd, ok := d.Node().(*ast.FuncDecl)
				k.returned = ok && fd.Name.IsExported()
				break
			}
			return nil
		}
		k.seen = false
		return nil
	}
	v := at(cur)
	if v == nil {
		return k
	}
	var body inspector.Cursor
	for body = range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		break
	}
	if !body.Valid() {
		return kept{}
	}
	for c := range body.Preorder((*ast.Ident)(nil)) {
		if m.info.Uses[c.Node().(*ast.Ident)] != v {
			continue
		}
		k.local = c.Node().(*ast.Ident)
		if c.ParentEdgeKind() == edge.SelectorExpr_X {
			continue // configured or sent: c.RetryMax = 3, c.Do(req)
		}
		if kind, _ := c.ParentEdge(); kind == edge.AssignStmt_Lhs {
			continue // its definition
		}
		if at(c) != nil {
			k.seen = false // copied into another local
		}
	}
	return k
}

// fieldsSeen reports whether every use of the fields is in sight of the
// model: a write of the client or of the user's value, a write through
// it (c.f.RetryMax = 4), a read of a setting or a call of a method or a
// function field on it (c.f.Do, c.f.Backoff(...)); the field itself
// handed to a function, copied or returned keeps the client's writes
// out of sight.
func (m *Reader) fieldsSeen(fields []*types.Var, local *ast.Ident) bool {
	for cur := range m.shipped((*ast.SelectorExpr)(nil)) {
		if v, _ := m.info.Uses[cur.Node().(*ast.SelectorExpr).Sel].(*types.Var); !slices.Contains(fields, v) {
			continue
		}
		switch kind, i := cur.ParentEdge(); kind {
		case edge.SelectorExpr_X:
			continue
		case edge.AssignStmt_Lhs:
			as := cur.Parent().Node().(*ast.AssignStmt)
			if len(as.Lhs) == len(as.Rhs) && (m.keptClientBuild(ast.Unparen(as.Rhs[i])) != nil || m.UserValue(as.Rhs[i], 0) ||
				local != nil && typesx.VarOf(m.info, as.Rhs[i]) == m.info.Uses[local]) {
				continue
			}
		}
		return false
	}
	return true
}

// shipped visits the nodes of type t in the package's files that are no
// tests (a test configures its own client).
func (m *Reader) shipped(t ast.Node) iter.Seq[inspector.Cursor] {
	return func(yield func(inspector.Cursor) bool) {
		for fc := range m.inspector().Root().Children() {
			if strings.HasSuffix(m.pass.Fset.File(fc.Node().Pos()).Name(), "_test.go") {
				continue
			}
			for cur := range fc.Preorder(t) {
				if !yield(cur) {
					return
				}
			}
		}
	}
}

// pathWrites adds to c the writes made through the fields anywhere in
// the package (c.f.RetryMax = 4, c.f.HTTPClient.Timeout = d).
func (m *Reader) pathWrites(c *collector, fields []*types.Var) {
	for cur := range m.shipped((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		if len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, l := range as.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if !ok || !m.through(sel.X, fields) {
				continue
			}
			if c.optionalUser(cur, as.Rhs[i]) {
				c.userSettings = append(c.userSettings, &site.Setting{Name: sel.Sel.Name, Obj: m.info.Uses[sel.Sel], Args: []ast.Expr{as.Rhs[i]}, Node: as, Pos: as.Pos()})
				continue
			}
			c.add(sel.Sel.Name, m.info.Uses[sel.Sel], []ast.Expr{as.Rhs[i]}, as)
			c.collectConfig(as.Rhs[i])
		}
	}
}

// through reports whether the selector chain x passes through one of
// the fields.
func (m *Reader) through(x ast.Expr, fields []*types.Var) bool {
	for {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		if v, _ := m.info.Uses[sel.Sel].(*types.Var); slices.Contains(fields, v) {
			return true
		}
		x = sel.X
	}
}

// optionalUser reports whether the write at cur gives the user's value
// under an if: the package's default holds until the user gives one.
func (c *collector) optionalUser(cur inspector.Cursor, rhs ast.Expr) bool {
	return c.userDefault && c.m.UserValue(rhs, 0) && underIf(cur)
}

// keptClientBuild returns the library of a kept client type that x
// builds: a literal of it (&T{...} or T{...}) or a call of the
// library's function returning one (retryablehttp.NewClient()).
func (m *Reader) keptClientBuild(x ast.Expr) *site.Lib {
	t := m.info.TypeOf(x)
	switch x := x.(type) {
	case *ast.CompositeLit:
	case *ast.CallExpr:
		if fn := typesx.Callee(m.info, x); fn == nil || !m.copies.IsLibrary(fn.Pkg()) {
			return nil
		}
		if _, ok := t.(*types.Pointer); !ok {
			return nil
		}
	default:
		return nil
	}
	named, ok := types.Unalias(typesx.Deref(t)).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return nil
	}
	for _, lib := range knowledge.All() {
		if lib.Backoffs == nil || lib.Backoffs.KeptClient == "" || len(lib.Paths) == 0 {
			continue
		}
		if m.copies.Path(named.Obj().Pkg()) == lib.Paths[0] && named.Obj().Name() == lib.Backoffs.KeptClient {
			if lib.Has(m.copies.Path(m.pkg)) {
				return nil // the library's own constructor: its table's defaults
			}
			return lib
		}
	}
	return nil
}

// KeptBy returns, for each field a client is kept in, the site of the
// client's construction among sites (Site.KeptIn).
func KeptBy(sites []*site.Site) map[*types.Var]*site.Site {
	kept := make(map[*types.Var]*site.Site)
	for _, s := range sites {
		for _, f := range s.KeptIn {
			kept[f] = s
		}
	}
	return kept
}

// LinkKeptClients gives each library site that sends through a client
// kept in a field the site of the client's construction, when one of
// sites is it (Site.Policy).
func LinkKeptClients(info *types.Info, sites []*site.Site) {
	kept := KeptBy(sites)
	if len(kept) == 0 {
		return
	}
	for _, s := range sites {
		if s.Kind != site.Library || s.KeptIn != nil {
			continue
		}
		for _, op := range s.Ops {
			if op == nil || op.Call == nil {
				continue
			}
			if f := typesx.OwnerField(info, op.Call.Fun); f != nil && kept[f] != nil && kept[f].Lib == s.Lib {
				s.Policy = kept[f]
			}
		}
	}
}

// handedOut reports whether users reach the client kept as k: an
// exported function returns it, or it is kept in an exported field of
// an exported struct type of the package. Its sends are then the users'
// too, of whatever requests they build.
func (m *Reader) handedOut(k kept) bool {
	if k.returned {
		return true
	}
	for _, f := range k.fields {
		if !f.Exported() {
			continue
		}
		for _, name := range m.pkg.Scope().Names() {
			tn, ok := m.pkg.Scope().Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() {
				continue
			}
			if st, ok := tn.Type().Underlying().(*types.Struct); ok && slices.Contains(slices.Collect(st.Fields()), f) {
				return true
			}
		}
	}
	return false
}

// filtersRequests reports whether a handed-out client's settings may
// keep POST and PATCH from being retried without a key: a header hook
// (retryablehttp's PrepareRetry), or a setting given a function that
// reads a request's Method (a CheckRetry that filters by method).
func (m *Reader) filtersRequests(s *site.Site) bool {
	for _, st := range s.Settings {
		if slices.Contains(s.Lib.HeaderHooks, st.Name) {
			return true
		}
		for _, a := range st.Args {
			if m.readsMethodField(a) {
				return true
			}
		}
	}
	return false
}

// readsMethodField reports whether the function x is or names (a
// literal, a function of the package) tests a field named Method
// (typesx.TestsValue; logging it filters nothing).
func (m *Reader) readsMethodField(x ast.Expr) bool {
	body := m.funcBody(x)
	isMethod := func(x ast.Expr) bool {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Method"
	}
	return body != nil && typesx.TestsValue(m.info, body, isMethod)
}
