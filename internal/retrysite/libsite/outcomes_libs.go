package libsite

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/outcomes"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/policy"
)

// This file finds the outcomes a library site retries, from the table's
// outcome vocabulary (knowledge.OutcomeVocab), keyed by its model. A
// library decides from one of:
//
//   - a predicate on the outcome (retryablehttp CheckRetry, resty retry
//     conditions, failsafe HandleIf and AbortIf, k8s OnError, retry-go
//     RetryIf, go-grpc-middleware WithRetriable, gax OnErrorFunc): the
//     model evaluates its body with the outcome bound to its parameters;
//   - the error the retried function returns, judged by the library's
//     error rule (cenkalti: every error but backoff.Permanent; retry-go:
//     every error but retry.Unrecoverable; sethvargo: only
//     retry.RetryableError) or its predicate: the model runs the
//     function's body with each outcome of the operations it calls;
//   - a list of codes (gRPC retryableStatusCodes, WithCodes, OnCodes,
//     OnHTTPCodes, aws error and status codes), or the library's
//     defaults.

// judge decides, for the value a retried function returns (or the
// outcome itself, for predicates), whether the library retries.
type judge func(resp, err interp.Value) interp.Value

// modelOutcomes are the interpreters, by model.
var modelOutcomes = map[knowledge.OutcomeModel]func(m *Reader, s *site.Site, call *ast.CallExpr, v *knowledge.OutcomeVocab){
	knowledge.DecidedOutcomes: (*Reader).decidedOutcomes,
	knowledge.ServiceConfigOutcomes: func(m *Reader, s *site.Site, _ *ast.CallExpr, _ *knowledge.OutcomeVocab) {
		s.Retried = m.libread().PolicyOutcomes(s)
	},
	knowledge.PollOutcomes: func(m *Reader, s *site.Site, call *ast.CallExpr, _ *knowledge.OutcomeVocab) { m.pollOutcomes(s, call) },
}

// libOutcomes finds the outcomes a library site's settings retry.
func (m *Reader) libOutcomes(s *site.Site) {
	call, _ := s.Node.(*ast.CallExpr)
	if call == nil && !s.Lib.ServiceConfig {
		return
	}
	if v := s.Lib.Outcomes; v != nil {
		if f := modelOutcomes[v.Model]; f != nil {
			f(m, s, call, v)
		}
	}
}

// siteOp returns the function a library call runs under retry, from its
// table entry: nil when the entry runs none (a client, an option).
func (m *Reader) siteOp(call *ast.CallExpr) ast.Expr {
	_, e, ok := m.lookup(typesx.Callee(m.info, call))
	if !ok || e.Op < 0 || e.Op >= len(call.Args) || e.Sends != knowledge.SendsNothing {
		return nil
	}
	return call.Args[e.Op]
}

// errorRule judges the error a retried function returns by the
// library's rule.
func errorRule(r knowledge.ErrorRule, err interp.Value) interp.Value {
	switch r {
	case knowledge.RetryAllButPermanent, knowledge.RetryEveryError:
		switch {
		case err.K == interp.VNil || r == knowledge.RetryAllButPermanent && err.Is(interp.ErrPermanent):
			return interp.BoolVal(false)
		case err.NonNil():
			return interp.BoolVal(true)
		}
	case knowledge.RetryOnlyMarked:
		switch {
		case err.Is(interp.ErrMarked):
			return interp.BoolVal(true)
		case err.K == interp.VNil || interp.IsErrValue(err) || err.K == interp.VNonNil:
			return interp.BoolVal(false)
		}
	}
	return interp.Unknown(err.Dep)
}

// sitePreds are the predicates a site's settings give, and the setting
// that words the decision.
type sitePreds struct {
	handles, aborts []*predicate
	errorsOnly      bool
	desc            string
	pos             token.Pos
}

