package retrysite

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"
)

// This file teaches the model how each library counts: which setting
// bounds the attempts, whether it counts attempts or retries, what zero
// and the default mean. Sources: each library's code at the versions
// named in testdata/src (cenkalti v4.3.0/v5.0.3, retry-go v4.7.0/v5.1.1,
// go-retryablehttp v0.7.8, sethvargo v0.5.0, failsafe-go v0.9.8,
// apimachinery/client-go v0.37.2, resty v2.17.2/v3.0.0-rc.4, grpc v1.85.0,
// go-grpc-middleware v1.4.0/v2.3.4, aws-sdk-go-v2 aws v1.47.7, gax v2.27.0).

// attachLibDetails fills in a library site's bound, waits, outcomes and
// timeouts from its settings.
func (m *model) attachLibDetails(s *Site) {
	if s.Lib == LibReference {
		m.referenceDetails(s)
		return
	}
	s.Bound = m.libBound(s)
	m.libOps(s)
	m.libWaits(s)
	m.libOutcomes(s)
	m.libTimeouts(s)
}

// countSetting builds a bound from a setting's count argument.
// attempts says whether the library counts attempts (else retries);
// zeroUnbounded whether zero means no limit.
func (m *model) countSetting(s *Site, st *Setting, arg int, attempts, zeroUnbounded bool) Bound {
	x := st.Arg(arg)
	n, ok := m.intValue(x)
	if !ok {
		return Bound{Kind: BoundUnknown, Expr: x}
	}
	if n == 0 && zeroUnbounded || n < 0 {
		return Bound{Kind: BoundUnbounded, Expr: x, Why: fmt.Sprintf("%s %s(%d) retries until the operation succeeds", s.Lib.Name, st.Name, n)}
	}
	b := Bound{Kind: BoundKnown, Expr: x}
	var unit string
	if attempts {
		b.Retries = int(n) - 1
		unit = countedAttempts(int(n))
		b.LitIsAttempts = true
	} else {
		b.Retries = int(n)
		unit = fmt.Sprintf("%d %s", n, plural(int(n), "retry", "retries"))
	}
	if _, isCall := st.Node.(*ast.CallExpr); isCall {
		b.Counted = fmt.Sprintf("%s(%d) = %s", st.Name, n, unit)
	} else {
		b.Counted = fmt.Sprintf("%s %d = %s", st.Name, n, unit)
	}
	if lit, ok := ast.Unparen(x).(*ast.BasicLit); ok {
		b.Lit = lit
	}
	if b.Retries < 0 {
		b.Retries = 0
	}
	return b
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func defaultBound(retries int, counted string) Bound {
	return Bound{Kind: BoundKnown, Retries: retries, Counted: counted}
}

func (m *model) libBound(s *Site) Bound {
	unknownIfOpaque := func(b Bound) Bound {
		if s.Opaque {
			return Bound{Kind: BoundUnknown}
		}
		return b
	}
	switch s.Lib {
	case LibCenkaltiV4:
		if st := s.Last("WithMaxRetries"); st != nil {
			return m.countSetting(s, st, 1, false, false)
		}
		if s.Last("StopBackOff") != nil {
			return defaultBound(0, "StopBackOff = 0 retries")
		}
		return unknownIfOpaque(Bound{Kind: BoundUnbounded, Why: "cenkalti/backoff/v4 Retry with no WithMaxRetries retries until MaxElapsedTime (15m by default, never when 0); R-2 wants a count whatever the time limit"})
	case LibCenkaltiV5:
		if st := s.Last("WithMaxTries"); st != nil {
			return m.countSetting(s, st, 0, true, true)
		}
		return unknownIfOpaque(Bound{Kind: BoundUnbounded, Why: "cenkalti/backoff/v5 Retry with no WithMaxTries retries until MaxElapsedTime (15m by default); R-2 wants a count whatever the time limit"})
	case LibRetryGoV4, LibRetryGoV5:
		if st := s.Last("UntilSucceeded", "Attempts"); st != nil {
			if st.Name == "UntilSucceeded" {
				return Bound{Kind: BoundUnbounded, Why: s.Lib.Name + " UntilSucceeded() retries until the operation succeeds"}
			}
			return m.countSetting(s, st, 0, true, true)
		}
		return unknownIfOpaque(defaultBound(9, s.Lib.Name+"'s default 10 attempts = 9 retries"))
	case LibRetryableHTTP:
		if st := s.Last("RetryMax"); st != nil {
			return m.countSetting(s, st, 0, false, false)
		}
		if s.Last("NewClient") != nil || len(s.Settings) == 1 && !s.Opaque && isPackageFunc(s.Settings[0].Obj) {
			// NewClient, or a package-level Get/Post on the default client.
			return defaultBound(4, "go-retryablehttp's default RetryMax 4 = 4 retries")
		}
		if s.Last("Client") != nil && !s.Opaque {
			return defaultBound(0, "RetryMax 0 = 0 retries")
		}
		return Bound{Kind: BoundUnknown}
	case LibSethvargo:
		if st := s.Last("WithMaxRetries"); st != nil {
			return m.countSetting(s, st, 0, false, false)
		}
		return unknownIfOpaque(Bound{Kind: BoundUnbounded, Why: "sethvargo/go-retry with no WithMaxRetries retries until the context ends"})
	case LibFailsafe:
		if st := s.Last("WithMaxRetries", "WithMaxAttempts"); st != nil {
			return m.countSetting(s, st, 0, st.Name == "WithMaxAttempts", false)
		}
		if s.Last("NewBuilder", "NewWithDefaults", "NewRetryPolicyBuilder") != nil {
			return unknownIfOpaque(defaultBound(2, "failsafe-go's default 2 retries"))
		}
		return Bound{Kind: BoundUnknown}
	case LibK8sWait, LibK8sRetry:
		if st := s.Last("Steps", "DefaultRetry", "DefaultBackoff"); st != nil {
			switch st.Name {
			case "DefaultRetry":
				return defaultBound(4, "retry.DefaultRetry Steps 5 = 5 attempts = 4 retries")
			case "DefaultBackoff":
				return defaultBound(3, "retry.DefaultBackoff Steps 4 = 4 attempts = 3 retries")
			}
			return m.countSetting(s, st, 0, true, false)
		}
		if s.Last("Backoff") != nil && !s.Opaque {
			return defaultBound(0, "Steps 0: the condition never runs")
		}
		return Bound{Kind: BoundUnknown}
	case LibRestyV2, LibRestyV3:
		if st := s.Last("SetRetryCount"); st != nil {
			return m.countSetting(s, st, 0, false, false)
		}
		return Bound{Kind: BoundUnknown}
	case LibGRPCMwV1, LibGRPCMwV2:
		if st := s.Last("WithMax"); st != nil {
			// Named "max retries" but the interceptor makes WithMax
			// attempts in all (attempt < max).
			return m.countSetting(s, st, 0, true, false)
		}
		return unknownIfOpaque(defaultBound(0, "retries are off by default (max 0)"))
	case LibAWS:
		if st := s.Last("AddWithMaxAttempts"); st != nil {
			return m.countSetting(s, st, 1, true, true)
		}
		if st := s.Last("MaxAttempts", "WithRetryMaxAttempts", "RetryMaxAttempts"); st != nil {
			arg := 0
			b := m.countSetting(s, st, arg, true, false)
			if n, ok := m.intValue(st.Arg(arg)); ok && n <= 0 {
				// NewStandard and the config replace 0 with the
				// default, 3 attempts.
				return defaultBound(2, fmt.Sprintf("%s %d means aws's default 3 attempts = 2 retries", st.Name, n))
			}
			return b
		}
		return unknownIfOpaque(defaultBound(2, "aws-sdk-go-v2's default 3 attempts = 2 retries"))
	case LibGax:
		if s.Last("OnCodes", "OnErrorFunc", "OnHTTPCodes") != nil {
			return Bound{Kind: BoundUnbounded, Why: "gax-go retries until the call's deadline; it has no attempt count"}
		}
		return Bound{Kind: BoundUnknown}
	}
	return Bound{Kind: BoundUnknown}
}

// intValue evaluates an integer expression: a constant, or a local
// variable whose only definitions are the same constant.
func (m *model) intValue(x ast.Expr) (int64, bool) {
	if x == nil {
		return 0, false
	}
	if tv, ok := m.info.Types[x]; ok && tv.Value != nil {
		v := constant.ToInt(tv.Value)
		if v.Kind() == constant.Int {
			return constant.Int64Val(v)
		}
		return 0, false
	}
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		if v, ok := m.info.Uses[id].(*types.Var); ok {
			if n, ok := m.singleConstDef(v); ok {
				return n, true
			}
		}
	}
	return m.writeInt(x) // values.go: fields, package variables, locals set from them
}

