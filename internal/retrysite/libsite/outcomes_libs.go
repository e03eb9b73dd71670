package libsite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/policy"
)

// This file finds the outcomes a library site retries. Each library
// decides from something different:
//
//   - a predicate on the outcome (retryablehttp CheckRetry, resty retry
//     conditions, failsafe HandleIf, k8s OnError, retry-go RetryIf,
//     go-grpc-middleware WithRetriable, gax OnErrorFunc): the model
//     evaluates its body with the outcome bound to its parameters;
//   - the error the retried function returns (cenkalti: every error but
//     backoff.Permanent; retry-go: every error but retry.Unrecoverable,
//     or what RetryIf says; sethvargo: only retry.RetryableError): the
//     model runs the function's body with each outcome of the operations
//     it calls, and judges the error it returns;
//   - a list of codes (gRPC retryableStatusCodes, WithCodes, OnCodes,
//     OnHTTPCodes, aws error and status codes).

// judge decides, for the value a retried function returns (or the
// outcome itself, for predicates), whether the library retries.
type judge func(resp, err value) value

// libOutcomes finds the outcomes a library site's settings retry.
func (m *Reader) libOutcomes(s *Site) {
	call, _ := s.Node.(*ast.CallExpr)
	if call == nil && !s.Lib.ServiceConfig {
		return
	}
	if f := outcomeModels[s.Lib.Models.Outcomes]; f != nil {
		f(m, s, call)
	}
}

// serviceConfigOutcomes: a gRPC retryPolicy's retryableStatusCodes.
func (m *Reader) serviceConfigOutcomes(s *Site, _ *ast.CallExpr) {
	if s.GRPCPolicy != nil {
		o := &Outcomes{GRPC: append([]policy.GRPCCode(nil), s.GRPCPolicy.Codes...), Pos: s.Pos, Decision: "retryableStatusCodes " + strings.Join(s.GRPCPolicy.RetryableStatusCodes, ", ")}
		if call, ok := s.Node.(*ast.CallExpr); ok && len(call.Args) == 1 {
			o.Pos = call.Args[0].Pos()
		}
		s.Retried = o
	}
}

// siteOp returns the argument a library call runs under retry, from its
// table entry.
func (m *Reader) siteOp(call *ast.CallExpr) ast.Expr {
	fn := typeutilCallee(m.info, call)
	if fn == nil {
		return nil
	}
	_, e, ok := knowledge.Lookup(entryKey(fn.Origin()))
	if !ok || e.Op < 0 || e.Op >= len(call.Args) {
		return nil
	}
	return call.Args[e.Op]
}

// cenkaltiOutcomes: every error but backoff.Permanent is retried.
func (m *Reader) cenkaltiOutcomes(s *Site, call *ast.CallExpr) {
	m.closureOutcomes(s, m.siteOp(call), func(_, err value) value {
		switch {
		case err.K == vNil || err.Is(errPermanent):
			return boolVal(false)
		case err.NonNil():
			return boolVal(true)
		}
		return unknown(err.Dep)
	}, "operation returns a plain error (not backoff.Permanent)", s.Pos)
}

// sethvargoOutcomes: only errors marked retry.RetryableError are retried.
func (m *Reader) sethvargoOutcomes(s *Site, call *ast.CallExpr) {
	if fn := m.siteOp(call); fn != nil {
		m.closureOutcomes(s, fn, func(_, err value) value {
			switch {
			case err.Is(errMarked):
				return boolVal(true)
			case err.K == vNil || isErrValue(err) || err.K == vNonNil:
				return boolVal(false)
			}
			return unknown(err.Dep)
		}, "function returns retry.RetryableError", s.Pos)
	}
}

