package retrysite

import (
	"github.com/retrylint/retrylint/internal/knowledge"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/cfg"
)

// This file is the model's value evaluator: a small abstract interpreter
// for the expressions that decide control flow in retry code. Values are
// constants (ints, bools), nil or non-nil, and the abstract outcome of an
// operation (an HTTP response with a status, an error with a gRPC code).
// Everything else is unknown. Each value also carries the reasons it is
// unknown (deps), which the path simulation uses to tell a decision that
// depends on the operation's outcome from one that depends on an attempt
// counter compared with something the model cannot see.

type valKind uint8

const (
	vUnknown valKind = iota
	vInt
	vBool
	vNil
	vNonNil
	vResp    // a non-nil HTTP response; i is its status code
	vErrCode // a non-nil error carrying gRPC code i
	// vErrStatus is a non-nil error carrying HTTP status i (a k8s
	// StatusError, an API error); vErrClass a non-nil error of class i
	// (errCert, errOther, errPermanent, errMarked: see outcomes_eval.go).
	vErrStatus
	vErrClass
	// vHeader is the header map of a response the model holds, vStr a
	// string read from it: the empty string, a header the response does
	// not carry (decide.go).
	vHeader
	vStr
)

// deps records why a value is (partly) unknown.
type deps uint8

const (
	depOutcome deps = 1 << iota // depends on the outcome of the operation
	depBound                    // an attempt counter compared with an unknown value
	depVar                      // a tracked variable whose value is unknown
	// depHeader marks a response (vResp) whose headers are unknown: a
	// tried status that the server may send with any header (decide.go).
	depHeader
)

type value struct {
	k   valKind
	i   int64
	dep deps
}