// readPreds reads the site's predicate settings in source order; ok is
// false when one of them is a predicate the model cannot see.
func (m *Reader) readPreds(s *site.Site, v *knowledge.OutcomeVocab) (sp sitePreds, ok bool) {
	last := map[string]*site.Setting{}
	for _, st := range s.Settings {
		last[st.Name] = st
	}
	for _, st := range s.Settings {
		ps := predSetting(v, st.Name)
		if ps == nil || !ps.Or && last[st.Name] != st {
			continue
		}
		args := []ast.Expr{st.Arg(ps.Arg)}
		if ps.Or && ps.Arg < len(st.Args) {
			args = st.Args[ps.Arg:]
		}
		for _, a := range args {
			p := &predicate{builtin: builtinPredicate(ps.Builtin)}
			if ps.Builtin == knowledge.NoPredicate {
				if p = m.predicateOf(a); p == nil {
					return sp, false
				}
			}
			if ps.Abort {
				sp.aborts = append(sp.aborts, p)
			} else {
				sp.handles = append(sp.handles, p)
			}
		}
		if ps.Abort || ps.Builtin != knowledge.NoPredicate || sp.desc != "" && !ps.WordLast {
			continue
		}
		desc := cmp.Or(ps.Desc, st.Name)
		sp.desc, sp.pos = desc+" "+outcomes.Shorten(types.ExprString(st.Arg(ps.Arg))), st.Pos
		if ps.AtArg && st.Arg(ps.Arg) != nil {
			sp.pos = st.Arg(ps.Arg).Pos()
		}
		sp.errorsOnly = sp.errorsOnly || ps.ErrorsOnly
	}
	return sp, true
}

// predSetting returns the vocabulary's predicate setting named name.
func predSetting(v *knowledge.OutcomeVocab, name string) *knowledge.PredicateSetting {
	for i := range v.Predicates {
		if v.Predicates[i].Setting == name {
			return &v.Predicates[i]
		}
	}
	return nil
}

// decidedOutcomes reads the outcomes of the DecidedOutcomes model.
func (m *Reader) decidedOutcomes(s *site.Site, call *ast.CallExpr, v *knowledge.OutcomeVocab) {
	if v.Conflict != "" && s.Last(v.Conflict) != nil {
		m.conflictOutcomes(s, call, v.Conflict, v.ConflictWrites)
		return
	}
	if v.DefaultAnyConfig {
		s.Retried = &site.Outcomes{HTTP: v.DefaultHTTP, GRPC: v.DefaultGRPC, Pos: s.Pos, Decision: v.DefaultDesc}
	}
	if v.Union {
		m.unionOutcomes(s, v)
		return
	}
	sp, ok := m.readPreds(s, v)
	if !ok || s.Last(v.Unread...) != nil || v.OpaqueUnknown && s.Opaque {
		return
	}
	j := func(resp, err interp.Value) interp.Value {
		if sp.errorsOnly && err.K == interp.VNil {
			return interp.BoolVal(false)
		}
		if a := anyTrue(sp.aborts, func(p *predicate) interp.Value { return p.call(m, resp, err) }); !a.IsFalse() {
			if a.IsTrue() {
				return interp.BoolVal(false)
			}
			return a
		}
		if len(sp.handles) == 0 {
			return errorRule(v.Errors, err)
		}
		return anyTrue(sp.handles, func(p *predicate) interp.Value { return p.call(m, resp, err) })
	}
	desc, pos := sp.desc, sp.pos
	if len(sp.handles) == 0 || desc == "" {
		desc, pos = v.ErrorsDesc, s.Pos
	}
	decides := len(sp.handles) > 0 || v.Errors != knowledge.NoErrorRule
	if op := m.siteOp(call); op != nil {
		if decides {
			m.closureOutcomes(s, op, j, desc, pos)
		}
		return
	}
	if decides {
		o := &site.Outcomes{Pos: pos, Decision: desc}
		collectOutcomes(o, v.Families, s.Lib.Requests != nil, func(sc interp.Scenario) interp.Value { return j(sc.Resp, sc.Err) })
		s.Retried = o
		return
	}
	var names []string
	for _, c := range v.Codes {
		names = append(names, c.Setting)
	}
	if st := s.Last(names...); st != nil {
		codes, ok := m.CodeList(st.Args)
		if ok {
			s.Retried = &site.Outcomes{GRPC: grpcCodes(codes), Pos: st.Pos, Decision: st.Name + "(" + outcomes.Shorten(exprList(st.Args)) + ")"}
		}
		return
	}
	if !s.Opaque && !v.DefaultAnyConfig && v.DefaultDesc != "" {
		s.Retried = &site.Outcomes{HTTP: v.DefaultHTTP, GRPC: v.DefaultGRPC, Pos: s.Pos, Decision: v.DefaultDesc}
	}
}

