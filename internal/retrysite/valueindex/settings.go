package valueindex

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// constructedOnly reports whether the package writes the field v only in
// struct literals (a value given or left out when the object is made)
// or by options (optionWrite), none of them reading v: no other
// assignment, step or address of it, nothing the index cannot know (a
// decoder's field). Such a field keeps, for an
// object's life, the setting the object was made with; it counts nothing
// (interp/exits' settings.go).
func (m *Index) ConstructedOnly(v *types.Var) bool {
	if v.IsField() && !m.IndexedVar(v) {
		return m.host.SourceSetting(v) // a package of the module read from source
	}
	if !m.IndexedVar(v) || !v.IsField() {
		return false
	}
	for _, w := range m.ValueIndexOf().Writes[v] {
		if !w.Lit && !OptionWrite(m.info, w.Decl, w.At, w.X) {
			return false
		}
		if w.X != nil && typesx.UsesAny(m.info, w.X, map[*types.Var]bool{v: true}) {
			return false
		}
	}
	return true
}

// OptionWrite reports whether the assignment of x at in decl applies an
// option: the value is the receiver of the method it is in (func (o
// idemOption) apply(c *config) { c.idem = bool(o) }) or a parameter of
// the function that makes the function literal it is in (func
// WithIdem(b bool) Option { return func(c *config) { c.idem = b } }):
// what the option was made with, never a count.
func OptionWrite(info *types.Info, decl *ast.FuncDecl, at token.Pos, x ast.Expr) bool {
	for {
		call, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !info.Types[call.Fun].IsType() {
			break
		}
		x = call.Args[0] // a conversion
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok || decl == nil || decl.Body == nil {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	if r := decl.Recv; r != nil && r.Pos() <= v.Pos() && v.Pos() < r.End() {
		return true
	}
	// A parameter of the function that makes the option literal.
	p := decl.Type.Params
	inLit := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		_, lit := n.(*ast.FuncLit)
		inLit = inLit || lit && n.Pos() <= at && at < n.End()
		return !inLit
	})
	return inLit && p.Pos() <= v.Pos() && v.Pos() < p.End()
}