func unknown(d deps) value    { return value{k: vUnknown, dep: d} }
func intVal(i int64) value    { return value{k: vInt, i: i} }
func boolVal(b bool) value    { return value{k: vBool, i: b2i(b)} }
func (v value) known() bool   { return v.k != vUnknown }
func (v value) isTrue() bool  { return v.k == vBool && v.i != 0 }
func (v value) isFalse() bool { return v.k == vBool && v.i == 0 }
func (v value) nonNil() bool {
	return v.k == vNonNil || v.k == vResp || v.k == vErrCode || v.k == vErrStatus || v.k == vErrClass
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// env maps tracked variables to their values. It is copied on write.
type env map[*types.Var]value

func (e env) set(v *types.Var, x value) env {
	n := make(env, len(e)+1)
	for k, y := range e {
		n[k] = y
	}
	n[v] = x
	return n
}

// scenario is an assumed outcome of the operation under study.
type scenario struct {
	name   string
	err    value // the error result
	resp   value // the response result (vResp or vNil)
	ok     value // a bool result
	status int   // HTTP status, 0 if none
	// liveAttemptCtx: the failure did not cancel a context the function
	// made with context.WithCancel (precision.go).
	liveAttemptCtx bool
}

func successScenario() scenario {
	return scenario{name: "success", err: value{k: vNil}, resp: value{k: vResp, i: 200}, ok: boolVal(true), status: 200}
}

// anyScenario leaves the outcome unknown: used to count runs.
func anyScenario() scenario {
	u := unknown(depOutcome)
	return scenario{name: "any", err: u, resp: u, ok: u}
}

func errorScenario() scenario {
	return scenario{name: "error", err: value{k: vNonNil, dep: depOutcome}, resp: value{k: vNil}, ok: boolVal(false), liveAttemptCtx: true}
}

func statusScenario(code int) scenario {
	return scenario{name: "status " + strconv.Itoa(code), err: value{k: vNil}, resp: value{k: vResp, i: int64(code)}, ok: boolVal(false), status: code}
}

func grpcScenario(code int) scenario {
	return scenario{name: "grpc " + strconv.Itoa(code), err: value{k: vErrCode, i: int64(code)}, resp: value{k: vNil}, ok: boolVal(false)}
}

// evaluator evaluates expressions in one function.
type evaluator struct {
	fi *funcInfo
	// op is the set of calls that perform the operation under study and
	// sc the outcome assumed for them; op is nil outside outcome studies.
	op map[*ast.CallExpr]bool
	sc scenario
	// depth limits inlining of same-package helpers.
	depth int
	// pert, when set, replaces one integer literal or named constant by
	// another value, to find which literal sets a bound.
	pert *perturbation
	// pred is set when evaluating a retry predicate on its own (a
	// CheckRetry, a RetryIf): its context is assumed live.
	pred bool
	// afterOp, when set, makes mergeReturns skip the returns reached
	// without running an operation of op: they are not its outcomes
	// (an http.NewRequest that fails before the request is sent).
	afterOp bool
}

// A perturbation replaces an integer literal or a named constant.
type perturbation struct {
	lit   *ast.BasicLit
	cnst  *types.Const
	value int64
}

func (ev *evaluator) info() *types.Info { return ev.fi.m.info }

// eval evaluates x in e.
func (ev *evaluator) eval(x ast.Expr, e env) value {
	info := ev.info()
	if ev.pert != nil {
		switch y := x.(type) {
		case *ast.BasicLit:
			if y == ev.pert.lit {
				return intVal(ev.pert.value)
			}
		case *ast.Ident:
			if c, ok := info.Uses[y].(*types.Const); ok && c == ev.pert.cnst {
				return intVal(ev.pert.value)
			}
		case *ast.SelectorExpr:
			if c, ok := info.Uses[y.Sel].(*types.Const); ok && c == ev.pert.cnst {
				return intVal(ev.pert.value)
			}
		}
	}
	if tv, ok := info.Types[x]; ok && tv.Value != nil && (ev.pert == nil || isLeafConst(x)) {
		switch tv.Value.Kind() {
		case constant.Int:
			if i, ok := constant.Int64Val(tv.Value); ok {
				return intVal(i)
			}
		case constant.Bool:
			return boolVal(constant.BoolVal(tv.Value))
		}
		return unknown(0)
	}
	switch x := x.(type) {
	case *ast.ParenExpr:
		return ev.eval(x.X, e)
	case *ast.Ident:
		obj := info.Uses[x]
		if obj == nil {
			obj = info.Defs[x]
		}
		if _, ok := obj.(*types.Nil); ok {
			return value{k: vNil}
		}
		if v, ok := obj.(*types.Var); ok && (ev.fi.tracked[v] || ev.fi.outcomes[v]) {
			if val, ok := e[v]; ok {
				if val.k == vUnknown && val.dep == 0 {
					val.dep = depVar
				}
				return val
			}
			return unknown(depVar)
		}
		if v, ok := obj.(*types.Var); ok {
			if val, ok := ev.fi.m.indexedInt(v); ok { // values.go
				return val
			}
		}
		return unknown(0)
	case *ast.UnaryExpr:
		v := ev.eval(x.X, e)
		switch x.Op {
		case token.NOT:
			if v.k == vBool {
				return boolVal(v.i == 0)
			}
			return unknown(v.dep)
		case token.SUB:
			if v.k == vInt {
				return intVal(-v.i)
			}
			return unknown(v.dep)
		case token.AND:
			if v, ok := ev.statusLit(x.X, e); ok { // statuserr.go
				return v
			}
			return value{k: vNonNil}
		}
		return unknown(v.dep)
	case *ast.BinaryExpr:
		return ev.binary(x, e)
	case *ast.SelectorExpr:
		return ev.selector(x, e)
	case *ast.CallExpr:
		return ev.call(x, e)
	case *ast.CompositeLit, *ast.FuncLit:
		if v, ok := ev.statusLit(x, e); ok { // statuserr.go
			return v
		}
		return value{k: vNonNil}
	case *ast.IndexExpr:
		return ev.index(x, e) // outcomes_eval.go
	}
	return unknown(0)
}

func (ev *evaluator) binary(x *ast.BinaryExpr, e env) value {
	switch x.Op {
	case token.LAND, token.LOR:
		l := ev.eval(x.X, e)
		if x.Op == token.LAND && l.isFalse() || x.Op == token.LOR && l.isTrue() {
			return l
		}
		re := e
		if x.Op == token.LAND && l.isTrue() {
			re = ev.narrowAsExpr(x.X, e) // statuserr.go
		}
		r := ev.eval(x.Y, re)
		if l.k == vBool && r.k == vBool {
			return r
		}
		if x.Op == token.LAND && r.isFalse() || x.Op == token.LOR && r.isTrue() {
			return r
		}
		return unknown(l.dep | r.dep)
	}
	l := ev.eval(x.X, e)
	r := ev.eval(x.Y, e)
	d := l.dep | r.dep
	if v, ok := ev.compareStr(x, l, r); ok { // decide.go
		return v
	}
	// Nil comparisons.
	if x.Op == token.EQL || x.Op == token.NEQ {
		var other value
		switch {
		case l.k == vNil:
			other = r
		case r.k == vNil:
			other = l
		default:
			goto arith
		}
		eq := x.Op == token.EQL
		switch {
		case other.k == vNil:
			return boolVal(eq)
		case other.nonNil():
			return boolVal(!eq)
		}
		return unknown(d)
	}
arith:
	if l.k == vInt && r.k == vInt {
		a, b := l.i, r.i
		switch x.Op {
		case token.ADD:
			return intVal(a + b)
		case token.SUB:
			return intVal(a - b)
		case token.MUL:
			return intVal(a * b)
		case token.QUO:
			if b != 0 {
				return intVal(a / b)
			}
		case token.REM:
			if b != 0 {
				return intVal(a % b)
			}
		case token.SHL:
			if b >= 0 && b < 63 {
				return intVal(a << uint(b))
			}
		case token.SHR:
			if b >= 0 && b < 63 {
				return intVal(a >> uint(b))
			}
		case token.EQL:
			return boolVal(a == b)
		case token.NEQ:
			return boolVal(a != b)
		case token.LSS:
			return boolVal(a < b)
		case token.LEQ:
			return boolVal(a <= b)
		case token.GTR:
			return boolVal(a > b)
		case token.GEQ:
			return boolVal(a >= b)
		}
		return unknown(d)
	}
	if l.k == vBool && r.k == vBool {
		switch x.Op {
		case token.EQL:
			return boolVal(l.i == r.i)
		case token.NEQ:
			return boolVal(l.i != r.i)
		}
	}
	// An unknown comparison involving a tracked counter: the bound
	// depends on something the model cannot see. A comparison with the
	// clock (time.Since(last) > ttl) is a time limit, not a count.
	switch x.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
		if ev.fi.clockCompare(x) {
			break
		}
		if (l.k == vInt || r.k == vInt || l.dep&depVar != 0 || r.dep&depVar != 0) && d&depOutcome == 0 {
			if ev.refsTracked(x.X) || ev.refsTracked(x.Y) {
				d |= depBound
			}
		}
	}
	return unknown(d)
}