// retryGoOutcomes: RetryIf decides, else every error but
// retry.Unrecoverable.
func (m *Reader) retryGoOutcomes(s *Site, call *ast.CallExpr) {
	fn := m.siteOp(call)
	pred := s.Last("RetryIf")
	desc, pos := "function returns an error not marked retry.Unrecoverable", s.Pos
	var p *predicate
	if pred != nil {
		p = m.predicateOf(pred.Arg(0))
		if p == nil {
			return // a predicate the model cannot see
		}
		desc, pos = "RetryIf "+shorten(types.ExprString(pred.Arg(0))), pred.Pos
	}
	m.closureOutcomes(s, fn, func(_, err value) value {
		if err.K == vNil {
			return boolVal(false)
		}
		if p == nil {
			if err.Is(errPermanent) {
				return boolVal(false)
			}
			if err.NonNil() {
				return boolVal(true)
			}
			return unknown(err.Dep)
		}
		return p.call(m, value{K: vNil}, err)
	}, desc, pos)
}

// clientGoRetryOutcomes: RetryOnConflict retries 409; OnError's
// predicate decides.
func (m *Reader) clientGoRetryOutcomes(s *Site, call *ast.CallExpr) {
	if s.Last("RetryOnConflict") != nil {
		o := &Outcomes{Pos: s.Pos, Decision: "RetryOnConflict retries 409 Conflict"}
		if len(call.Args) > 1 {
			if fl, ok := ast.Unparen(call.Args[1]).(*ast.FuncLit); ok {
				if m.writes(fl.Body) && !m.rereads(fl.Body, fl.Body.End()) {
					o.HTTP = []int{409}
					o.Decision = "RetryOnConflict retries 409 Conflict and the function does not read the object again before writing it"
				}
			}
		}
		s.Retried = o
		return
	}
	if s.Last("OnError") != nil && len(call.Args) > 2 {
		p := m.predicateOf(call.Args[1])
		if p == nil {
			return
		}
		m.closureOutcomes(s, call.Args[2], func(_, err value) value {
			if err.K == vNil {
				return boolVal(false)
			}
			return p.call(m, value{K: vNil}, err)
		}, "OnError predicate "+shorten(types.ExprString(call.Args[1])), call.Args[1].Pos())
	}
}

// A predicate is a function the model can evaluate: a literal or a
// same-package function.
type predicate struct {
	fi      *funcInfo
	params  []*types.Var
	results int
	// builtin, when set, replaces the body (library policies).
	builtin judge
}

// predicateOf resolves a function expression to a predicate, or nil.
func (m *Reader) predicateOf(x ast.Expr) *predicate {
	if x == nil {
		return nil
	}
	body, typ := m.funcOf(x, 0)
	if body == nil || typ == nil {
		if fn := m.funcObj(x); fn != nil && fn.Pkg() != nil {
			switch knowledge.PredicateOf(fn.Pkg().Path() + "." + fn.Name()) {
			case knowledge.PredRetryableHTTPDefault:
				return &predicate{builtin: retryablehttpDefault}
			case knowledge.PredNotPermanent:
				return &predicate{builtin: func(_, err value) value {
					if err.K == vNil || isErrValue(err) {
						return boolVal(!err.Is(errPermanent))
					}
					return unknown(err.Dep)
				}}
			}
			if fn.Pkg().Path() == knowledge.PathK8sAPIErrors {
				if code, ok := k8sStatus[fn.Name()]; ok {
					return &predicate{builtin: func(_, err value) value {
						switch {
						case err.K == vErrStatus:
							return boolVal(err.I == int64(code))
						case err.K == vNil || isErrValue(err):
							return boolVal(false)
						}
						return unknown(err.Dep)
					}}
				}
			}
		}
		return nil
	}
	fi := m.FuncInfo(body, typ)
	if fi == nil {
		return nil
	}
	p := &predicate{fi: fi}
	if typ.Params != nil {
		for _, f := range typ.Params.List {
			for _, n := range f.Names {
				if v, ok := m.info.Defs[n].(*types.Var); ok {
					p.params = append(p.params, v)
				} else {
					p.params = append(p.params, nil)
				}
			}
			if len(f.Names) == 0 {
				p.params = append(p.params, nil)
			}
		}
	}
	if typ.Results != nil {
		p.results = typ.Results.NumFields()
	}
	return p
}

// funcObj returns the function a function-valued expression names.
func (m *Reader) funcObj(x ast.Expr) *types.Func {
	switch y := ast.Unparen(x).(type) {
	case *ast.Ident:
		fn, _ := m.info.Uses[y].(*types.Func)
		return fn
	case *ast.SelectorExpr:
		fn, _ := m.info.Uses[y.Sel].(*types.Func)
		return fn
	}
	return nil
}

