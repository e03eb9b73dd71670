package ops

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"

	"golang.org/x/tools/go/ast/astutil"
)

// This file classifies an Idempotency-Key value: a constant, a value
// generated in the retried code (a new key on every attempt), or a value
// that comes from before the first attempt (a stable key).

// keyVal is what the model knows of a key value.
type keyVal struct {
	state   site.IdemKeyState
	gen     token.Pos
	genExpr ast.Expr
	value   string
	valueOK bool
}

// key turns the key sets found on a request into an IdemKey.
func (d *describer) key(t *reqTrace) *site.IdemKey {
	if len(t.keys) == 0 {
		if t.opaque {
			return &site.IdemKey{State: site.KeyUnknown}
		}
		return &site.IdemKey{State: site.KeyMissing}
	}
	var res *site.IdemKey
	for _, k := range t.keys {
		kv := d.classify(k.val, k.f, 0)
		if kv.state == site.KeyPerAttempt && d.guarded(kv.gen, k.f) || kv.state == site.KeyPerAttempt && d.guarded(k.pos, k.f) {
			kv = keyVal{state: site.KeyStable}
		}
		if kv.state == site.KeyConstant && kv.valueOK && kv.value == "" {
			// An empty key is no key (and `if key != "" {...}` sets
			// none).
			kv = keyVal{state: site.KeyMissing}
		}
		ik := &site.IdemKey{State: kv.state, Set: k.pos, Gen: kv.gen, GenExpr: kv.genExpr}
		if kv.state == site.KeyConstant && kv.valueOK {
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
		return keyVal{state: site.KeyUnknown}
	}
	allConst := true
	stable := false
	for _, p := range parts {
		if p.state == site.KeyPerAttempt {
			return p
		}
		allConst = allConst && p.state == site.KeyConstant
		stable = stable || p.state == site.KeyStable
	}
	switch {
	case allConst:
		return keyVal{state: site.KeyConstant}
	case stable:
		return keyVal{state: site.KeyStable}
	}
	return keyVal{state: site.KeyUnknown}
}

// mergeAlts combines the values a variable may hold (its definitions).
func mergeAlts(alts []keyVal) keyVal {
	if len(alts) == 0 {
		return keyVal{state: site.KeyUnknown}
	}
	res := alts[0]
	for _, a := range alts[1:] {
		switch {
		case res.state == site.KeyPerAttempt:
		case a.state == site.KeyPerAttempt:
			res = a
		case res.state == site.KeyConstant && a.state == site.KeyConstant:
			if !res.valueOK || !a.valueOK || res.value != a.value {
				res = keyVal{state: site.KeyConstant}
			}
		case res.state == site.KeyStable || a.state == site.KeyStable:
			res = keyVal{state: site.KeyStable}
		default:
			res = keyVal{state: site.KeyUnknown}
		}
	}
	return res
}

// classify classifies a key value in frame f.
func (d *describer) classify(x ast.Expr, f *frame, depth int) keyVal {
	if x == nil || depth > 12 {
		return keyVal{state: site.KeyUnknown}
	}
	info := d.m.info
	if tv, ok := info.Types[x]; ok && tv.Value != nil {
		if tv.Value.Kind() == constant.String {
			return keyVal{state: site.KeyConstant, value: constant.StringVal(tv.Value), valueOK: true}
		}
		return keyVal{state: site.KeyConstant}
	}
	switch y := ast.Unparen(x).(type) {
	case *ast.Ident:
		v := typesx.VarOf(info, y)
		if v == nil {
			return keyVal{state: site.KeyUnknown}
		}
		return d.classifyVar(v, f, depth)
	case *ast.CallExpr:
		return d.classifyCall(y, f, depth)
	case *ast.BinaryExpr:
		return mergeParts([]keyVal{d.classify(y.X, f, depth+1), d.classify(y.Y, f, depth+1)})
	case *ast.SelectorExpr:
		if _, isPkg := info.Uses[typesx.IdentOf(y.X)].(*types.PkgName); isPkg {
			return keyVal{state: site.KeyUnknown}
		}
		k := d.classify(y.X, f, depth+1)
		if k.state == site.KeyConstant {
			k = keyVal{state: site.KeyUnknown}
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
	return keyVal{state: site.KeyUnknown}
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
			if k := d.classify(vals[0], &frame{}, depth+1); k.state == site.KeyConstant {
				return k
			}
		}
		return keyVal{state: site.KeyUnknown}
	}
	if d.seenVar[v] {
		return keyVal{state: site.KeyUnknown}
	}
	d.seenVar[v] = true
	defer delete(d.seenVar, v)
	if isParam, _ := d.paramKind(v); isParam {
		return keyVal{state: site.KeyStable}
	}
	var alts []keyVal
	for _, df := range d.defs(v) {
		// classify(nil) is unknown: x += ..., a range variable.
		alts = append(alts, d.classify(df.rhs, f, depth+1))
	}
	// Bytes filled by a random source: rand.Read(b).
	for _, u := range d.usesOf(v) {
		call, ok := u.parent().(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			continue
		}
		fn := typesx.Callee(d.m.info, call)
		if fn == nil || fn.Pkg() == nil {
			continue
		}
		isRand := fn.Name() == "Read" && (fn.Pkg().Path() == "crypto/rand" || fn.Pkg().Path() == "math/rand")
		if fn.Pkg().Path() == "io" && fn.Name() == "ReadFull" && len(call.Args) == 2 && call.Args[1] == u.id {
			if sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr); ok && sel.Sel.Name == "Reader" {
				if pn, ok := d.m.info.Uses[typesx.IdentOf(sel.X)].(*types.PkgName); ok && pn.Imported().Path() == "crypto/rand" {
					isRand = true
				}
			}
		}
		if isRand {
			alts = append(alts, d.generated(call, f))
		}
	}
	if len(alts) == 0 {
		return keyVal{state: site.KeyUnknown}
	}
	return mergeAlts(alts)
}

// generated classifies a call that produces a new random or time-based
// value: per attempt when it runs in the retried code.
func (d *describer) generated(call *ast.CallExpr, f *frame) keyVal {
	if f.retried(call.Pos()) {
		return keyVal{state: site.KeyPerAttempt, gen: call.Pos(), genExpr: call}
	}
	return keyVal{state: site.KeyStable}
}

func (d *describer) classifyCall(call *ast.CallExpr, f *frame, depth int) keyVal {
	info := d.m.info
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return d.classify(argAt(call, 0), f, depth+1)
	}
	fn := typesx.Callee(info, call)
	if fn != nil && fn.Pkg() != nil && knowledge.IsKeyGenerator(fn.Pkg().Path(), fn.Name()) {
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
		if _, isPkg := info.Uses[typesx.IdentOf(sel.X)].(*types.PkgName); !isPkg {
			parts = append(parts, d.classify(sel.X, f, depth+1))
		}
	}
	for _, a := range call.Args {
		if t := info.TypeOf(a); t != nil && typesx.IsNamed(t, "context", "Context") {
			continue
		}
		parts = append(parts, d.classify(a, f, depth+1))
	}
	k := mergeParts(parts)
	if k.state == site.KeyConstant {
		k.valueOK = false
	}
	return k
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
			if v := typesx.RootVar(d.m.info, x); v != nil && !f.retried(v.Pos()) {
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
		if id := typesx.IdentOf(call.Fun); id != nil && id.Name == "len" && len(call.Args) == 1 {
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