// refsTracked reports whether x mentions a tracked variable.
func (ev *evaluator) refsTracked(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := ev.info().Uses[id].(*types.Var); ok && ev.fi.tracked[v] {
				found = true
			}
		}
		return !found
	})
	return found
}

func (ev *evaluator) selector(x *ast.SelectorExpr, e env) value {
	base := ev.eval(x.X, e)
	if base.k == vResp {
		switch x.Sel.Name {
		case "StatusCode":
			return intVal(base.i)
		case "Status":
			return unknown(depOutcome)
		case "Header":
			if base.dep&depHeader != 0 {
				return unknown(depOutcome)
			}
			return value{k: vHeader, dep: depOutcome}
		case "Body":
			if isNamed(ev.info().TypeOf(x.X), "net/http", "Response") {
				// net/http: "The http Client and Transport guarantee
				// that Body is always non-nil" (decide.go).
				return value{k: vNonNil}
			}
		}
		return unknown(depOutcome)
	}
	if v, ok := ev.statusSelect(x, base); ok { // statuserr.go
		return v
	}
	if v, ok := ev.info().Uses[x.Sel].(*types.Var); ok {
		// The error a successful result carries in a field (res.Error
		// after res, err = produce(batch)) is nil: a success is a
		// success all through.
		if ev.sc.name == "success" && v.IsField() && isErrorType(v.Type()) && ev.fi.holdsOpResult(x.X, ev.op) {
			return value{k: vNil}
		}
		if val, ok := ev.fi.m.nilCount(v); ok { // offcount.go
			return val
		}
		if val, ok := ev.fi.m.indexedInt(v); ok { // values.go
			return val
		}
		if stdSentinel(v) { // precision.go
			return value{k: vNonNil}
		}
	}
	return unknown(base.dep)
}

