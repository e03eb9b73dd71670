package interp

import (
	"encoding/binary"
	"github.com/retrylint/retrylint/internal/retrysite/interp/outcomeval"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp/bodyscan"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"

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

// evaluator evaluates expressions in one function.
type Evaluator struct {
	Fi *FuncInfo
	// op is the set of calls that perform the operation under study and
	// sc the outcome assumed for them; op is nil outside outcome studies.
	Op map[*ast.CallExpr]bool
	Sc Scenario
	// depth limits inlining of same-package helpers.
	Depth int
	// pert, when set, replaces one integer literal or named constant by
	// another value, to find which literal sets a bound.
	pert *Perturbation
	// pred is set when evaluating a retry predicate on its own (a
	// CheckRetry, a RetryIf): its context is assumed live.
	Pred bool
	// afterOp, when set, makes mergeReturns skip the returns reached
	// without running an operation of op: they are not its outcomes
	// (an http.NewRequest that fails before the request is sent).
	AfterOp bool
	// counting is set while maxRuns counts the runs: a select case on a
	// self-woken channel stays possible, since the first wake-up comes
	// from elsewhere (exits/selftrigger.go).
	counting bool
	// captured holds, while a function literal called where it is
	// written is evaluated through its body (iife.go), the values its
	// caller holds for the variables it reads from outside.
	captured Env
}

// A perturbation replaces an integer literal or a named constant.
type Perturbation struct {
	Lit   *ast.BasicLit
	Cnst  *types.Const
	Value int64
}

func (ev *Evaluator) info() *types.Info { return ev.Fi.M.info }

// eval evaluates x in e.
func (ev *Evaluator) Eval(x ast.Expr, e Env) Value {
	info := ev.info()
	if ev.pert != nil {
		switch y := x.(type) {
		case *ast.BasicLit:
			if y == ev.pert.Lit {
				return IntVal(ev.pert.Value)
			}
		case *ast.Ident:
			if c, ok := info.Uses[y].(*types.Const); ok && c == ev.pert.Cnst {
				return IntVal(ev.pert.Value)
			}
		case *ast.SelectorExpr:
			if c, ok := info.Uses[y.Sel].(*types.Const); ok && c == ev.pert.Cnst {
				return IntVal(ev.pert.Value)
			}
		}
	}
	// Only a constant's Types entry holds a value: whether a node may be
	// one is a fact of the node (nodefacts.go), and the lookup in Types,
	// keyed by an interface, is made only then. A literal of a composite
	// or a function never is one.
	fi := ev.Fi
	switch x := x.(type) {
	case *ast.Ident:
		f := fi.identFact(x)
		if v, ok := ev.constantIf(f.mayConst, x); ok {
			return v
		}
		if _, ok := f.obj.(*types.Nil); ok {
			return Value{K: VNil}
		}
		v, isVar := f.obj.(*types.Var)
		if isVar && f.studied {
			if val, ok := e.Get(v); ok {
				if val.K == vUnknown && val.Dep == 0 {
					val.Dep = depVar
				}
				return val
			}
			return Unknown(depVar)
		}
		if isVar && ev.captured.Len() > 0 {
			if val, ok := ev.captured.Get(v); ok { // iife.go
				return val
			}
		}
		if isVar {
			if val, ok := fi.M.ix.IndexedInt(v); ok { // values.go
				return val
			}
			if ev.decodedInto(v) { // helpererr.go
				return Unknown(DepOutcome)
			}
		}
		return Unknown(0)
	case *ast.SelectorExpr:
		f := fi.selFact(x)
		if v, ok := ev.constantIf(f.mayConst, x); ok {
			return v
		}
		return ev.selector(x, f, e)
	case *ast.CallExpr:
		f := fi.callFact(x)
		if v, ok := ev.constantIf(f.isConst, x); ok {
			return v
		}
		return ev.call(x, f, e)
	case *ast.BinaryExpr:
		f := fi.binFact(x)
		if v, ok := ev.constantIf(f.isConst, x); ok {
			return v
		}
		return ev.binary(x, f, e)
	case *ast.CompositeLit, *ast.FuncLit:
		if v, ok := ev.out().StatusLit(x, e); ok { // outcomeval/statuserr.go
			return v
		}
		return Value{K: VNonNil}
	}
	if v, ok := ev.constant(x); ok {
		return v
	}
	switch x := x.(type) {
	case *ast.ParenExpr:
		return ev.Eval(x.X, e)
	case *ast.UnaryExpr:
		v := ev.Eval(x.X, e)
		switch x.Op {
		case token.NOT:
			if v.K == VBool {
				return BoolVal(v.I == 0)
			}
			return Unknown(v.Dep)
		case token.SUB:
			if v.K == VInt {
				return IntVal(-v.I)
			}
			return Unknown(v.Dep)
		case token.AND:
			if v, ok := ev.out().StatusLit(x.X, e); ok { // outcomeval/statuserr.go
				return v
			}
			return Value{K: VNonNil}
		}
		return Unknown(v.Dep)
	case *ast.IndexExpr:
		return ev.out().Index(x, e) // outcomeval/outcomes_eval.go
	}
	return Unknown(0)
}

// constantIf is constant(x) when x may be a constant (may, a fact of the
// node), and nothing otherwise.
func (ev *Evaluator) constantIf(may bool, x ast.Expr) (Value, bool) {
	if !may {
		return Value{}, false
	}
	return ev.constant(x)
}

// constant evaluates x when it is a constant expression (and no
// perturbation replaces one of its operands).
func (ev *Evaluator) constant(x ast.Expr) (Value, bool) {
	tv, ok := ev.info().Types[x]
	if !ok || tv.Value == nil || ev.pert != nil && !isLeafConst(x) {
		return Value{}, false
	}
	switch tv.Value.Kind() {
	case constant.Int:
		if i, ok := constant.Int64Val(tv.Value); ok {
			return IntVal(i), true
		}
	case constant.Bool:
		return BoolVal(constant.BoolVal(tv.Value)), true
	}
	return Unknown(0), true
}

func (ev *Evaluator) binary(x *ast.BinaryExpr, bf *binFact, e Env) Value {
	switch x.Op {
	case token.LAND, token.LOR:
		l := ev.Eval(x.X, e)
		if x.Op == token.LAND && l.IsFalse() || x.Op == token.LOR && l.IsTrue() {
			return l
		}
		// The right operand is evaluated only when the left one is true
		// (&&) or false (||): an errors.As on the left has matched, or
		// failed under a negation (outcomeval/narrowas.go).
		re := ev.out().NarrowWhen(x.X, x.Op == token.LAND, e)
		r := ev.Eval(x.Y, re)
		if l.K == VBool && r.K == VBool {
			return r
		}
		if x.Op == token.LAND && r.IsFalse() || x.Op == token.LOR && r.IsTrue() {
			return r
		}
		return Unknown(l.Dep | r.Dep)
	}
	l := ev.Eval(x.X, e)
	r := ev.Eval(x.Y, e)
	d := l.Dep | r.Dep
	if v, ok := ev.compareStr(x, l, r); ok { // decide.go
		return v
	}
	l, r = ev.companion(x, l, r) // companion.go
	// Nil comparisons.
	if x.Op == token.EQL || x.Op == token.NEQ {
		var other Value
		switch {
		case l.K == VNil:
			other = r
		case r.K == VNil:
			other = l
		default:
			goto arith
		}
		eq := x.Op == token.EQL
		switch {
		case other.K == VNil:
			return BoolVal(eq)
		case other.NonNil():
			return BoolVal(!eq)
		}
		return Unknown(d)
	}
arith:
	if l.K == VInt && r.K == VInt {
		if v, ok := intOp(x.Op, l.I, r.I); ok {
			return v
		}
		return Unknown(d)
	}
	if l.K == VBool && r.K == VBool {
		switch x.Op {
		case token.EQL:
			return BoolVal(l.I == r.I)
		case token.NEQ:
			return BoolVal(l.I != r.I)
		}
	}
	// An unknown comparison involving a tracked counter: the bound
	// depends on something the model cannot see. A comparison with the
	// clock (time.Since(last) > ttl) is a time limit, not a count.
	switch x.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
		if bf.counted(ev, x).clock {
			break
		}
		if (l.K == VInt || r.K == VInt || l.Dep&depVar != 0 || r.Dep&depVar != 0) && d&DepOutcome == 0 {
			if bf.refs { // fixedlocal.go's refsCounter
				d |= depBound
			}
		}
	}
	return Unknown(d)
}

