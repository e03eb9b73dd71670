package retrysite

import (
	"go/ast"
	"go/types"
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
func (m *model) keptClient(call *ast.CallExpr) bool {
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
	if v == nil {
		return false
	}
	return v.IsField()
}

// keepCountOnly drops from a KeptCount site what belongs to its sends.
func keepCountOnly(s *Site) {
	s.Ops = nil
	s.Waits, s.WaitsKnown = nil, false
	s.Retried = nil
	s.Timeouts = nil
}