// singleConstDef returns the value of a local variable whose every
// definition is the same integer constant.
func (m *model) singleConstDef(v *types.Var) (int64, bool) {
	if v.Parent() == nil || v.Parent() == m.pkg.Scope() {
		return 0, false // package variables may be set anywhere
	}
	var val int64
	found, ok := false, true
	for _, f := range m.pass.Files {
		if v.Pos() < f.Pos() || v.Pos() >= f.End() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					id, isID := ast.Unparen(l).(*ast.Ident)
					if !isID || (m.info.Defs[id] != v && m.info.Uses[id] != v) {
						continue
					}
					if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
						ok = false
						continue
					}
					tv := m.info.Types[n.Rhs[i]]
					if tv.Value == nil {
						ok = false
						continue
					}
					c, exact := constant.Int64Val(constant.ToInt(tv.Value))
					if !exact || found && c != val {
						ok = false
					}
					val, found = c, true
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if m.info.Defs[name] != v {
						continue
					}
					if i >= len(n.Values) {
						val, found = 0, true
						continue
					}
					tv := m.info.Types[n.Values[i]]
					if tv.Value == nil {
						ok = false
						continue
					}
					c, exact := constant.Int64Val(constant.ToInt(tv.Value))
					if !exact || found && c != val {
						ok = false
					}
					val, found = c, true
				}
			case *ast.IncDecStmt:
				if id, isID := ast.Unparen(n.X).(*ast.Ident); isID && m.info.Uses[id] == v {
					ok = false
				}
			case *ast.UnaryExpr:
				if id, isID := ast.Unparen(n.X).(*ast.Ident); isID && m.info.Uses[id] == v && n.Op == token.AND {
					ok = false
				}
			}
			return true
		})
	}
	return val, found && ok
}

// DurationValue evaluates a constant time.Duration expression.
func (m *model) durationValue(x ast.Expr) (time.Duration, bool) {
	n, ok := m.intValue(x)
	return time.Duration(n), ok
}

// floatValue evaluates a constant float expression (factors, jitter).
func (m *model) floatValue(x ast.Expr) (float64, bool) {
	if x == nil {
		return 0, false
	}
	if tv, ok := m.info.Types[x]; ok && tv.Value != nil {
		f, _ := constant.Float64Val(constant.ToFloat(tv.Value))
		return f, true
	}
	return 0, false
}

// isPackageFunc reports whether obj is a package-level function (not a
// method, a field or a type).
func isPackageFunc(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() == nil
}