func (ev *Evaluator) selector(x *ast.SelectorExpr, sf selFact, e Env) Value {
	if v, ok := ev.boundField(sf, e); ok { // paramfields.go
		return v
	}
	base := ev.Eval(x.X, e)
	if base.K == VResp {
		switch x.Sel.Name {
		case "StatusCode":
			return IntVal(base.I)
		case "Status":
			return Unknown(DepOutcome)
		case "Header":
			if base.Dep&depHeader != 0 {
				return Unknown(DepOutcome)
			}
			return Value{K: vHeader, Dep: DepOutcome}
		case "Body":
			if typesx.IsNamed(ev.info().TypeOf(x.X), "net/http", "Response") {
				// net/http: "The http Client and Transport guarantee
				// that Body is always non-nil" (decide.go).
				return Value{K: VNonNil}
			}
		}
		return Unknown(DepOutcome)
	}
	if v, ok := ev.out().StatusSelect(x, base); ok { // outcomeval/statuserr.go
		return v
	}
	if sf.carried && ev.Op != nil {
		if v, ok := ev.out().CarriedErr(x.X); ok { // outcomeval/carried.go
			return v
		}
	}
	if v, ok := ev.out().SuccessErrField(x); ok { // outcomeval/errcode_success.go
		return v
	}
	if v, ok := sf.sel.(*types.Var); ok {
		if direct, ok := ev.Fi.companionOf(x, ev.Op); ok && !direct {
			return Value{K: vUnknown, Dep: DepOutcome | depCompanion} // companion.go
		}
		if val, ok := ev.Fi.M.ix.NilCount(v); ok { // offcount.go
			return val
		}
		if val, ok := ev.Fi.M.ix.IndexedInt(v); ok { // values.go
			return val
		}
		if stdSentinel(v) { // precision.go
			return Value{K: VNonNil}
		}
	}
	return Unknown(base.Dep)
}

