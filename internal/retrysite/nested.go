package retrysite

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/libsite"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A hand-written retry may run, in each attempt, a whole retry of a
// retrying client the package keeps in a field (a loop over a helper
// that sends through the go-retryablehttp client built in the package's
// constructor). Once the library sites are known (libsite's
// KeptClientSites), nestedRetries reads two things through the client:
//
//   - the loop's count, when its attempt is a retry decision that tests
//     the loop's counter against one of the client's settings
//     (remain := c.client.RetryMax - i): the value the package gives that
//     setting (decisioncount.go);
//   - its worst case, when its attempts send through the client: each
//     attempt lasts up to the client's own worst case, and the loop's is
//     the product (timeouts' Nested).
func (m *model) nestedRetries(sites []*Site) {
	kept := libsite.KeptBy(sites)
	if len(kept) == 0 {
		return
	}
	for _, s := range sites {
		if s.Kind != Loop || len(s.Ops) == 0 || s.Ops[0].Call == nil {
			continue
		}
		if s.Bound.Kind == BoundUnknown {
			calls := []*ast.CallExpr{s.Ops[0].Call}
			if b, ok := m.decisionCount(s.Node, calls, func(x ast.Expr) (int64, bool) { return m.keptSetting(x, kept) }); ok {
				s.Bound = b
				m.timeouts.Loop(s)
			}
		}
		if inner := m.keptAttempt(s, kept); inner != nil && inner.Timeouts != nil {
			m.timeouts.Nested(s, inner.Timeouts.Worst, inner.Lib.Name)
		}
	}
}

// keptSetting returns the constant the package gives the setting x reads
// on a client it keeps (c.client.RetryMax: the kept client's RetryMax
// setting), with ok.
func (m *model) keptSetting(x ast.Expr, kept map[*types.Var]*Site) (int64, bool) {
	k := kept[typesx.OwnerField(m.info, x)]
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if k == nil || k.Opaque || !ok {
		return 0, false
	}
	st := k.Last(sel.Sel.Name)
	if st == nil || len(st.Args) != 1 {
		return 0, false
	}
	tv := m.info.Types[st.Args[0]]
	if tv.Value == nil {
		return 0, false
	}
	v, exact := constant.Int64Val(constant.ToInt(tv.Value))
	return v, exact
}

// keptAttempt returns the site of the kept client the attempt of s
// sends through: a call, in s's loop or in the function of the package
// its operation calls, of a method of a client kept in a field whose
// construction is a site.
func (m *model) keptAttempt(s *Site, kept map[*types.Var]*Site) *Site {
	bodies := []ast.Node{s.Node}
	if fn := typesx.Callee(m.info, s.Ops[0].Call); fn != nil && fn.Pkg() == m.pkg {
		if d := m.FuncDecl(fn); d != nil && d.Body != nil {
			bodies = append(bodies, d.Body)
		}
	}
	var found *Site
	for _, b := range bodies {
		typesx.InspectNoLits(b, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || found != nil {
				return found == nil
			}
			if k := kept[typesx.OwnerField(m.info, call.Fun)]; k != nil && k.Lib != nil && m.sendsVia(call, k) {
				found = k
			}
			return found == nil
		})
	}
	return found
}

// sendsVia reports whether call is one of the library's sending entries
// on its client (Client.Do).
func (m *model) sendsVia(call *ast.CallExpr, k *Site) bool {
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() == nil || !k.Lib.Has(m.copies.Path(fn.Pkg())) {
		return false
	}
	name := strings.TrimPrefix(knowledge.EntryKey(fn), fn.Pkg().Path()+".") // Type.Method
	return slices.ContainsFunc(k.Lib.Entries, func(e knowledge.Entry) bool { return e.Sends != 0 && e.Func == name })
}