// unionOutcomes reads a vocabulary whose predicate and code settings
// all add to the retried outcomes, in source order.
func (m *Reader) unionOutcomes(s *site.Site, v *knowledge.OutcomeVocab) {
	o := &site.Outcomes{Pos: s.Pos}
	found := false
	var names []string
	for _, st := range s.Settings {
		ps := predSetting(v, st.Name)
		var cs *knowledge.CodeSetting
		for i := range v.Codes {
			if v.Codes[i].Setting == st.Name {
				cs = &v.Codes[i]
			}
		}
		switch {
		case ps != nil:
			p := m.predicateOf(st.Arg(ps.Arg))
			if p == nil {
				return
			}
			collectOutcomes(o, v.Families, s.Lib.Requests != nil, func(sc interp.Scenario) interp.Value { return p.call(m, sc.Resp, sc.Err) })
		case cs == nil:
			continue
		case cs.Kind == knowledge.CodeNames:
			for _, a := range st.Args[min(cs.From, len(st.Args)):] {
				if code, name, ok := m.namedCode(v, a); ok {
					o.HTTP, names = outcomes.MergeInts(o.HTTP, []int{code}), append(names, name)
					if !o.Pos.IsValid() || o.Pos == s.Pos {
						o.Pos = a.Pos()
					}
				}
			}
		case cs.Kind == knowledge.CodeLiterals:
			names = m.codeLiterals(s, v, cs, st, o, names)
		default:
			if cs.From > 0 && len(st.Args) <= cs.From {
				continue
			}
			list := st.Args[min(cs.From, len(st.Args)):]
			if cs.One {
				list = list[:min(1, len(list))]
			}
			codes, ok := m.CodeList(list)
			if !ok {
				return
			}
			if cs.Kind == knowledge.CodesGRPC {
				o.GRPC = append(o.GRPC, grpcCodes(codes)...)
			}
			for _, c := range codes {
				if cs.Kind == knowledge.CodesHTTP {
					o.HTTP = outcomes.MergeInts(o.HTTP, []int{int(c)})
				}
			}
		}
		if !found && v.NamesDesc == "" {
			o.Pos, o.Decision = st.Pos, st.Name+"("+outcomes.Shorten(exprList(st.Args))+")"
		}
		found = true
	}
	switch {
	case v.NamesDesc != "" && len(names) > 0:
		o.Decision = v.NamesDesc + strings.Join(names, ", ")
		s.Retried = o
	case v.NamesDesc == "" && found:
		s.Retried = o
	}
}

// namedCode maps a constant string naming an error code of the table
// (knowledge.OutcomeVocab ErrorCodes) to its HTTP status.
func (m *Reader) namedCode(v *knowledge.OutcomeVocab, x ast.Expr) (int, string, bool) {
	tv, ok := m.info.Types[x]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return 0, "", false
	}
	name := constant.StringVal(tv.Value)
	code, ok := v.ErrorCodes[name]
	return code, name, ok
}

// codeLiterals adds the codes of the composite literals of the code
// setting's types in a setting's argument: map keys that are HTTP
// statuses or named error codes.
func (m *Reader) codeLiterals(s *site.Site, v *knowledge.OutcomeVocab, cs *knowledge.CodeSetting, st *site.Setting, o *site.Outcomes, names []string) []string {
	ast.Inspect(st.Arg(0), func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		t := m.info.TypeOf(lit)
		for _, tn := range cs.Types {
			if !m.copies.IsNamed(t, s.Lib.Paths[0], tn) {
				continue
			}
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
					code, name, ok := m.namedCode(v, mkv.Key)
					if tv.Value.Kind() == constant.Int {
						c, exact := constant.Int64Val(tv.Value)
						code, name, ok = int(c), strconv.Itoa(int(c)), exact
					}
					if ok {
						o.HTTP, names, o.Pos = outcomes.MergeInts(o.HTTP, []int{code}), append(names, name), mkv.Key.Pos()
					}
				}
			}
		}
		return true
	})
	return names
}

// conflictOutcomes: a conflict retry (client-go's RetryOnConflict)
// retries 409 when its function writes an object it does not read
// again.
func (m *Reader) conflictOutcomes(s *site.Site, call *ast.CallExpr, name string, writes []string) {
	o := &site.Outcomes{Pos: s.Pos, Decision: name + " retries 409 Conflict"}
	if fl, ok := ast.Unparen(m.siteOp(call)).(*ast.FuncLit); ok && m.writes(fl.Body, writes) && !m.rereads(fl.Body, fl.Body.End()) {
		o.HTTP = []int{409}
		o.Decision = name + " retries 409 Conflict and the function does not read the object again before writing it"
	}
	s.Retried = o
}

// builtinPredicate is the judge of a built-in predicate of the tables.
func builtinPredicate(k knowledge.PredicateKind) judge {
	switch k {
	case knowledge.PredHTTPDefaultPolicy:
		return interp.HTTPDefaultPolicy
	case knowledge.PredNotPermanent:
		return func(_, err interp.Value) interp.Value {
			if err.K == interp.VNil || interp.IsErrValue(err) {
				return interp.BoolVal(!err.Is(interp.ErrPermanent))
			}
			return interp.Unknown(err.Dep)
		}
	}
	return nil
}