// call evaluates calls: the operation under study, the response and
// status predicates the model knows, conversions, and same-package helpers
// through their bodies.
func (ev *evaluator) call(x *ast.CallExpr, e env) value {
	info := ev.info()
	if ev.op != nil && ev.op[x] {
		return ev.opResult(x, 0)
	}
	// Conversions: int(x), time.Duration(x).
	if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
		return ev.eval(x.Args[0], e)
	}
	if v, ok := ev.handledSuccess(x, 0, e); ok { // decide.go
		return v
	}
	fn := typeutilCallee(info, x)
	if fn == nil {
		return unknown(ev.argDeps(x, e) | ev.captureDeps(x.Fun, e)) // outcomes_eval.go
	}
	if v, ok := ev.outcomeCall(fn, x, e); ok { // outcomes_eval.go
		return v
	}
	if ev.fi.m.ctxErrOnly(fn) { // decide.go
		return unknown(0)
	}
	if fn.Type().(*types.Signature).Results().Len() != 1 {
		return unknown(ev.argDeps(x, e))
	}
	// Methods on a response the model holds.
	if sel, ok := x.Fun.(*ast.SelectorExpr); ok && fn.Type().(*types.Signature).Recv() != nil {
		recv := ev.eval(sel.X, e)
		if v, ok := headerCall(fn, recv); ok { // decide.go
			return v
		}
		if recv.k == vResp {
			code := recv.i
			switch fn.Name() {
			case "StatusCode":
				return intVal(code)
			case "IsError", "IsStatusFailure":
				return boolVal(code > 399)
			case "IsSuccess", "IsStatusSuccess":
				return boolVal(code > 199 && code < 300)
			}
			return unknown(depOutcome)
		}
	}
	if fn.Pkg() != nil {
		switch fn.Pkg().Path() + "." + fn.Name() {
		case knowledge.PathGRPCStatus + ".Code":
			if len(x.Args) == 1 {
				a := ev.eval(x.Args[0], e)
				switch a.k {
				case vNil:
					return intVal(0)
				case vErrCode:
					return intVal(a.i)
				}
				return unknown(a.dep)
			}
		}
	}
	// A getter of the package's default for a field the user sets
	// (values.go).
	if fn.Pkg() == ev.fi.m.pkg {
		if v, ok := ev.fi.m.getterDefault(fn); ok {
			return v
		}
	}
	// A same-package function: evaluate its body.
	if fn.Pkg() == ev.fi.m.pkg && ev.depth < 3 && ev.inlinableResult(fn.Type().(*types.Signature).Results().At(0).Type(), x, e) {
		if v, ok := ev.inline(fn, x, e); ok {
			if !v.known() {
				if nv, ok := ev.decodedSuccess(x, e); ok { // decide_body.go
					return nv
				}
			}
			return v
		}
	}
	if v, ok := ev.decodedSuccess(x, e); ok { // decide_body.go
		return v
	}
	return unknown(ev.argDeps(x, e))
}

// argDeps collects the deps of a call's receiver and arguments, so that
// isRetryable(err) is known to depend on the outcome.
func (ev *evaluator) argDeps(x *ast.CallExpr, e env) deps {
	var d deps
	if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
		if _, isPkg := ev.info().Uses[identOf(sel.X)].(*types.PkgName); !isPkg {
			d |= ev.eval(sel.X, e).dep
		}
	}
	for _, a := range x.Args {
		v := ev.eval(a, e)
		d |= v.dep
		if v.k == vResp || v.k == vErrCode || (v.k == vNonNil && v.dep&depOutcome != 0) {
			d |= depOutcome
		}
	}
	return d &^ depVar
}

