package retrysite

import (
	"github.com/retrylint/retrylint/internal/knowledge"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
)

// This file classifies an Idempotency-Key value: a constant, a value
// generated in the retried code (a new key on every attempt), or a value
// that comes from before the first attempt (a stable key).

// keyVal is what the model knows of a key value.
type keyVal struct {
	state   IdemKeyState
	gen     token.Pos
	genExpr ast.Expr
	value   string
	valueOK bool
}

// key turns the key sets found on a request into an IdemKey.
func (d *describer) key(t *reqTrace, f *frame) *IdemKey {
	if len(t.keys) == 0 {
		if t.opaque {
			return &IdemKey{State: KeyUnknown}
		}
		return &IdemKey{State: KeyMissing}
	}
	var res *IdemKey
	for _, k := range t.keys {
		kv := d.classify(k.val, k.f, 0)
		if kv.state == KeyPerAttempt && d.guarded(kv.gen, k.f) || kv.state == KeyPerAttempt && d.guarded(k.pos, k.f) {
			kv = keyVal{state: KeyStable}
		}
		if kv.state == KeyConstant && kv.valueOK && kv.value == "" {
			// An empty key is no key (and `if key != "" {...}` sets
			// none).
			kv = keyVal{state: KeyMissing}
		}
		ik := &IdemKey{State: kv.state, Set: k.pos, Gen: kv.gen, GenExpr: kv.genExpr}
		if kv.state == KeyConstant && kv.valueOK {
			ik.Value = kv.value
		}
		if res == nil || keyRank(ik) > keyRank(res) {
			res = ik
		}
	}
	return res
}

// mergeParts combines the parts of a value built from several values
// (a concatenation, a Sprintf): one part generated per attempt makes the
// whole per attempt.
func mergeParts(parts []keyVal) keyVal {
	if len(parts) == 0 {
		return keyVal{state: KeyUnknown}
	}
	allConst := true
	stable := false
	for _, p := range parts {
		if p.state == KeyPerAttempt {
			return p
		}
		if p.state != KeyConstant {
			allConst = false
		}
		if p.state == KeyStable {
			stable = true
		}
	}
	switch {
	case allConst:
		return keyVal{state: KeyConstant}
	case stable:
		return keyVal{state: KeyStable}
	}
	return keyVal{state: KeyUnknown}
}

// mergeAlts combines the values a variable may hold (its definitions).
func mergeAlts(alts []keyVal) keyVal {
	if len(alts) == 0 {
		return keyVal{state: KeyUnknown}
	}
	res := alts[0]
	for _, a := range alts[1:] {
		switch {
		case res.state == KeyPerAttempt:
		case a.state == KeyPerAttempt:
			res = a
		case res.state == KeyConstant && a.state == KeyConstant:
			if !res.valueOK || !a.valueOK || res.value != a.value {
				res = keyVal{state: KeyConstant}
			}
		case res.state == KeyStable || a.state == KeyStable:
			res = keyVal{state: KeyStable}
		default:
			res = keyVal{state: KeyUnknown}
		}
	}
	return res
}

// classify classifies a key value in frame f.
func (d *describer) classify(x ast.Expr, f *frame, depth int) keyVal {
	if x == nil || depth > 12 {
		return keyVal{state: KeyUnknown}
	}
	info := d.m.info
	if tv, ok := info.Types[x]; ok && tv.Value != nil {
		if tv.Value.Kind() == constant.String {
			return keyVal{state: KeyConstant, value: constant.StringVal(tv.Value), valueOK: true}
		}
		return keyVal{state: KeyConstant}
	}
	switch y := ast.Unparen(x).(type) {
	case *ast.Ident:
		v := varOfExpr(info, y)
		if v == nil {
			return keyVal{state: KeyUnknown}
		}
		return d.classifyVar(v, f, depth)
	case *ast.CallExpr:
		return d.classifyCall(y, f, depth)
	case *ast.BinaryExpr:
		return mergeParts([]keyVal{d.classify(y.X, f, depth+1), d.classify(y.Y, f, depth+1)})
	case *ast.SelectorExpr:
		if _, isPkg := info.Uses[identOf(y.X)].(*types.PkgName); isPkg {
			return keyVal{state: KeyUnknown}
		}
		k := d.classify(y.X, f, depth+1)
		if k.state == KeyConstant {
			k = keyVal{state: KeyUnknown}
		}
		return k
	case *ast.IndexExpr:
		return d.classify(y.X, f, depth+1)
	case *ast.StarExpr:
		return d.classify(y.X, f, depth+1)
	case *ast.UnaryExpr:
		return d.classify(y.X, f, depth+1)
	case *ast.CompositeLit:
		var parts []keyVal
		for _, el := range y.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			parts = append(parts, d.classify(el, f, depth+1))
		}
		return mergeParts(parts)
	}
	return keyVal{state: KeyUnknown}
}

