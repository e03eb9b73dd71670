package libsite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/outcomes"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/timeouts"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/policy"
)

// This file teaches the model the project's own retry package
// (github.com/retrylint/retrylint/retry). The package enforces the
// standard's numbers itself (counts, waits, caps, the budget): it refuses
// a Policy outside the standard before the first attempt, and the model
// judges the Policy it sees with the same check (refpolicy.go). Beyond
// the policy, a call of retry.Do or retry.DoValue is a library site for
// what the package cannot see: the operation it is given. Like any library's
// operation, its requests are described for idemkey (R-6: a POST or PATCH
// built and sent in it needs a key), and a retry.Retryable mark around a
// non-retryable status or a certificate error is a retried outcome for
// nonretryable even though the package refuses to retry it: the
// code asks for it. Waits and timeouts are left unknown (the package's,
// compliant once it accepts the policy), and so is the bound unless the
// policy shows it.

// referenceDetails fills in a retry.Do or retry.DoValue site. Its
// operations were described by librarySites.
func (m *Reader) referenceDetails(s *site.Site) {
	s.Bound = site.Bound{Kind: site.BoundUnknown}
	s.Waits, s.WaitsKnown = nil, false
	call, ok := s.Node.(*ast.CallExpr)
	if !ok || len(call.Args) < 3 || s.Lib.Policy == nil {
		return
	}
	p := policyOf{s.Lib.Paths[0], s.Lib.Policy}
	m.referencePolicy(p, s, call) // refpolicy.go
	body, _ := m.funcOf(call.Args[2], 0)
	// A key carried on the context (retry.WithIdempotencyKey) is sent by
	// a retry transport under the client, which the model may not see:
	// a request without a key of its own is then no finding.
	if m.carriesKey(p, s.Func, call.Args[0], 0) || body != nil && callsRetry(m.info, body, p.path, p.KeyContext) {
		for _, op := range s.Ops {
			if op != nil && op.Key != nil && op.Key.State == site.KeyMissing {
				op.Key = &site.IdemKey{State: site.KeyUnknown}
			}
		}
	}
	if body != nil {
		m.referenceOutcomes(p, s, body)
	}
}

// carriesKey reports whether a context expression visibly carries an
// idempotency key: it is, or derives from, retry.WithIdempotencyKey(...).
// Contexts derived with context.WithTimeout and the like keep the values
// of their parent; a variable carries one if any of its assignments in fn
// does.
func (m *Reader) carriesKey(p policyOf, fn *ast.BlockStmt, x ast.Expr, depth int) bool {
	if x == nil || depth > 8 {
		return false
	}
	switch y := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		f := typesx.Callee(m.info, y)
		if f == nil || f.Pkg() == nil {
			return false
		}
		if f.Pkg().Path() == p.path && f.Name() == p.KeyContext {
			return true
		}
		if len(y.Args) > 0 && timeouts.IsContextType(m.info.TypeOf(y.Args[0])) {
			return m.carriesKey(p, fn, y.Args[0], depth+1)
		}
	case *ast.Ident:
		v, _ := m.info.Uses[y].(*types.Var)
		if v == nil || fn == nil {
			return false
		}
		found := false
		return typesx.InspectUntil(&found, fn, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok {
				for i, l := range as.Lhs {
					if typesx.VarOf(m.info, l) != v {
						continue
					}
					rhs := as.Rhs[0]
					if len(as.Lhs) == len(as.Rhs) {
						rhs = as.Rhs[i]
					}
					found = found || m.carriesKey(p, fn, rhs, depth+1)
				}
			}
			return true
		})
	}
	return false
}

// policyOf is a policy package's path and vocabulary.
type policyOf struct {
	path string
	*knowledge.PolicyVocab
}

// callsRetry reports whether body calls the function name of the package
// at path.
func callsRetry(info *types.Info, body ast.Node, path, name string) bool {
	found := false
	return typesx.InspectUntil(&found, body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			f := typesx.Callee(info, call)
			found = f != nil && f.Pkg() != nil && f.Pkg().Path() == path && f.Name() == name
		}
		return true
	})
}

// referenceOutcomes records the outcomes the operation marks with
// retry.Retryable: a *retry.StatusError whose status the model knows, a
// TLS certificate error. Other marks (a plain error, a retryable status)
// are what Retryable is for, and the package classifies the rest itself.
func (m *Reader) referenceOutcomes(p policyOf, s *site.Site, body *ast.BlockStmt) {
	var o *site.Outcomes
	typesx.InspectNoLits(body, func(n ast.Node) bool { // a literal is a function the operation makes, not runs
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return true
		}
		f := typesx.Callee(m.info, call)
		if f == nil || f.Pkg() == nil || f.Pkg().Path() != p.path || f.Name() != p.Mark {
			return true
		}
		code, cert := m.markedError(p, body, call.Args[0], 0)
		bad := code != 0 && policy.ClassifyHTTPStatus(code) == policy.NonRetryable
		if !bad && !cert {
			return true
		}
		if o == nil {
			o = &site.Outcomes{Pos: call.Pos(), Decision: types.ExprString(call)}
			if len(o.Decision) > 80 {
				o.Decision = p.path[strings.LastIndexByte(p.path, '/')+1:] + "." + p.Mark
			}
		}
		if bad {
			o.HTTP = outcomes.MergeInts(o.HTTP, []int{code})
		}
		o.CertErrors = o.CertErrors || cert
		return true
	})
	if o != nil {
		s.Retried = o
	}
}

// markedError tells what error a Retryable mark wraps, when the model can
// see it: the HTTP status of a *retry.StatusError literal (its StatusCode
// a constant), or whether it is a TLS certificate error literal. It
// follows &, parentheses, fmt.Errorf's %w operands and local variables
// assigned once.
func (m *Reader) markedError(p policyOf, fn *ast.BlockStmt, x ast.Expr, depth int) (code int, cert bool) {
	if x == nil || depth > 6 {
		return 0, false
	}
	switch y := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if y.Op == token.AND {
			return m.markedError(p, fn, y.X, depth+1)
		}
	case *ast.CompositeLit:
		t := m.info.TypeOf(y)
		switch {
		case typesx.IsNamed(t, p.path, p.StatusError):
			for i, el := range y.Elts {
				var val ast.Expr
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == p.StatusField {
						val = kv.Value
					}
				} else if i == 0 {
					val = el
				}
				if n, ok := m.IntValue(val); ok {
					return int(n), false
				}
			}
		case interp.MatchesCertError(t) && !typesx.IsErrorIface(t) && !typesx.IsNamed(t, "net", "Error") && !typesx.IsNamed(t, "net/url", "Error"):
			return 0, true
		}
	case *ast.CallExpr:
		f := typesx.Callee(m.info, y)
		if f != nil && f.Pkg() != nil && f.Pkg().Path() == "fmt" && f.Name() == "Errorf" && len(y.Args) > 1 {
			if tv, ok := m.info.Types[y.Args[0]]; !ok || tv.Value == nil || tv.Value.Kind() != constant.String || !strings.Contains(constant.StringVal(tv.Value), "%w") {
				return 0, false
			}
			for _, a := range y.Args[1:] {
				if c, ce := m.markedError(p, fn, a, depth+1); c != 0 || ce {
					return c, ce
				}
			}
		}
	case *ast.Ident:
		if v, ok := m.info.Uses[y].(*types.Var); ok {
			if d := m.VarDefOf(v); d != nil && d.Single() && d.Idx == 0 {
				return m.markedError(p, fn, d.Rhs, depth+1)
			}
		}
	}
	return 0, false
}