// opResult is the scenario's value of result i of an operation call.
func (ev *evaluator) opResult(x *ast.CallExpr, i int) value {
	tv := ev.info().Types[x]
	var t types.Type
	if tup, ok := tv.Type.(*types.Tuple); ok {
		if i >= tup.Len() {
			return unknown(depOutcome)
		}
		t = tup.At(i).Type()
	} else {
		if i > 0 {
			return unknown(depOutcome)
		}
		t = tv.Type
	}
	switch {
	case isErrorType(t):
		return ev.sc.err
	case isResponseType(t):
		return ev.sc.resp
	case isBool(t) && isOkResult(tv.Type, i):
		return ev.sc.ok
	case isBool(t) && i == 0 && ev.fi.m.acquireAttempt(x): // forms.go
		return ev.sc.ok
	}
	if v, ok := ev.decisionResult(x, i); ok { // funcvals.go
		return v
	}
	return unknown(depOutcome)
}

// isOkResult reports whether result i of a call of type t is an ok
// flag: a lone bool, or the bool of a (T, bool) pair with T not a bool.
func isOkResult(t types.Type, i int) bool {
	tup, ok := t.(*types.Tuple)
	if !ok {
		return i == 0
	}
	return tup.Len() == 2 && i == 1 && !isBool(tup.At(0).Type())
}

// inline evaluates a call of a same-package function by simulating its
// body with its parameters bound to the arguments' values. It succeeds
// when every return path yields the same known value.
func (ev *evaluator) inline(fn *types.Func, call *ast.CallExpr, e env) (value, bool) {
	sub, ce, argDep, ok := ev.bindCall(fn, call, e)
	if !ok {
		return value{}, false
	}
	res, ok := sub.returns(ce)
	if !ok {
		return unknown(argDep &^ depVar), true
	}
	return res, true
}

// bindCall prepares the evaluation of a call of a same-package function
// through its body: an evaluator of the callee, its parameters bound to
// the arguments' values, and the deps of the arguments.
func (ev *evaluator) bindCall(fn *types.Func, call *ast.CallExpr, e env) (*evaluator, env, deps, bool) {
	decl := ev.fi.m.funcDecl(fn)
	if decl == nil || decl.Body == nil {
		return nil, nil, 0, false
	}
	sig := fn.Type().(*types.Signature)
	callee := ev.fi.m.funcInfo(decl.Body, decl.Type)
	if callee == nil {
		return nil, nil, 0, false
	}
	// Bind parameters.
	ce := env{}
	var argDep deps
	params := sig.Params()
	for i := 0; i < params.Len() && i < len(call.Args); i++ {
		if sig.Variadic() && i == params.Len()-1 {
			break
		}
		p := params.At(i)
		av := ev.eval(call.Args[i], e)
		argDep |= av.dep
		if callee.tracked[p] || isResponseType(p.Type()) || isErrorType(p.Type()) {
			ce[p] = av
		}
	}
	if sig.Recv() != nil {
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
			argDep |= ev.eval(sel.X, e).dep
		}
	}
	return &evaluator{fi: callee, depth: ev.depth + 1}, ce, argDep, true
}

// returns simulates the function body from its entry and merges the
// values of its single result over all return paths.
func (ev *evaluator) returns(e env) (value, bool) {
	r := ev.mergeReturns(e, 2000, func(rs *ast.ReturnStmt, e env) value {
		if len(rs.Results) != 1 {
			return unknown(0)
		}
		return ev.eval(rs.Results[0], e)
	})
	if !r.sawReturn {
		return value{}, false
	}
	if !r.agree {
		return unknown(r.deps &^ depVar), true
	}
	return r.value, true
}

// merged is what mergeReturns finds: the value every return path agrees
// on (when agree), the deps of everything that decided it, and whether
// any return was reached at all.
type merged struct {
	value     value
	deps      deps
	sawReturn bool
	agree     bool
}

