package libsite

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A library configuration handed in whole by the caller (backoff.New(ctx,
// cfg) with cfg a parameter of the site's function) is out of sight: the
// site is Opaque and its bound unknown. A library whose table says what
// such a configuration can be (knowledge.BoundTable.Caller: its zero
// value, the defaults of the flags the library registers for it) gives
// the site each of those bounds in turn (Bound.Alts); the site's context
// then decides (valueindex's chooseBound): when every one breaks the
// range the first is reported, naming them all, and otherwise the bound
// stays unknown. A configuration the caller makes some other way (a
// literal with its own count) is the caller's site, read there.

// callerConfig returns the parameter of the site's function from which
// the whole configuration comes, when that is the only thing the
// collector could not see and the parameter has the type the library's
// table names.
func (m *Reader) callerConfig(s *site.Site, c *collector) *types.Var {
	t := s.Lib.Bound.Caller
	if t == nil || !c.opaque || c.other || len(c.unseen) != 1 {
		return nil
	}
	v := c.unseen[0]
	if !m.paramAround(s, v) {
		return nil
	}
	named, ok := types.Unalias(typesx.Deref(v.Type())).(*types.Named)
	if !ok || named.Obj().Name() != t.Type || !c.inLib(named.Obj().Pkg()) {
		return nil
	}
	return v
}

// paramAround reports whether v is a parameter of the site's function
// or of the function declaration around it (a literal capturing its
// maker's parameter: NewRateLimitRetrier(cfg) returning the interceptor
// that uses cfg).
func (m *Reader) paramAround(s *site.Site, v *types.Var) bool {
	in := func(ft *ast.FuncType) bool {
		return ft != nil && ft.Params != nil && ft.Params.Pos() <= v.Pos() && v.Pos() < ft.Params.End()
	}
	if in(s.FuncType) {
		return true
	}
	d := m.DeclAt(s.Pos)
	return d != nil && in(d.Type)
}

// callerBound is the bound of a site whose configuration is the caller's
// (callerConfig): each way the library makes one, as alternatives.
func (m *Reader) callerBound(s *site.Site) (site.Bound, bool) {
	t := s.Lib.Bound.Caller
	if t == nil || s.CallerConfig == nil || len(t.Makes) == 0 {
		return site.Bound{}, false
	}
	var ways []string
	var alts []site.Bound
	for _, d := range t.Makes {
		b, ok := tableBound(d.Fixed, d.Unbounded)
		if !ok {
			return site.Bound{}, false
		}
		ways, alts = append(ways, b.Counted+b.Why), append(alts, b) // one of them is set
	}
	// The first alternative stands for all when every one breaks the
	// range: it names them all.
	typ := t.Type
	if named, ok := types.Unalias(typesx.Deref(s.CallerConfig.Type())).(*types.Named); ok && named.Obj().Pkg() != nil {
		typ = named.Obj().Pkg().Name() + "." + typ
	}
	whose := fmt.Sprintf("%s, the caller's %s", s.CallerConfig.Name(), typ)
	if alts[0].Kind == site.BoundUnbounded {
		alts[0].Why = whose + ", has " + strings.Join(ways, " and ")
	} else {
		alts[0].Counted = fmt.Sprintf("%s of %s, which has %s", ways[0], whose, strings.Join(ways[1:], " and "))
	}
	return site.Bound{Kind: site.BoundUnknown, Alts: alts}, true
}