// funcOf returns the body of a function-valued expression: a literal, a
// same-package function, or a variable that always holds one of them.
func (m *Reader) funcOf(x ast.Expr, depth int) (*ast.BlockStmt, *ast.FuncType) {
	if depth > 3 {
		return nil, nil
	}
	switch y := ast.Unparen(x).(type) {
	case *ast.FuncLit:
		return y.Body, y.Type
	case *ast.Ident:
		switch o := m.info.Uses[y].(type) {
		case *types.Func:
			if d := m.FuncDecl(o); d != nil && d.Body != nil && d.Recv == nil {
				return d.Body, d.Type
			}
		case *types.Var:
			if d := m.VarDefOf(o); d != nil && d.Single() && d.Idx == 0 {
				return m.funcOf(d.Rhs, depth+1)
			}
		}
	case *ast.SelectorExpr:
		if fn, ok := m.info.Uses[y.Sel].(*types.Func); ok && fn.Pkg() == m.pkg {
			if d := m.FuncDecl(fn); d != nil && d.Body != nil {
				return d.Body, d.Type
			}
		}
	}
	return nil, nil
}

// call evaluates the predicate's first result with a response and an
// error bound to its parameters of those types.
func (p *predicate) call(m *Reader, resp, err value) value {
	if p.builtin != nil {
		return p.builtin(resp, err)
	}
	e := env{}
	for _, v := range p.params {
		if v == nil {
			continue
		}
		switch {
		case isResponseType(v.Type()):
			e[v] = resp
		case isErrorType(v.Type()):
			e[v] = err
		}
	}
	ev := &evaluator{Fi: p.fi, Pred: true, Sc: scenario{Err: err, Resp: resp}}
	return ev.ResultAt(e, 0, p.results, nil)
}

// A family is a set of outcomes of one kind, tried together.
type family int

const (
	famHTTP      family = iota // responses with a status
	famGRPC                    // errors with a gRPC code
	famErrStatus               // errors with an HTTP status
	famCert                    // a certificate error (and an error of no type)
	// famAPIStatus: errors with an HTTP status, for libraries whose
	// retried functions' errors are known to carry one
	// (knowledge.Library.StatusErrors): a decision that retries every
	// such error retries each status, where for famErrStatus it is not
	// counted unless it tells some status apart.
	famAPIStatus
)

func familyScenarios(f family) []scenario {
	var scs []scenario
	switch f {
	case famHTTP:
		for _, c := range httpStatusReps {
			scs = append(scs, statusScenario(c))
		}
	case famGRPC:
		for _, c := range grpcCodeReps {
			scs = append(scs, grpcScenario(c))
		}
	case famErrStatus, famAPIStatus:
		for _, c := range errStatusReps {
			scs = append(scs, errStatusScenario(c))
		}
	case famCert:
		scs = []scenario{errClassScenario(errCert), errClassScenario(errOther)}
	}
	return scs
}

// statusProbe is a status outside the represented ones, tried to tell a
// decision that reads an error's status from one that retries every
// error.
const statusProbe = 304

// collect runs decide on every scenario of the families and fills the
// outcomes: certainly retried outcomes, listed for error families only
// when some outcome of the family is certainly not retried.
func collectOutcomes(o *Outcomes, fams []family, decide func(sc scenario) value) {
	for _, f := range fams {
		var retried []scenario
		inspects := f == famHTTP || f == famAPIStatus
		if f == famErrStatus && decide(errStatusScenario(statusProbe)).IsFalse() {
			// A decision that does not retry an error carrying a 3xx
			// status reads the status (code >= 400): what it retries
			// among the others is its choice.
			inspects = true
		}
		for _, sc := range familyScenarios(f) {
			v := decide(sc)
			switch {
			case v.IsTrue():
				retried = append(retried, sc)
			case v.IsFalse():
				inspects = true
			}
		}
		if !inspects {
			continue
		}
		for _, sc := range retried {
			switch f {
			case famHTTP:
				o.HTTP = mergeInts(o.HTTP, []int{sc.Status})
			case famGRPC:
				o.GRPC = append(o.GRPC, policy.GRPCCode(sc.Err.I))
			case famErrStatus, famAPIStatus:
				o.HTTP = mergeInts(o.HTTP, []int{int(sc.Err.I)})
			case famCert:
				if sc.Err.Is(errCert) {
					o.CertErrors = true
				}
			}
		}
	}
}