func (d *describer) classifyVar(v *types.Var, f *frame, depth int) keyVal {
	if a, ok := f.bound(v); ok {
		return d.classify(a.x, a.f, depth+1)
	}
	if v.Parent() == d.m.pkg.Scope() {
		// A package variable: its initializer, when it is never
		// assigned elsewhere.
		vals := d.m.valuesOf(v)
		if len(vals) == 1 {
			if k := d.classify(vals[0], &frame{}, depth+1); k.state == KeyConstant {
				return k
			}
		}
		return keyVal{state: KeyUnknown}
	}
	if d.seenVar[v] {
		return keyVal{state: KeyUnknown}
	}
	d.seenVar[v] = true
	defer delete(d.seenVar, v)
	if isParam, _ := d.paramKind(v); isParam {
		return keyVal{state: KeyStable}
	}
	var alts []keyVal
	for _, df := range d.defs(v) {
		switch {
		case df.rhs == nil:
			alts = append(alts, keyVal{state: KeyUnknown})
		default:
			k := d.classify(df.rhs, f, depth+1)
			if call, ok := ast.Unparen(df.rhs).(*ast.CallExpr); ok && df.idx > 0 {
				_ = call // multi-value: the generator's other results
			}
			alts = append(alts, k)
		}
	}
	// Bytes filled by a random source: rand.Read(b).
	for _, u := range d.usesOf(v) {
		call, ok := u.parent().(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			continue
		}
		fn := typeutilCallee(d.m.info, call)
		if fn == nil || fn.Pkg() == nil {
			continue
		}
		isRand := fn.Name() == "Read" && (fn.Pkg().Path() == "crypto/rand" || fn.Pkg().Path() == "math/rand")
		if fn.Pkg().Path() == "io" && fn.Name() == "ReadFull" && len(call.Args) == 2 && call.Args[1] == u.id {
			if sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr); ok && sel.Sel.Name == "Reader" {
				if pn, ok := d.m.info.Uses[identOf(sel.X)].(*types.PkgName); ok && pn.Imported().Path() == "crypto/rand" {
					isRand = true
				}
			}
		}
		if isRand {
			alts = append(alts, d.generated(call, f))
		}
	}
	if len(alts) == 0 {
		return keyVal{state: KeyUnknown}
	}
	return mergeAlts(alts)
}

// generated classifies a call that produces a new random or time-based
// value: per attempt when it runs in the retried code.
func (d *describer) generated(call *ast.CallExpr, f *frame) keyVal {
	if f.retried(call.Pos()) {
		return keyVal{state: KeyPerAttempt, gen: call.Pos(), genExpr: call}
	}
	return keyVal{state: KeyStable}
}

func (d *describer) classifyCall(call *ast.CallExpr, f *frame, depth int) keyVal {
	info := d.m.info
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return d.classify(arg0(call), f, depth+1)
	}
	fn := typeutilCallee(info, call)
	if fn != nil && isKeyGenerator(fn) {
		return d.generated(call, f)
	}
	if fn != nil && fn.Pkg() == d.m.pkg {
		var alts []keyVal
		if d.followReturns(fn, call, f, 0, func(r ast.Expr, hf *frame, _ int) {
			alts = append(alts, d.classify(r, hf, depth+1))
		}) && len(alts) > 0 {
			return mergeAlts(alts)
		}
	}
	var parts []keyVal
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if _, isPkg := info.Uses[identOf(sel.X)].(*types.PkgName); !isPkg {
			parts = append(parts, d.classify(sel.X, f, depth+1))
		}
	}
	for _, a := range call.Args {
		if t := info.TypeOf(a); t != nil && isNamed(t, "context", "Context") {
			continue
		}
		parts = append(parts, d.classify(a, f, depth+1))
	}
	k := mergeParts(parts)
	if k.state == KeyConstant {
		k.valueOK = false
	}
	return k
}

// isKeyGenerator reports whether fn returns a new random or time-based
// value on every call.
func isKeyGenerator(fn *types.Func) bool {
	return fn.Pkg() != nil && knowledge.IsKeyGenerator(fn.Pkg().Path(), fn.Name())
}

// guarded reports whether the code at pos runs only when a value kept
// across attempts is still empty (`if key == "" { key = uuid.NewString()
// }`, `if req.Header.Get("Idempotency-Key") == "" {...}` on a request
// built before the first attempt): the key is then generated once.
func (d *describer) guarded(pos token.Pos, f *frame) bool {
	if !pos.IsValid() {
		return false
	}
	file := d.m.fileOf(pos)
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	for i, n := range path {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || i == 0 {
			continue
		}
		inBody := path[i-1] == ifs.Body
		inElse := ifs.Else != nil && path[i-1] == ifs.Else
		if !inBody && !inElse {
			continue
		}
		if x, ok := emptinessTest(ifs.Cond, inBody); ok {
			if v := rootVar(d.m.info, x); v != nil && !f.retried(v.Pos()) {
				return true
			}
		}
	}
	return false
}

// emptinessTest returns the value a condition finds empty: x == "",
// len(x) == 0, x.Get(k) == "" when the branch runs on it (then is true
// for the if body, false for the else branch, where != is wanted).
func emptinessTest(cond ast.Expr, then bool) (ast.Expr, bool) {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil, false
	}
	if be.Op == token.LOR || be.Op == token.LAND {
		if x, ok := emptinessTest(be.X, then); ok {
			return x, true
		}
		return emptinessTest(be.Y, then)
	}
	want := token.EQL
	if !then {
		want = token.NEQ
	}
	if be.Op != want {
		return nil, false
	}
	x, y := ast.Unparen(be.X), ast.Unparen(be.Y)
	if isEmptyLit(x) {
		x, y = y, x
	}
	if !isEmptyLit(y) {
		return nil, false
	}
	if call, ok := x.(*ast.CallExpr); ok {
		if id := identOf(call.Fun); id != nil && id.Name == "len" && len(call.Args) == 1 {
			return call.Args[0], true
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Get" || sel.Sel.Name == "Values") {
			return sel.X, true
		}
		return nil, false
	}
	return x, true
}

func isEmptyLit(x ast.Expr) bool {
	switch l := x.(type) {
	case *ast.BasicLit:
		return l.Value == `""` || l.Value == "``" || l.Value == "0"
	case *ast.Ident:
		return l.Name == "nil"
	}
	return false
}