// intOp applies op to two known integers: the arithmetic the evaluator
// follows (no division by zero, no shift out of range) and the
// comparisons (intCompare).
func intOp(op token.Token, a, b int64) (Value, bool) {
	switch op {
	case token.ADD:
		return IntVal(a + b), true
	case token.SUB:
		return IntVal(a - b), true
	case token.MUL:
		return IntVal(a * b), true
	case token.QUO:
		if b != 0 {
			return IntVal(a / b), true
		}
	case token.REM:
		if b != 0 {
			return IntVal(a % b), true
		}
	case token.SHL:
		if b >= 0 && b < 63 {
			return IntVal(a << uint(b)), true
		}
	case token.SHR:
		if b >= 0 && b < 63 {
			return IntVal(a >> uint(b)), true
		}
	}
	return intCompare(op, a, b)
}

// intCompare applies a comparison operator to two integers.
func intCompare(op token.Token, a, b int64) (Value, bool) {
	switch op {
	case token.EQL:
		return BoolVal(a == b), true
	case token.NEQ:
		return BoolVal(a != b), true
	case token.LSS:
		return BoolVal(a < b), true
	case token.LEQ:
		return BoolVal(a <= b), true
	case token.GTR:
		return BoolVal(a > b), true
	case token.GEQ:
		return BoolVal(a >= b), true
	}
	return Value{}, false
}