// closureOutcomes fills a site's outcomes from the function it retries:
// for each outcome of the operations the function calls, what the
// function returns, judged by the library. A function the model cannot
// see is taken to return its operation's error unchanged.
func (m *Reader) closureOutcomes(s *Site, fn ast.Expr, j judge, desc string, pos token.Pos) {
	o := &Outcomes{Pos: pos, Decision: desc}
	s.Retried = o
	var body *ast.BlockStmt
	var typ *ast.FuncType
	if fn != nil {
		body, typ = m.funcOf(fn, 0)
	}
	// identity: the library sees the error of operations the model does
	// not see. Whether they read an object again before a write that
	// conflicts cannot be told unless the body is seen: 409 is counted
	// only for a seen body that does not read again.
	statusFam := famErrStatus
	if s.Lib != nil && s.Lib.StatusErrors != "" {
		statusFam = famAPIStatus
	}
	identity := func(seen bool) {
		collectOutcomes(o, []family{famGRPC, statusFam, famCert}, func(sc scenario) value { return j(value{K: vNil}, sc.Err) })
		if !seen || m.rereads(body, body.End()) {
			o.HTTP = without(o.HTTP, 409)
		}
	}
	if body == nil || typ == nil || typ.Results == nil {
		identity(false)
		return
	}
	fi := m.FuncInfo(body, typ)
	if fi == nil {
		return
	}
	ops := make(map[*ast.CallExpr]bool)
	hasResp, hasErr := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if m.mayBeOp(n) && !isLibCall(m.info, n) {
				ops[n] = true
				hasResp = hasResp || interp.ReturnsResponse(m.info, n)
				hasErr = hasErr || returnsError(m.info, n)
			}
		}
		return true
	})
	n := typ.Results.NumFields()
	errIdx := n - 1
	if errIdx < 0 || !isErrorType(m.info.TypeOf(typ.Results.List[len(typ.Results.List)-1].Type)) {
		return
	}
	if !hasResp && !hasErr {
		identity(true)
		return
	}
	var fams []family
	if hasResp {
		fams = append(fams, famHTTP)
	}
	if hasErr {
		fams = append(fams, famGRPC, famCert)
	}
	decide := func(sc scenario) value {
		ev := &evaluator{Fi: fi, Op: ops, Sc: sc, AfterOp: true}
		return ev.ResultAt(env{}, errIdx, n, func(err value) value { return j(value{K: vNil}, err) })
	}
	collectOutcomes(o, fams, decide)
	if hasErr && !hasResp {
		// API errors carrying a status: a 409 Conflict retried on
		// an object read again is optimistic concurrency.
		st := &Outcomes{}
		collectOutcomes(st, []family{statusFam}, decide)
		if m.rereads(body, body.End()) {
			st.HTTP = without(st.HTTP, 409)
		}
		o.HTTP = mergeInts(o.HTTP, st.HTTP)
	}
}

// isLibCall reports whether a call is into a retry library (markers
// such as backoff.Permanent, not operations).
func isLibCall(info *types.Info, call *ast.CallExpr) bool {
	fn := typeutilCallee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	for _, l := range knowledge.All() {
		if l.MarkerCalls && l.Has(fn.Pkg().Path()) {
			return true
		}
	}
	return false
}

// retryableHTTPOutcomes: the client's CheckRetry decides, with the
// response and the transport error.
func (m *Reader) retryableHTTPOutcomes(s *Site) {
	st := s.Last("CheckRetry")
	if st == nil {
		if s.Opaque {
			return
		}
		s.Retried = &Outcomes{HTTP: []int{429, 500, 502, 503, 504, 505}, Pos: s.Pos, Decision: "retryablehttp.DefaultRetryPolicy"}
		return
	}
	p := m.predicateOf(st.Arg(0))
	if p == nil {
		return
	}
	o := &Outcomes{Pos: st.Pos, Decision: "CheckRetry " + shorten(types.ExprString(st.Arg(0)))}
	collectOutcomes(o, []family{famHTTP, famCert}, func(sc scenario) value { return p.call(m, sc.Resp, sc.Err) })
	s.Retried = o
}

