package libread

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file reads a gRPC service config that is not a constant string:
// a Go value (a map or a struct with json tags) marshalled with
// encoding/json, or a document built with fmt.Sprintf. The value is
// rebuilt as the JSON it produces, from composite literals, constants
// and local variables with one definition. A string the model cannot
// know (a service name from a parameter) becomes a placeholder; a
// retryPolicy that holds one, or a value of another kind the model
// cannot know, is not read (ServiceConfig skips it).

// unknownJSON stands for a string the model cannot know.
const unknownJSON = "__retrylint_unknown__"

// maxBuildDepth bounds the rebuilding of nested values.
const maxBuildDepth = 12

// serviceConfigText returns the JSON text a service-config argument
// evaluates to.
func (r *Reader) serviceConfigText(x ast.Expr, depth int) (string, bool) {
	if x == nil || depth > maxBuildDepth {
		return "", false
	}
	x = ast.Unparen(x)
	if tv, ok := r.info.Types[x]; ok && tv.Value != nil {
		return r.constString(x)
	}
	switch x := x.(type) {
	case *ast.Ident:
		if v, ok := r.info.Uses[x].(*types.Var); ok && r.m.IndexedVar(v) {
			// A package variable the package writes once (var
			// retryPolicy = `{...}`): values_index.go.
			ws, ok := r.m.Reaching(v)
			if !ok || len(ws) != 1 || ws[0].X == nil {
				return "", false
			}
			return r.serviceConfigText(ws[0].X, depth+1)
		}
		rhs, i := r.singleLocalDef(x)
		if rhs == nil || i != 0 {
			return "", false
		}
		return r.serviceConfigText(rhs, depth+1)
	case *ast.CallExpr:
		if tv, ok := r.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return r.serviceConfigText(x.Args[0], depth+1) // string(b)
		}
		fn := typesx.Callee(r.info, x)
		if fn == nil || fn.Pkg() == nil {
			return "", false
		}
		switch fn.Pkg().Path() + "." + fn.Name() {
		case "encoding/json.Marshal", "encoding/json.MarshalIndent":
			if len(x.Args) == 0 {
				return "", false
			}
			if v, ok := r.jsonValue(x.Args[0], depth+1); ok {
				if b, err := json.Marshal(v); err == nil {
					return string(b), true
				}
			}
		case "fmt.Sprintf":
			if len(x.Args) == 0 {
				return "", false
			}
			format, ok := r.constString(x.Args[0])
			if !ok {
				return "", false
			}
			var args []any
			for _, a := range x.Args[1:] {
				args = append(args, r.sprintfArg(a))
			}
			return fmt.Sprintf(format, args...), true
		}
	}
	return "", false
}

// sprintfArg is an argument of fmt.Sprintf: its constant value, or the
// placeholder (which breaks the JSON when it stands for a number).
func (r *Reader) sprintfArg(a ast.Expr) any {
	if tv, ok := r.info.Types[a]; ok && tv.Value != nil {
		switch tv.Value.Kind() {
		case constant.String:
			return constant.StringVal(tv.Value)
		case constant.Int:
			if i, ok := constant.Int64Val(tv.Value); ok {
				return i
			}
		case constant.Float:
			f, _ := constant.Float64Val(tv.Value)
			return f
		case constant.Bool:
			return constant.BoolVal(tv.Value)
		}
	}
	return unknownJSON
}

func (r *Reader) constString(x ast.Expr) (string, bool) {
	if tv, ok := r.info.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	return "", false
}

// jsonValue rebuilds the value encoding/json makes of expression x.
func (r *Reader) jsonValue(x ast.Expr, depth int) (any, bool) {
	if x == nil || depth > maxBuildDepth {
		return nil, false
	}
	x = ast.Unparen(x)
	t := r.info.TypeOf(x)
	if tv, ok := r.info.Types[x]; ok && tv.Value != nil {
		switch tv.Value.Kind() {
		case constant.String:
			return constant.StringVal(tv.Value), true
		case constant.Int, constant.Float:
			f, _ := constant.Float64Val(constant.ToFloat(tv.Value))
			return f, true
		case constant.Bool:
			return constant.BoolVal(tv.Value), true
		}
		return nil, false
	}
	switch x := x.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return r.jsonValue(x.X, depth+1)
		}
	case *ast.Ident:
		if rhs, i := r.singleLocalDef(x); rhs != nil && i == 0 {
			return r.jsonValue(rhs, depth+1)
		}
	case *ast.CompositeLit:
		return r.jsonComposite(x, t, depth)
	}
	if typesx.BasicIs(t, types.IsString) {
		return unknownJSON, true // a name from a parameter, a flag
	}
	return nil, false
}