// call evaluates calls: the operation under study, the response and
// status predicates the model knows, conversions, and same-package helpers
// through their bodies.
func (ev *Evaluator) call(x *ast.CallExpr, cf callFact, e Env) Value {
	if ev.Op != nil && ev.Op[x] {
		return ev.opResult(x, 0)
	}
	// Conversions: int(x), time.Duration(x).
	if cf.conv && len(x.Args) == 1 {
		return ev.Eval(x.Args[0], e)
	}
	if v, ok := ev.handledSuccess(x, 0, e); ok { // decide.go
		return v
	}
	fn := cf.fn
	if fn == nil {
		if v, ok := ev.calledLit(x, e); ok { // iife.go
			return v
		}
		if v, ok := ev.decider(x, e); ok { // iife.go
			return v
		}
		if fn = ev.Fi.M.host.ValueFunc(x); fn == nil {
			if v, ok := ev.valueLit(x, 0, e); ok { // iife.go
				return v
			}
			if ev.nilOutcomePredicate(x, e) {
				return BoolVal(false) // outcomepred.go
			}
			return Unknown(ev.argDeps(x, e) | ev.out().CaptureDeps(x.Fun, e)) // outcomeval/outcomes_eval.go
		}
	}
	fn = ev.Fi.M.devirtualize(fn, x)
	if v, ok := ev.out().OutcomeCall(fn, x, e); ok { // outcomeval/outcomes_eval.go
		return v
	}
	if v, ok := ev.out().CarriedErrCall(fn, x); ok { // outcomeval/carried.go
		return v
	}
	if ev.Fi.M.ctxErrOnly(fn) { // decide.go
		return Unknown(0)
	}
	if fn.Type().(*types.Signature).Results().Len() != 1 {
		return Unknown(ev.argDeps(x, e))
	}
	// Methods on a response the model holds.
	if sel, ok := x.Fun.(*ast.SelectorExpr); ok && fn.Type().(*types.Signature).Recv() != nil {
		recv := ev.Eval(sel.X, e)
		if v, ok := headerCall(fn, recv); ok { // decide.go
			return v
		}
		if recv.K == VResp {
			code := recv.I
			switch fn.Name() {
			case "StatusCode":
				return IntVal(code)
			case "IsError", "IsStatusFailure":
				return BoolVal(code > 399)
			case "IsSuccess", "IsStatusSuccess":
				return BoolVal(code > 199 && code < 300)
			}
			return Unknown(DepOutcome)
		}
	}
	if fn.Pkg() != nil && knowledge.IsStatusCodeFunc(ev.Fi.M.funcKey(fn)) && len(x.Args) == 1 {
		a := ev.Eval(x.Args[0], e)
		switch a.K {
		case VNil:
			return IntVal(0)
		case vErrCode:
			return IntVal(a.I)
		}
		return Unknown(a.Dep)
	}
	// A getter of the package's default for a field the user sets
	// (values.go).
	if fn.Pkg() == ev.Fi.M.pkg {
		if v, ok := ev.Fi.M.ix.GetterDefault(fn); ok {
			return v
		}
	}
	// A same-package function: a membership test (membership.go), else
	// its body evaluated.
	if fn.Pkg() == ev.Fi.M.pkg && ev.Depth < 3 {
		if v, ok := ev.membership(fn, x, e); ok {
			return v
		}
		if ev.inlinableResult(fn.Type().(*types.Signature).Results().At(0).Type(), x, e) {
			if v, ok := ev.inline(fn, x, e); ok {
				if !v.Known() {
					if nv, ok := ev.decodedSuccess(x, e); ok { // decide_body.go
						return nv
					}
					if nv, ok := ev.decidedNo(fn, x, 0); ok && nv.Known() {
						return nv
					}
				}
				return v
			}
		}
	}
	// A function of another package (of the module, or a small package
	// of a dependency) given only values the model knows (a status, a
	// flag): its body read from source and evaluated like a same-package
	// function's (retryafter.Should(resp.StatusCode, true)).
	if fn.Pkg() != ev.Fi.M.pkg && ev.Depth < 3 && ev.knownArgs(fn, x, e) {
		if callee := ev.Fi.M.host.SourceFunc(fn); callee != nil {
			if v, ok := ev.inlineIn(fn, callee, x, e); ok && v.Known() {
				return v
			}
		}
	}
	if v, ok := ev.decodedSuccess(x, e); ok { // decide_body.go
		return v
	}
	return Unknown(ev.argDeps(x, e))
}

// knownArgs reports whether a call of fn, a function with no receiver
// whose one result is an integer or a bool, is given an integer the model
// knows (a status code, a count).
func (ev *Evaluator) knownArgs(fn *types.Func, x *ast.CallExpr, e Env) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil || sig.Variadic() || len(x.Args) != sig.Params().Len() || !IsIntegerOrBool(sig.Results().At(0).Type()) {
		return false
	}
	return slices.ContainsFunc(x.Args, func(a ast.Expr) bool { return ev.Eval(a, e).K == VInt })
}

// argDeps collects the deps of a call's receiver and arguments, so that
// isRetryable(err) is known to depend on the outcome.
func (ev *Evaluator) argDeps(x *ast.CallExpr, e Env) Deps {
	var d Deps
	if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
		if _, isPkg := ev.info().Uses[typesx.IdentOf(sel.X)].(*types.PkgName); !isPkg {
			d |= ev.Eval(sel.X, e).Dep
		}
	}
	for _, a := range x.Args {
		v := ev.Eval(a, e)
		d |= v.Dep
		if v.K == VResp || v.K == vErrCode || (v.K == VNonNil && v.Dep&DepOutcome != 0) {
			d |= DepOutcome
		}
	}
	return d &^ depVar
}

// opResult is the scenario's value of result i of an operation call.
func (ev *Evaluator) opResult(x *ast.CallExpr, i int) Value {
	tv := ev.info().Types[x]
	t := resultType(tv.Type, i)
	if t == nil {
		return Unknown(DepOutcome)
	}
	switch {
	case typesx.IsErrorType(t):
		if v, ok := ev.helperResult(x, i); ok { // helpererr.go
			return v
		}
		if ev.Sc.Err.Is(ErrCert) && !clientSend(ev.info(), x) {
			// Only a net/http client's error is known to be a
			// *url.Error (outcomeval's certerr.go).
			return Value{K: vErrClass, I: outcomeval.ErrCertLoose}
		}
		return ev.Sc.Err
	case IsResponseType(t):
		return ev.Sc.Resp
	case typesx.IsBool(t) && isOkResult(tv.Type, i):
		return ev.Sc.OK
	case typesx.IsBool(t) && i == 0 && ev.Fi.M.host.AcquireAttempt(x): // forms.go
		return ev.Sc.OK
	case typesx.IsBool(t):
		if v, ok := ev.helperResult(x, i); ok { // helpererr.go
			return v
		}
		if v, ok := ev.decidedNo(typesx.Callee(ev.info(), x), x, i); ok {
			return v
		}
	}
	if v, ok := ev.Fi.M.ix.DecisionResult(ev, x, i); ok { // funcvals.go
		return v
	}
	if typesx.IsInteger(t) && typesx.ErrorResult(tv.Type) >= 0 {
		return Value{K: vUnknown, Dep: DepOutcome | depCompanion, I: int64(x.Pos())} // companion.go
	}
	if ev.Sc.Err.K == VNil && zeroValue(t).K == VNil && typesx.ErrorResult(tv.Type) >= 0 {
		// (T, error) with a nil error gives a T to use: the success
		// test conn != nil && err == nil is the error's.
		return Value{K: VNonNil, Dep: DepOutcome}
	}
	return Unknown(DepOutcome)
}