// restyOutcomes: retry conditions are ORed; by default only errors are
// retried.
func (m *Reader) restyOutcomes(s *Site) {
	conds := s.All("AddRetryCondition", "AddRetryConditions", "SetRetryConditions", "RetryConditions")
	o := &Outcomes{Pos: s.Pos, Decision: "resty retries errors only"}
	s.Retried = o
	if len(conds) == 0 {
		return
	}
	var preds []*predicate
	for _, c := range conds {
		for _, a := range c.Args {
			p := m.predicateOf(a)
			if p == nil {
				return // a condition the model cannot see
			}
			preds = append(preds, p)
		}
	}
	o.Pos, o.Decision = conds[0].Pos, conds[0].Name+" "+shorten(types.ExprString(conds[0].Arg(0)))
	collectOutcomes(o, []family{famHTTP}, func(sc scenario) value {
		return anyTrue(preds, func(p *predicate) value { return p.call(m, sc.Resp, sc.Err) })
	})
}

// anyTrue ORs predicate results: true if one is, false if all are.
func anyTrue(preds []*predicate, f func(*predicate) value) value {
	all := true
	var d deps
	for _, p := range preds {
		v := f(p)
		if v.IsTrue() {
			return v
		}
		if !v.IsFalse() {
			all = false
			d |= v.Dep
		}
	}
	if all {
		return boolVal(false)
	}
	return unknown(d | depOutcome)
}

// failsafeOutcomes: a failure is handled (retried) when a Handle*
// setting matches and no Abort* setting does; with no Handle* setting,
// every error is.
func (m *Reader) failsafeOutcomes(s *Site, call *ast.CallExpr) {
	var handles, aborts []*predicate
	handled := false
	for _, st := range s.Settings {
		switch st.Name {
		case "HandleIf":
			p := m.predicateOf(st.Arg(0))
			if p == nil {
				return
			}
			handles, handled = append(handles, p), true
		case "NewRetryPolicyBuilder":
			handles, handled = append(handles, &predicate{builtin: retryablehttpDefault}), true
		case "HandleErrors", "HandleErrorTypes", "HandleResult":
			return // the model does not follow these
		case "AbortIf":
			p := m.predicateOf(st.Arg(0))
			if p == nil {
				return
			}
			aborts = append(aborts, p)
		case "AbortOnResult", "AbortOnErrors", "AbortOnErrorTypes":
			if st.Name != "AbortOnErrors" {
				return
			}
		}
	}
	if s.Opaque {
		return
	}
	j := func(resp, err value) value {
		if a := anyTrue(aborts, func(p *predicate) value { return p.call(m, resp, err) }); !a.IsFalse() {
			if a.IsTrue() {
				return boolVal(false)
			}
			return a
		}
		if !handled {
			switch {
			case err.K == vNil:
				return boolVal(false)
			case err.NonNil():
				return boolVal(true)
			}
			return unknown(err.Dep)
		}
		return anyTrue(handles, func(p *predicate) value { return p.call(m, resp, err) })
	}
	desc := "failsafe-go handles every error"
	pos := s.Pos
	if st := s.Last("HandleIf"); st != nil {
		desc, pos = "HandleIf "+shorten(types.ExprString(st.Arg(0))), st.Pos
	}
	fn, _ := call.Fun.(*ast.SelectorExpr)
	if fn != nil && (fn.Sel.Name == "Run" || fn.Sel.Name == "Get" || strings.HasSuffix(fn.Sel.Name, "Async") || strings.HasSuffix(fn.Sel.Name, "WithExecution")) && len(call.Args) > 0 {
		m.closureOutcomes(s, call.Args[0], j, desc, pos)
		return
	}
	// failsafehttp round trippers and requests: the policy sees the
	// response and the transport error.
	o := &Outcomes{Pos: pos, Decision: desc}
	collectOutcomes(o, []family{famHTTP, famCert}, func(sc scenario) value { return j(sc.Resp, sc.Err) })
	s.Retried = o
}