// mergeReturns walks the function body from its entry, with e binding
// its parameters, and merges the value pick gives each return statement
// over all return paths. Undecided branches fork; the walk gives up
// (agree false) after limit blocks, or at the first return whose value is
// unknown or differs from another's. It is the one walk behind inlining
// (returns) and predicate results (resultAt).
func (ev *evaluator) mergeReturns(e env, limit int, pick func(*ast.ReturnStmt, env) value) merged {
	fi := ev.fi
	r := merged{agree: true}
	if fi.cfg == nil || len(fi.cfg.Blocks) == 0 {
		r.agree = false
		return r
	}
	seen := map[string]bool{}
	var kb []byte
	steps := 0
	var walk func(bi int32, e env, passed bool)
	walk = func(bi int32, e env, passed bool) {
		if !r.agree || steps > limit {
			r.agree = false
			return
		}
		steps++
		b := fi.cfg.Blocks[bi]
		kb = fi.appendState(kb[:0], bi, 0, e)
		kb = append(kb, b2byte(passed))
		if seen[string(kb)] {
			return
		}
		seen[string(kb)] = true
		for i, n := range b.Nodes {
			if ev.afterOp && !passed && containsOp(n, ev.op) {
				passed = true
			}
			if rs, ok := n.(*ast.ReturnStmt); ok {
				if ev.afterOp && !passed {
					return
				}
				v := pick(rs, e)
				r.deps |= v.dep
				switch {
				case !v.known():
					r.agree = false
				case !r.sawReturn:
					r.value = v
				case r.value.k != v.k || r.value.i != v.i:
					r.agree = false
				}
				r.sawReturn = true
				return
			}
			if i == len(b.Nodes)-1 && len(b.Succs) == 2 {
				break
			}
			e = ev.exec(n, e)
		}
		switch len(b.Succs) {
		case 1:
			walk(b.Succs[0].Index, e, passed)
		case 2:
			t, f, c := fi.branch(ev, b, e)
			if c != nil {
				r.deps |= c.dep
			}
			if t {
				walk(b.Succs[0].Index, ev.narrowAs(b, fi.takeRange(b, e, true)), passed) // statuserr.go
			}
			if f {
				walk(b.Succs[1].Index, fi.takeRange(b, e, false), passed)
			}
		}
	}
	walk(0, e, false)
	return r
}

// cond evaluates the branch condition of a conditional block.
func (ev *evaluator) cond(b *cfg.Block, e env) value {
	fi := ev.fi
	switch b.Kind {
	case cfg.KindRangeLoop:
		return unknown(0) // handled by the simulation's range counters
	}
	if len(b.Nodes) == 0 {
		return unknown(0)
	}
	last := b.Nodes[len(b.Nodes)-1]
	x, ok := last.(ast.Expr)
	if !ok {
		return unknown(0) // select comm clauses: either may happen
	}
	if tag, ok := fi.caseTag[x]; ok {
		// A case expression of an expression switch.
		if tag == nil {
			return ev.eval(x, e)
		}
		t := ev.eval(tag, e)
		c := ev.eval(x, e)
		if v, ok := ev.compareStr(&ast.BinaryExpr{X: tag, Op: token.EQL, Y: x}, t, c); ok { // decide.go
			return v
		}
		if t.k == vInt && c.k == vInt || t.k == vBool && c.k == vBool {
			return boolVal(t.i == c.i)
		}
		if t.k == vNil || c.k == vNil {
			if t.k == c.k {
				return boolVal(true)
			}
			if t.nonNil() || c.nonNil() {
				return boolVal(false)
			}
		}
		return unknown(t.dep | c.dep)
	}
	return ev.eval(x, e)
}