// clientSend reports whether x returns what a net/http client's send
// returns, (*http.Response, error), and is no RoundTrip (which returns
// the transport's error unwrapped).
func clientSend(info *types.Info, x *ast.CallExpr) bool {
	tup, ok := info.TypeOf(x).(*types.Tuple)
	if !ok || tup.Len() != 2 || !typesx.IsNamed(tup.At(0).Type(), "net/http", "Response") || !typesx.IsErrorType(tup.At(1).Type()) {
		return false
	}
	if fn := typesx.Callee(info, x); fn != nil && fn.Name() == "RoundTrip" {
		return false
	}
	if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "RoundTrip" {
		return false
	}
	return true
}

// resultType returns the type of result i of a call of type t (a tuple,
// or a single result), or nil when it has none.
func resultType(t types.Type, i int) types.Type {
	if tup, ok := t.(*types.Tuple); ok {
		if i < tup.Len() {
			return tup.At(i).Type()
		}
		return nil
	}
	if i > 0 {
		return nil
	}
	return t
}

// isOkResult reports whether result i of a call of type t is an ok
// flag: a lone bool, or the bool of a (T, bool) pair with T not a bool.
func isOkResult(t types.Type, i int) bool {
	tup, ok := t.(*types.Tuple)
	if !ok {
		return i == 0
	}
	return tup.Len() == 2 && i == 1 && !typesx.IsBool(tup.At(0).Type())
}

// inline evaluates a call of a same-package function by simulating its
// body with its parameters bound to the arguments' values. It succeeds
// when every return path yields the same known value.
func (ev *Evaluator) inline(fn *types.Func, call *ast.CallExpr, e Env) (Value, bool) {
	sub, ce, argDep, ok := ev.bindCall(fn, call, e)
	if !ok {
		return Value{}, false
	}
	return sub.inlined(fn, ce, argDep)
}

// inlineIn is inline for fn's body as callee, another package's model,
// reads it.
func (ev *Evaluator) inlineIn(fn *types.Func, callee *FuncInfo, call *ast.CallExpr, e Env) (Value, bool) {
	sub, ce, argDep := ev.bindTo(fn, callee, call, e)
	return sub.inlined(fn, ce, argDep)
}

// inlined merges the returns of sub, fn's body bound by ce.
func (sub *Evaluator) inlined(fn *types.Func, ce Env, argDep Deps) (Value, bool) {
	res, ok := sub.returnsMemo(fn, ce)
	if !ok {
		return Unknown(argDep &^ depVar), true
	}
	return res, true
}

// An inlined is what returns gave for one binding of a callee's
// parameters, at one depth, and the marks it left in the index.
type inlined struct {
	v     Value
	ok    bool
	trace any
}

// returnsMemo is returns for ev, the evaluator of fn's body that inline
// made, over ce, its parameters' values: a loop's walk inlines the same
// helper with the same arguments on every path and attempt, so the
// result is kept in the callee's funcInfo while the index is steady (its
// answers then depend on nothing but their question), with the marks the
// walk left in the index, which are left again when it is reused.
func (ev *Evaluator) returnsMemo(fn *types.Func, ce Env) (Value, bool) {
	return ev.calleeMemo(fn, ce, -1, 0, func() (Value, bool) { return ev.returns(ce) })
}

// resultAtMemo is ResultAt(ce, idx, n, nil) for ev, the evaluator of fn's
// body that inlineResult made, kept as returnsMemo keeps returns: a
// loop's walk reads result idx of the same helper with the same
// arguments (conn, err = c.next()) on every path, once per variable it
// binds.
func (ev *Evaluator) resultAtMemo(fn *types.Func, ce Env, idx, n int) Value {
	v, _ := ev.calleeMemo(fn, ce, idx, n, func() (Value, bool) { return ev.ResultAt(ce, idx, n, nil), true })
	return v
}