// grpcMiddlewareOutcomes: WithCodes lists the codes (Unavailable and
// ResourceExhausted by default); v2's WithRetriable is a predicate.
func (m *Reader) grpcMiddlewareOutcomes(s *Site) {
	if st := s.Last("WithRetriable"); st != nil {
		p := m.predicateOf(st.Arg(0))
		if p == nil {
			return
		}
		o := &Outcomes{Pos: st.Pos, Decision: "WithRetriable " + shorten(types.ExprString(st.Arg(0)))}
		collectOutcomes(o, []family{famGRPC, famCert}, func(sc scenario) value { return p.call(m, sc.Resp, sc.Err) })
		s.Retried = o
		return
	}
	st := s.Last("WithCodes")
	if st == nil {
		if !s.Opaque {
			s.Retried = &Outcomes{GRPC: []policy.GRPCCode{policy.ResourceExhausted, policy.Unavailable}, Pos: s.Pos, Decision: "the default codes RESOURCE_EXHAUSTED, UNAVAILABLE"}
		}
		return
	}
	codes, ok := m.codeList(st.Args)
	if !ok {
		return
	}
	s.Retried = &Outcomes{GRPC: grpcCodes(codes), Pos: st.Pos, Decision: "WithCodes(" + shorten(exprList(st.Args)) + ")"}
}

// gaxOutcomes: OnCodes and OnHTTPCodes list codes, OnErrorFunc is a
// predicate.
func (m *Reader) gaxOutcomes(s *Site) {
	o := &Outcomes{Pos: s.Pos}
	found := false
	for _, st := range s.All("OnCodes", "OnHTTPCodes", "OnErrorFunc") {
		switch st.Name {
		case "OnCodes":
			codes, ok := m.codeList(st.Args[:min(1, len(st.Args))])
			if !ok {
				return
			}
			o.GRPC = append(o.GRPC, grpcCodes(codes)...)
		case "OnHTTPCodes":
			if len(st.Args) < 2 {
				continue
			}
			codes, ok := m.codeList(st.Args[1:])
			if !ok {
				return
			}
			for _, c := range codes {
				o.HTTP = mergeInts(o.HTTP, []int{int(c)})
			}
		case "OnErrorFunc":
			p := m.predicateOf(st.Arg(1))
			if p == nil {
				return
			}
			collectOutcomes(o, []family{famGRPC, famCert}, func(sc scenario) value { return p.call(m, sc.Resp, sc.Err) })
		}
		if !found {
			o.Pos, o.Decision = st.Pos, st.Name+"("+shorten(exprList(st.Args))+")"
		}
		found = true
	}
	if found {
		s.Retried = o
	}
}

// awsOutcomes: AddWithErrorCodes and the RetryableErrorCode and
// RetryableHTTPStatusCode retryables add codes to the defaults (which
// R-4 allows).
func (m *Reader) awsOutcomes(s *Site) {
	o := &Outcomes{Pos: s.Pos}
	var names []string
	for _, st := range s.Settings {
		switch st.Name {
		case "AddWithErrorCodes":
			for _, a := range st.Args[min(1, len(st.Args)):] {
				if tv, ok := m.info.Types[a]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
					if code, ok := awsErrorStatus(constant.StringVal(tv.Value)); ok {
						o.HTTP = mergeInts(o.HTTP, []int{code})
						names = append(names, constant.StringVal(tv.Value))
						if !o.Pos.IsValid() || o.Pos == s.Pos {
							o.Pos = a.Pos()
						}
					}
				}
			}
		case "Retryables":
			ast.Inspect(st.Arg(0), func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok {
					return true
				}
				t := m.info.TypeOf(lit)
				if isNamed(t, knowledge.PathAWSRetry, "RetryableHTTPStatusCode") || isNamed(t, knowledge.PathAWSRetry, "RetryableErrorCode") {
					names = m.awsCodeLit(o, lit, names)
				}
				return true
			})
		}
	}
	if len(names) > 0 {
		o.Decision = "aws retryable codes " + strings.Join(names, ", ")
		s.Retried = o
	}
}