// A predicate is a function the model can evaluate: a literal or a
// same-package function.
type predicate struct {
	fi      *interp.FuncInfo
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
		if fn := m.FuncObj(x); fn != nil && fn.Pkg() != nil {
			key := m.copies.Path(fn.Pkg()) + "." + fn.Name()
			if b := builtinPredicate(knowledge.PredicateOf(key)); b != nil {
				return &predicate{builtin: b}
			}
			if code, ok := knowledge.StatusClassifier(key); ok {
				return &predicate{builtin: func(_, err interp.Value) interp.Value {
					switch {
					case err.K == interp.VErrStatus:
						return interp.BoolVal(err.I == int64(code))
					case err.K == interp.VNil || interp.IsErrValue(err):
						return interp.BoolVal(false)
					}
					return interp.Unknown(err.Dep)
				}}
			}
		}
		return nil
	}
	fi := m.FuncInfo(body, typ)
	if fi == nil {
		return nil
	}
	return &predicate{fi: fi, params: typesx.FuncParams(m.info, typ), results: typ.Results.NumFields()}
}

// FuncObj returns the function a function-valued expression names.
func (m *Reader) FuncObj(x ast.Expr) *types.Func {
	fn, _ := m.info.Uses[typesx.NameIdent(x)].(*types.Func)
	return fn
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
func (p *predicate) call(m *Reader, resp, err interp.Value) interp.Value {
	if p.builtin != nil {
		return p.builtin(resp, err)
	}
	e := interp.Env{}
	for _, v := range p.params {
		if v == nil {
			continue
		}
		switch {
		case interp.IsResponseType(v.Type()):
			e = e.Set(v, resp)
		case typesx.IsErrorType(v.Type()):
			e = e.Set(v, err)
		}
	}
	ev := &interp.Evaluator{Fi: p.fi, Pred: true, Sc: interp.Scenario{Err: err, Resp: resp}}
	return ev.ResultAt(e, 0, p.results, nil)
}

const (
	famHTTP = knowledge.FamilyHTTP // responses with a status
	famGRPC = knowledge.FamilyGRPC // errors with a gRPC code
	famCert = knowledge.FamilyCert // a certificate error (and an error of no type)
	// famErrStatus: errors with an HTTP status; famAPIStatus: the same,
	// for libraries whose retried functions' errors are known to carry
	// one (knowledge.Library.StatusErrors): a decision that retries
	// every such error retries each status, where for famErrStatus it
	// is not counted unless it tells some status apart.
	famErrStatus knowledge.OutcomeFamily = 100 + iota
	famAPIStatus
)

func familyScenarios(f knowledge.OutcomeFamily) []interp.Scenario {
	var scs []interp.Scenario
	switch f {
	case famHTTP:
		for _, c := range outcomes.HTTPStatusReps {
			scs = append(scs, interp.StatusScenario(c))
		}
	case famGRPC:
		for _, c := range outcomes.GRPCCodeReps {
			scs = append(scs, interp.GrpcScenario(c))
		}
	case famErrStatus, famAPIStatus:
		for _, c := range outcomes.ErrStatusReps {
			scs = append(scs, interp.ErrStatusScenario(c))
		}
	case famCert:
		scs = []interp.Scenario{interp.ErrClassScenario(interp.ErrCert), interp.ErrClassScenario(interp.ErrOther)}
	}
	return scs
}

// statusProbe is a status outside the represented ones, tried to tell a
// decision that reads an error's status from one that retries every
// error.
const statusProbe = 304

// collect runs decide on every scenario of the families and fills the
// outcomes: certainly retried outcomes, listed for error families only
// when some outcome of the family is certainly not retried. httpErrs
// says that the errors are an HTTP client's: a decision that retries
// every one of them retries certificate errors (as a hand-written
// `if err != nil { retry }` around a request does), where another
// operation is not claimed to return them.
func collectOutcomes(o *site.Outcomes, fams []knowledge.OutcomeFamily, httpErrs bool, decide func(sc interp.Scenario) interp.Value) {
	for _, f := range fams {
		var retried []interp.Scenario
		inspects := f == famHTTP || f == famAPIStatus || f == famCert && httpErrs
		if f == famErrStatus && decide(interp.ErrStatusScenario(statusProbe)).IsFalse() {
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
				o.HTTP = outcomes.MergeInts(o.HTTP, []int{sc.Status})
			case famGRPC:
				o.GRPC = append(o.GRPC, policy.GRPCCode(sc.Err.I))
			case famErrStatus, famAPIStatus:
				o.HTTP = outcomes.MergeInts(o.HTTP, []int{int(sc.Err.I)})
			case famCert:
				if sc.Err.Is(interp.ErrCert) {
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
func (m *Reader) closureOutcomes(s *site.Site, fn ast.Expr, j judge, desc string, pos token.Pos) {
	o := &site.Outcomes{Pos: pos, Decision: desc}
	s.Retried = o
	body, typ := m.funcOf(fn, 0)
	// identity: the library sees the error of operations the model does
	// not see. Whether they read an object again before a write that
	// conflicts cannot be told unless the body is seen: 409 is counted
	// only for a seen body that does not read again.
	statusFam := famErrStatus
	if s.Lib != nil && s.Lib.StatusErrors != "" {
		statusFam = famAPIStatus
	}
	identity := func(seen bool) {
		collectOutcomes(o, []knowledge.OutcomeFamily{famGRPC, statusFam, famCert}, false, func(sc interp.Scenario) interp.Value { return j(interp.Value{K: interp.VNil}, sc.Err) })
		if !seen || m.rereads(body, body.End()) {
			o.HTTP = outcomes.Without(o.HTTP, 409)
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
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		if n, ok := n.(*ast.CallExpr); ok && m.host.MayBeOp(n) && !m.isLibCall(n) {
			ops[n] = true
			hasResp = hasResp || interp.ReturnsResponse(m.info, n)
			hasErr = hasErr || outcomes.ReturnsError(m.info, n)
		}
		return true
	})
	n := typ.Results.NumFields()
	errIdx := n - 1
	if errIdx < 0 || !typesx.IsErrorType(m.info.TypeOf(typ.Results.List[len(typ.Results.List)-1].Type)) {
		return
	}
	if !hasResp && !hasErr {
		identity(true)
		return
	}
	var fams []knowledge.OutcomeFamily
	if hasResp {
		fams = append(fams, famHTTP)
	}
	if hasErr {
		fams = append(fams, famGRPC, famCert)
	}
	decide := func(sc interp.Scenario) interp.Value {
		ev := &interp.Evaluator{Fi: fi, Op: ops, Sc: sc, AfterOp: true}
		return ev.ResultAt(interp.Env{}, errIdx, n, func(err interp.Value) interp.Value { return j(interp.Value{K: interp.VNil}, err) })
	}
	collectOutcomes(o, fams, hasResp, decide)
	if hasErr && !hasResp {
		// API errors carrying a status: a 409 Conflict retried on
		// an object read again is optimistic concurrency.
		st := &site.Outcomes{}
		collectOutcomes(st, []knowledge.OutcomeFamily{statusFam}, false, decide)
		if m.rereads(body, body.End()) {
			st.HTTP = outcomes.Without(st.HTTP, 409)
		}
		o.HTTP = outcomes.MergeInts(o.HTTP, st.HTTP)
	}
}

// isLibCall reports whether a call is into a retry library (markers
// such as backoff.Permanent, not operations).
func (m *Reader) isLibCall(call *ast.CallExpr) bool {
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	path := m.copies.Path(fn.Pkg())
	return slices.ContainsFunc(knowledge.All(), func(l *knowledge.Library) bool { return l.MarkerCalls && l.Has(path) })
}

// anyTrue ORs predicate results: true if one is, false if all are.
func anyTrue(preds []*predicate, f func(*predicate) interp.Value) interp.Value {
	all := true
	var d interp.Deps
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
		return interp.BoolVal(false)
	}
	return interp.Unknown(d | interp.DepOutcome)
}

// CodeList evaluates a list of integer constants: the arguments, or a
// single slice argument (a literal or a variable that always holds one).
func (m *Reader) CodeList(args []ast.Expr) ([]int64, bool) {
	ev := &interp.Evaluator{Fi: &interp.FuncInfo{M: m.Model}}
	var res []int64
	for _, a := range args {
		if t := m.info.TypeOf(a); t != nil {
			if _, isSlice := t.Underlying().(*types.Slice); isSlice {
				elems, ok := ev.ConstElems(a)
				if !ok {
					return nil, false
				}
				for _, e := range elems {
					if e.K != interp.VInt {
						return nil, false
					}
					res = append(res, e.I)
				}
				continue
			}
		}
		v := ev.Eval(a, interp.Env{})
		if v.K != interp.VInt {
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

// writes reports whether a body writes an object: calls a method whose
// name starts with one of the table's write prefixes (ConflictWrites).
// A conflict retry that does not write cannot conflict.
func (m *Reader) writes(body *ast.BlockStmt, prefixes []string) bool {
	found := false
	return typesx.InspectUntil(&found, body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				found = slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(sel.Sel.Name, p) })
			}
		}
		return true
	})
}