// calleeMemo runs compute, a walk of fn's body by ev with its parameters
// bound by ce (result idx of n, or, idx < 0, returns' single result), or
// gives again what it gave for the same depth, result and binding, with
// the marks it left in the index, while the index is steady.
func (ev *Evaluator) calleeMemo(fn *types.Func, ce Env, idx, n int, compute func() (Value, bool)) (Value, bool) {
	ix := ev.Fi.M.ix
	if ix == nil || !ix.Steady() {
		return compute()
	}
	params := fn.Type().(*types.Signature).Params()
	key := binary.AppendUvarint(nil, uint64(ev.Depth))
	key = binary.AppendUvarint(key, uint64(idx+1))
	key = binary.AppendUvarint(key, uint64(n))
	key = append(key, B2byte(ev.Pred)) // the context live or not
	for i := 0; i < params.Len(); i++ {
		v, ok := ce.Get(params.At(i))
		if !ok {
			continue
		}
		key = binary.AppendUvarint(key, uint64(i))
		key = append(key, byte(v.K), byte(v.Dep))
		key = binary.AppendVarint(key, v.I)
	}
	if r, ok := ev.Fi.inlined[string(key)]; ok {
		ix.Replay(r.trace)
		return r.v, r.ok
	}
	ix.BeginTrace()
	v, ok := compute()
	t := ix.EndTrace()
	if ev.Fi.inlined == nil {
		ev.Fi.inlined = make(map[string]inlined)
	}
	ev.Fi.inlined[string(key)] = inlined{v, ok, t}
	return v, ok
}

// bindCall prepares the evaluation of a call of a same-package function
// through its body: an evaluator of the callee, its parameters bound to
// the arguments' values, and the deps of the arguments.
func (ev *Evaluator) bindCall(fn *types.Func, call *ast.CallExpr, e Env) (*Evaluator, Env, Deps, bool) {
	decl := ev.Fi.M.FuncDecl(fn)
	if decl == nil || decl.Body == nil {
		return nil, Env{}, 0, false
	}
	sub, ce, argDep := ev.bindTo(fn, ev.Fi.M.FuncInfo(decl.Body, decl.Type), call, e)
	return sub, ce, argDep, true
}

// bindTo is bindCall for callee, the graph of fn's body.
func (ev *Evaluator) bindTo(fn *types.Func, callee *FuncInfo, call *ast.CallExpr, e Env) (*Evaluator, Env, Deps) {
	sig := fn.Type().(*types.Signature)
	// Bind parameters.
	ce := Env{}
	var argDep Deps
	params := sig.Params()
	// Another package's body read from source declares its own
	// parameters, not the caller's view of them.
	var own []*types.Var
	if callee.M != ev.Fi.M && callee.typ != nil {
		own = typesx.FuncParams(callee.M.info, callee.typ)
	}
	for i := 0; i < params.Len() && i < len(call.Args); i++ {
		if sig.Variadic() && i == params.Len()-1 {
			break
		}
		p := params.At(i)
		if own != nil {
			if i >= len(own) || own[i] == nil {
				continue
			}
			p = own[i]
		}
		av := ev.Eval(call.Args[i], e)
		argDep |= av.Dep
		if callee.bindsParam(p) {
			ce = ce.Set(p, av)
		}
	}
	if sig.Recv() != nil {
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
			argDep |= ev.Eval(sel.X, e).Dep
		}
	}
	return &Evaluator{Fi: callee, Depth: ev.Depth + 1, Pred: ev.liveCtx()}, ce, argDep
}

// bindsParam reports whether a caller's binding of p, a parameter of
// fi's function, is kept: p is tracked, a response or an error.
func (fi *FuncInfo) bindsParam(p *types.Var) bool {
	return fi.Tracked[p] || IsResponseType(p.Type()) || typesx.IsErrorType(p.Type())
}

// liveCtx reports whether the context is live in a helper ev calls: a
// helper given the outcome (a retry predicate of the package) sees the
// context as the operation left it, live after a success or a failure
// that is not the context's.
func (ev *Evaluator) liveCtx() bool { return ev.Pred || ev.Op != nil && outcomeval.LiveCtx(&ev.Sc) }

// returns simulates the function body from its entry and merges the
// values of its single result over all return paths.
func (ev *Evaluator) returns(e Env) (Value, bool) {
	r := ev.mergeReturns(e, 2000, func(rs *ast.ReturnStmt, e Env) Value {
		if len(rs.Results) != 1 {
			return Unknown(0)
		}
		return ev.Eval(rs.Results[0], e)
	})
	if !r.sawReturn {
		return Value{}, false
	}
	if !r.agree {
		return Unknown(r.deps &^ depVar), true
	}
	return r.value, true
}