// awsCodeLit adds the codes of a RetryableHTTPStatusCode or
// RetryableErrorCode literal.
func (m *Reader) awsCodeLit(o *Outcomes, lit *ast.CompositeLit, names []string) []string {
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		mlit, ok := m.ConstComposite(kv.Value)
		if !ok {
			continue
		}
		for _, me := range mlit.Elts {
			mkv, ok := me.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			tv, ok := m.info.Types[mkv.Key]
			if !ok || tv.Value == nil {
				continue
			}
			switch tv.Value.Kind() {
			case constant.Int:
				if c, ok := constant.Int64Val(tv.Value); ok {
					o.HTTP = mergeInts(o.HTTP, []int{int(c)})
					names = append(names, strconv.Itoa(int(c)))
					o.Pos = mkv.Key.Pos()
				}
			case constant.String:
				if code, ok := awsErrorStatus(constant.StringVal(tv.Value)); ok {
					o.HTTP = mergeInts(o.HTTP, []int{code})
					names = append(names, constant.StringVal(tv.Value))
					o.Pos = mkv.Key.Pos()
				}
			}
		}
	}
	return names
}

// awsErrorStatus maps well-known AWS error codes that R-4 forbids
// retrying to the HTTP status AWS returns them with. Unknown codes are
// not mapped (the model stays silent about them).
func awsErrorStatus(code string) (int, bool) {
	switch code {
	case "ValidationException", "ValidationError", "InvalidParameterValue", "InvalidParameterValueException",
		"InvalidParameterException", "InvalidParameterCombination", "InvalidRequest", "InvalidRequestException",
		"BadRequestException", "MalformedPolicyDocument", "SerializationException", "InvalidArgument",
		"MissingParameter", "ConditionalCheckFailedException":
		return 400, true
	case "UnauthorizedException", "NotAuthorizedException":
		return 401, true
	case "AccessDenied", "AccessDeniedException", "UnrecognizedClientException", "InvalidClientTokenId",
		"InvalidSignatureException", "SignatureDoesNotMatch", "MissingAuthenticationToken",
		"ExpiredToken", "ExpiredTokenException", "AuthFailure", "OptInRequired":
		return 403, true
	case "ResourceNotFoundException", "NotFoundException", "NoSuchKey", "NoSuchBucket", "NoSuchEntity", "NotFound":
		return 404, true
	case "ConflictException", "ResourceConflictException", "ResourceInUseException", "BucketAlreadyExists", "AlreadyExistsException":
		return 409, true
	case "UnprocessableEntityException":
		return 422, true
	}
	return 0, false
}

// codeList evaluates a list of integer constants: the arguments, or a
// single slice argument (a literal or a variable that always holds one).
func (m *Reader) codeList(args []ast.Expr) ([]int64, bool) {
	ev := &evaluator{Fi: &funcInfo{M: m.Model}}
	var res []int64
	for _, a := range args {
		if t := m.info.TypeOf(a); t != nil {
			if _, isSlice := t.Underlying().(*types.Slice); isSlice {
				elems, ok := ev.ConstElems(a)
				if !ok {
					return nil, false
				}
				for _, e := range elems {
					if e.K != vInt {
						return nil, false
					}
					res = append(res, e.I)
				}
				continue
			}
		}
		v := ev.Eval(a, nil)
		if v.K != vInt {
			return nil, false
		}
		res = append(res, v.I)
	}
	return res, true
}

func grpcCodes(cs []int64) []policy.GRPCCode {
	var res []policy.GRPCCode
	for _, c := range cs {
		res = append(res, policy.GRPCCode(c))
	}
	return res
}

func exprList(xs []ast.Expr) string {
	var parts []string
	for _, x := range xs {
		parts = append(parts, types.ExprString(x))
	}
	return strings.Join(parts, ", ")
}

// writes reports whether a body writes an object (Update, Patch, Apply,
// Replace): a conflict retry that does not write cannot conflict.
func (m *Reader) writes(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				for _, p := range []string{"Update", "Patch", "Apply", "Replace"} {
					if strings.HasPrefix(sel.Sel.Name, p) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}