// exec applies a statement's effect on the tracked variables.
func (ev *evaluator) exec(n ast.Node, e env) env {
	fi := ev.fi
	switch n := n.(type) {
	case *ast.AssignStmt:
		if len(n.Lhs) == len(n.Rhs) {
			vals := make([]value, len(n.Rhs))
			for i, r := range n.Rhs {
				vals[i] = ev.evalAssignRHS(n.Tok, n.Lhs[i], r, e)
			}
			for i, l := range n.Lhs {
				if v := fi.lhsVar(l); v != nil && (fi.tracked[v] || fi.outcomeVar(v)) {
					e = e.set(v, vals[i])
				}
			}
		} else if len(n.Rhs) == 1 {
			call, _ := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			for i, l := range n.Lhs {
				v := fi.lhsVar(l)
				if v == nil || !(fi.tracked[v] || fi.outcomeVar(v)) {
					continue
				}
				if call != nil && ev.op != nil && ev.op[call] {
					e = e.set(v, ev.opResult(call, i))
				} else if tv, ok := ev.tuple(n.Rhs[0], i, e); ok { // outcomes_eval.go
					e = e.set(v, tv)
				} else {
					e = e.set(v, unknown(ev.rhsDeps(n.Rhs[0], e)))
				}
			}
		}
	case *ast.IncDecStmt:
		if v := fi.lhsVar(n.X); v != nil && fi.tracked[v] {
			cur := ev.eval(n.X, e)
			if cur.k == vInt {
				if n.Tok == token.INC {
					cur.i++
				} else {
					cur.i--
				}
				e = e.set(v, cur)
			} else {
				e = e.set(v, unknown(cur.dep))
			}
		}
	case *ast.ValueSpec:
		for i, name := range n.Names {
			v, _ := fi.m.info.Defs[name].(*types.Var)
			if v == nil || !(fi.tracked[v] || fi.outcomeVar(v)) {
				continue
			}
			switch {
			case len(n.Values) == len(n.Names):
				e = e.set(v, ev.eval(n.Values[i], e))
			case len(n.Values) == 0:
				e = e.set(v, zeroValue(v.Type()))
			default:
				call, _ := ast.Unparen(n.Values[0]).(*ast.CallExpr)
				if call != nil && ev.op != nil && ev.op[call] {
					e = e.set(v, ev.opResult(call, i))
				} else {
					e = e.set(v, unknown(ev.rhsDeps(n.Values[0], e)))
				}
			}
		}
	case *ast.RangeStmt:
		// The range head assigns key and value: unknown.
		for _, x := range []ast.Expr{n.Key, n.Value} {
			if x == nil {
				continue
			}
			if v := fi.lhsVar(x); v != nil && fi.tracked[v] {
				e = e.set(v, unknown(0))
			}
		}
	}
	return e
}

func (ev *evaluator) rhsDeps(x ast.Expr, e env) deps {
	d := ev.eval(x, e).dep
	if call, ok := ast.Unparen(x).(*ast.CallExpr); ok {
		d |= ev.argDeps(call, e)
	}
	return d &^ depVar
}

func (ev *evaluator) evalAssignRHS(tok token.Token, lhs, rhs ast.Expr, e env) value {
	r := ev.eval(rhs, e)
	if tok == token.ASSIGN || tok == token.DEFINE {
		return r
	}
	l := ev.eval(lhs, e)
	if l.k != vInt || r.k != vInt {
		return unknown(l.dep | r.dep)
	}
	switch tok {
	case token.ADD_ASSIGN:
		return intVal(l.i + r.i)
	case token.SUB_ASSIGN:
		return intVal(l.i - r.i)
	case token.MUL_ASSIGN:
		return intVal(l.i * r.i)
	case token.QUO_ASSIGN:
		if r.i != 0 {
			return intVal(l.i / r.i)
		}
	case token.SHL_ASSIGN:
		if r.i >= 0 && r.i < 63 {
			return intVal(l.i << uint(r.i))
		}
	}
	return unknown(0)
}

func zeroValue(t types.Type) value {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsInteger != 0:
			return intVal(0)
		case u.Info()&types.IsBoolean != 0:
			return boolVal(false)
		}
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
		return value{k: vNil}
	}
	return unknown(0)
}

// isLeafConst reports whether a constant expression has no constant
// operands of its own that a perturbation could replace.
func isLeafConst(x ast.Expr) bool {
	switch x.(type) {
	case *ast.BinaryExpr, *ast.ParenExpr, *ast.UnaryExpr, *ast.CallExpr:
		return false
	}
	return true
}

func identOf(x ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(x).(*ast.Ident)
	return id
}

// holdsOpResult reports whether x names a local variable that only ever
// holds a result of the operation under study (op).
func (fi *funcInfo) holdsOpResult(x ast.Expr, op map[*ast.CallExpr]bool) bool {
	if op == nil {
		return false
	}
	v := varOfExpr(fi.m.info, x)
	if v == nil || v.IsField() || v.Pos() < fi.body.Pos() || v.Pos() >= fi.body.End() {
		return false
	}
	xs := fi.assigns[v]
	if len(xs) == 0 {
		return false
	}
	for _, e := range xs {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || !op[call] {
			return false
		}
	}
	return true
}