func (r *Reader) jsonComposite(lit *ast.CompositeLit, t types.Type, depth int) (any, bool) {
	if t == nil {
		return nil, false
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		if b, ok := u.Key().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			return nil, false
		}
		obj := map[string]any{}
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return nil, false
			}
			k, ok := r.constString(kv.Key)
			if !ok {
				return nil, false
			}
			v, ok := r.elemValue(kv.Value, u.Elem(), depth)
			if !ok {
				return nil, false
			}
			obj[k] = v
		}
		return obj, true
	case *types.Slice, *types.Array:
		elem := u.(interface{ Elem() types.Type }).Elem()
		list := []any{}
		for _, el := range lit.Elts {
			if _, ok := el.(*ast.KeyValueExpr); ok {
				return nil, false
			}
			v, ok := r.elemValue(el, elem, depth)
			if !ok {
				return nil, false
			}
			list = append(list, v)
		}
		return list, true
	case *types.Struct:
		set := map[string]ast.Expr{}
		for i, el := range lit.Elts {
			if f, x := typesx.LitElt(r.info, u, i, el); f != nil {
				set[f.Name()] = x
			}
		}
		obj := map[string]any{}
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if !f.Exported() {
				continue
			}
			name, omitEmpty, skip := jsonTag(u.Tag(i), f.Name())
			if skip {
				continue
			}
			x, ok := set[f.Name()]
			if !ok {
				if omitEmpty {
					continue
				}
				return nil, false
			}
			v, ok := r.elemValue(x, f.Type(), depth)
			if !ok {
				return nil, false
			}
			obj[name] = v
		}
		return obj, true
	}
	return nil, false
}

// elemValue is an element of a composite literal, whose type may be
// elided ({"service": "x"} in a []map[string]string).
func (r *Reader) elemValue(x ast.Expr, typ types.Type, depth int) (any, bool) {
	if lit, ok := x.(*ast.CompositeLit); ok && lit.Type == nil {
		t := typ
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		return r.jsonComposite(lit, t, depth+1)
	}
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		if lit, ok := u.X.(*ast.CompositeLit); ok && lit.Type == nil {
			if p, ok := typ.Underlying().(*types.Pointer); ok {
				return r.jsonComposite(lit, p.Elem(), depth+1)
			}
		}
	}
	return r.jsonValue(x, depth+1)
}

// jsonTag reads a struct field's json tag as encoding/json does.
func jsonTag(tag, field string) (name string, omitEmpty, skip bool) {
	v, ok := reflect.StructTag(tag).Lookup("json")
	if !ok {
		return field, false, false
	}
	if v == "-" {
		return "", false, true
	}
	parts := strings.Split(v, ",")
	name = cmp.Or(parts[0], field)
	for _, p := range parts[1:] {
		if p == "omitempty" || p == "omitzero" {
			omitEmpty = true
		}
	}
	return name, omitEmpty, false
}

// singleLocalDef returns the one definition of the local variable id
// uses (x := rhs, var x = rhs, b, _ := json.Marshal(v)) with the result
// index it takes, or nil when it has none or several.
func (r *Reader) singleLocalDef(id *ast.Ident) (ast.Expr, int) {
	v, ok := r.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == r.pkg.Scope() {
		return nil, -1
	}
	f := typesx.FileOf(r.files, v.Pos())
	if f == nil {
		return nil, -1
	}
	var rhs ast.Expr
	idx, n := -1, 0
	reads := map[ast.Node]bool{} // &v given to json.Marshal: a read
	def := func(i int, lhs int, vals []ast.Expr) {
		n++
		switch {
		case len(vals) == lhs:
			rhs, idx = vals[i], 0
		case len(vals) == 1:
			rhs, idx = vals[0], i
		}
	}
	ast.Inspect(f, func(node ast.Node) bool {
		switch node := node.(type) {
		case *ast.CallExpr:
			if fn := typesx.Callee(r.info, node); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "encoding/json" && strings.HasPrefix(fn.Name(), "Marshal") && len(node.Args) > 0 {
				reads[ast.Unparen(node.Args[0])] = true
			}
		case *ast.AssignStmt:
			for i, l := range node.Lhs {
				if typesx.VarOf(r.info, l) == v {
					def(i, len(node.Lhs), node.Rhs)
				}
			}
		case *ast.ValueSpec:
			for i, name := range node.Names {
				if r.info.Defs[name] == v {
					def(i, len(node.Names), node.Values)
				}
			}
		case *ast.UnaryExpr:
			if node.Op == token.AND && !reads[node] && typesx.VarOf(r.info, node.X) == v {
				n += 2 // written through its address
			}
		}
		return true
	})
	if n != 1 {
		return nil, -1
	}
	return rhs, idx
}

// hasUnknownJSON reports whether a rebuilt JSON value holds the
// placeholder of a string the model cannot know.
func hasUnknownJSON(v any) bool {
	switch v := v.(type) {
	case string:
		return strings.Contains(v, unknownJSON)
	case []any:
		return slices.ContainsFunc(v, hasUnknownJSON)
	case map[string]any:
		for k, x := range v {
			if strings.Contains(k, unknownJSON) || hasUnknownJSON(x) {
				return true
			}
		}
	}
	return false
}