// merged is what mergeReturns finds: the value every return path agrees
// on (when agree), the deps of everything that decided it, and whether
// any return was reached at all.
type merged struct {
	value     Value
	deps      Deps
	sawReturn bool
	agree     bool
}

// mergeReturns walks the function body from its entry, with e binding
// its parameters, and merges the value pick gives each return statement
// over all return paths. Undecided branches fork; the walk gives up
// (agree false) after limit blocks, or at the first return whose value is
// unknown or differs from another's. It is the one walk behind inlining
// (returns) and predicate results (resultAt).
func (ev *Evaluator) mergeReturns(e Env, limit int, pick func(*ast.ReturnStmt, Env) Value) merged {
	fi := ev.Fi
	r := merged{agree: true}
	if fi.Cfg == nil || len(fi.Cfg.Blocks) == 0 {
		r.agree = false
		return r
	}
	seen := map[string]bool{}
	var kb []byte
	steps := 0
	var walk func(bi int32, e Env, passed bool)
	walk = func(bi int32, e Env, passed bool) {
		if !r.agree || steps > limit {
			r.agree = false
			return
		}
		steps++
		b := fi.Cfg.Blocks[bi]
		kb = fi.AppendState(kb[:0], bi, 0, e)
		kb = append(kb, B2byte(passed))
		if seen[string(kb)] {
			return
		}
		seen[string(kb)] = true
		for i, n := range b.Nodes {
			if ev.AfterOp && !passed && bodyscan.ContainsOp(n, ev.Op) {
				passed = true
			}
			if rs, ok := n.(*ast.ReturnStmt); ok {
				if ev.AfterOp && !passed {
					return
				}
				v := pick(rs, e)
				r.deps |= v.Dep
				switch {
				case !v.Known():
					r.agree = false
				case !r.sawReturn:
					r.value = v
				case r.value.K != v.K || r.value.I != v.I:
					r.agree = false
				}
				r.sawReturn = true
				return
			}
			if i == len(b.Nodes)-1 && len(b.Succs) == 2 {
				break
			}
			e = ev.Exec(n, e)
		}
		switch len(b.Succs) {
		case 1:
			walk(b.Succs[0].Index, e, passed)
		case 2:
			t, f, c, undecided := fi.branch(ev, b, e)
			if undecided {
				r.deps |= c.Dep
			}
			if t {
				walk(b.Succs[0].Index, ev.out().NarrowAs(b, fi.TakeRange(b, e, true)), passed) // outcomeval/statuserr.go
			}
			if f {
				walk(b.Succs[1].Index, fi.TakeRange(b, e, false), passed)
			}
		}
	}
	walk(0, e, false)
	return r
}

// cond evaluates the branch condition of a conditional block.
func (ev *Evaluator) cond(b *cfg.Block, e Env) Value {
	fi := ev.Fi
	if b.Kind == cfg.KindRangeLoop {
		return Unknown(0) // handled by the simulation's range counters
	}
	if v, ok := ev.typeFork(b, e); ok { // typeswitch.go
		return v
	}
	if len(b.Nodes) == 0 {
		return Unknown(0)
	}
	last := b.Nodes[len(b.Nodes)-1]
	x, ok := last.(ast.Expr)
	if !ok {
		return Unknown(0) // select comm clauses: either may happen
	}
	if tag, ok := fi.caseTag[x]; ok {
		// A case expression of an expression switch.
		if tag == nil {
			return ev.Eval(x, e)
		}
		t := ev.Eval(tag, e)
		c := ev.Eval(x, e)
		if v, ok := ev.compareStr(&ast.BinaryExpr{X: tag, Op: token.EQL, Y: x}, t, c); ok { // decide.go
			return v
		}
		if t.K == VInt && c.K == VInt || t.K == VBool && c.K == VBool {
			return BoolVal(t.I == c.I)
		}
		if t.K == VNil || c.K == VNil {
			if t.K == c.K {
				return BoolVal(true)
			}
			if t.NonNil() || c.NonNil() {
				return BoolVal(false)
			}
		}
		return Unknown(t.Dep | c.Dep)
	}
	return ev.Eval(x, e)
}

// exec applies a statement's effect on the tracked variables.
func (ev *Evaluator) Exec(n ast.Node, e Env) Env {
	fi := ev.Fi
	if fi.once != nil {
		e = fi.onceRestart(n, e) // rounds.go
	}
	switch n := n.(type) {
	case *ast.AssignStmt:
		if len(n.Lhs) == len(n.Rhs) {
			var small [4]Value // most assignments have few sides: no allocation
			vals := small[:0]
			if len(n.Rhs) > len(small) {
				vals = make([]Value, 0, len(n.Rhs))
			}
			vals = vals[:len(n.Rhs)]
			for i, r := range n.Rhs {
				vals[i] = ev.evalAssignRHS(n.Tok, n.Lhs[i], r, e)
				if !vals[i].Known() {
					if d, ok := fi.inlineDefault(n, i); ok { // fixedlocal.go
						vals[i] = d
					}
				}
			}
			for i, v := range fi.studiedLhs(n) {
				if v != nil {
					e = e.Set(v, vals[i])
				}
			}
		} else if len(n.Rhs) == 1 {
			call, _ := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			for i, v := range fi.studiedLhs(n) {
				if v == nil {
					continue
				}
				if call != nil && ev.Op != nil && ev.Op[call] {
					e = e.Set(v, ev.opResult(call, i))
				} else if tv, ok := ev.out().Tuple(n.Rhs[0], i, e); ok { // outcomeval/outcomes_eval.go
					e = e.Set(v, tv)
				} else {
					e = e.Set(v, Unknown(ev.rhsDeps(n.Rhs[0], e)))
				}
			}
		}
	case *ast.IncDecStmt:
		if v := fi.LhsVar(n.X); v != nil && fi.Tracked[v] {
			cur := ev.Eval(n.X, e)
			if cur.K == VInt {
				if n.Tok == token.INC {
					cur.I++
				} else {
					cur.I--
				}
				e = e.Set(v, cur)
			} else {
				e = e.Set(v, Unknown(cur.Dep))
			}
		}
	case *ast.ValueSpec:
		for i, name := range n.Names {
			v, _ := fi.M.info.Defs[name].(*types.Var)
			if v == nil || !(fi.Tracked[v] || fi.outcomes[v]) {
				continue
			}
			switch {
			case len(n.Values) == len(n.Names):
				e = e.Set(v, ev.Eval(n.Values[i], e))
			case len(n.Values) == 0:
				e = e.Set(v, zeroValue(v.Type()))
			default:
				call, _ := ast.Unparen(n.Values[0]).(*ast.CallExpr)
				if call != nil && ev.Op != nil && ev.Op[call] {
					e = e.Set(v, ev.opResult(call, i))
				} else {
					e = e.Set(v, Unknown(ev.rhsDeps(n.Values[0], e)))
				}
			}
		}
	case *ast.RangeStmt:
		// The range head assigns key and value: unknown.
		for _, x := range []ast.Expr{n.Key, n.Value} {
			if x == nil {
				continue
			}
			if v := fi.LhsVar(x); v != nil && fi.Tracked[v] {
				e = e.Set(v, Unknown(0))
			}
		}
	}
	for _, pv := range fi.chans.PendingAt[n] {
		e = e.Set(pv, IntVal(1)) // a send that wakes the function's own select (exits' selftrigger.go)
	}
	return e
}

func (ev *Evaluator) rhsDeps(x ast.Expr, e Env) Deps {
	d := ev.Eval(x, e).Dep
	if call, ok := ast.Unparen(x).(*ast.CallExpr); ok {
		d |= ev.argDeps(call, e)
	}
	return d &^ depVar
}

func (ev *Evaluator) evalAssignRHS(tok token.Token, lhs, rhs ast.Expr, e Env) Value {
	r := ev.Eval(rhs, e)
	if tok == token.ASSIGN || tok == token.DEFINE {
		return r
	}
	l := ev.Eval(lhs, e)
	if l.K != VInt || r.K != VInt {
		return Unknown(l.Dep | r.Dep)
	}
	switch tok {
	case token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN, token.QUO_ASSIGN, token.SHL_ASSIGN:
		// x op= y is x = x op y: go/token lists the assignment operators
		// in the order of the operators.
		if v, ok := intOp(tok-token.ADD_ASSIGN+token.ADD, l.I, r.I); ok {
			return v
		}
	}
	return Unknown(0)
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

// holdsOpResult reports whether x names a local variable that only ever
// holds a result of the operation under study (op).
func (fi *FuncInfo) holdsOpResult(x ast.Expr, op map[*ast.CallExpr]bool) bool {
	if op == nil {
		return false
	}
	v := typesx.VarOf(fi.M.info, x)
	if v == nil || v.IsField() || v.Pos() < fi.Body.Pos() || v.Pos() >= fi.Body.End() {
		return false
	}
	xs := fi.assigns[v]
	return len(xs) > 0 && !slices.ContainsFunc(xs, func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		return !ok || !op[call]
	})
}
