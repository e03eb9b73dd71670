package valueindex

import (
	"fmt"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/waitnum"
	"go/ast"
	"go/token"
	"go/types"
)

// This file gives the evaluator the value of a count the package ships
// unset: a field of pointer-to-integer type (maxAttempts *int) that the
// user can set (an option writes it: offWrites) and that every default
// of the package leaves nil (a literal that omits it, an explicit nil).
// A pointer count says in its type that "unset" differs from every
// number, and code that reads it tests it for nil first (`if
// c.maxAttempts != nil && attempts >= *c.maxAttempts`): with the default,
// that test is false and the count never stops the loop. The value is
// nil, and the default is noted for the finding ("defaultRetry's
// default, which WithMaxAttempts can change"). An integer field left
// zero is read this way only when the package's code says that zero is
// "unset", every read testing it as a switch (offzero.go); otherwise 0
// is a number (no retries, or a default substituted elsewhere), and a
// field with no default of its own stays unknown (values.go).

// nilCount returns nil for a pointer-to-integer field the package ships
// unset.
func (m *model) nilCount(v *types.Var) (value, bool) {
	if v == nil || !v.IsField() || !m.IndexedVar(v) {
		return value{}, false
	}
	p, ok := v.Type().Underlying().(*types.Pointer)
	if !ok {
		return m.zeroCount(v) // offzero.go
	}
	if !waitnum.IsInteger(p.Elem()) {
		return value{}, false
	}
	if m.nilCounts == nil {
		m.nilCounts = map[*types.Var]*Note{}
	}
	n, cached := m.nilCounts[v]
	if !cached {
		n = m.nilCountOnce(v)
		m.nilCounts[v] = n
	}
	if n == nil {
		return value{}, false
	}
	m.ValueIndexOf().NoteDefault(v, n.User, n.At)
	return value{K: interp.VNil}, true
}

func (m *model) nilCountOnce(v *types.Var) *Note {
	zero, user, ok := m.offWrites(v)
	if !ok || zero == nil || user == nil {
		return nil
	}
	at := zero.X
	if at == nil {
		at = m.literalAt(zero.At)
	}
	if at == nil {
		return nil
	}
	u := *user
	u.Decl = m.setterDecl(*user)
	return &Note{V: v, User: u, At: at}
}

// literalAt finds the composite literal that starts at pos.
func (m *model) literalAt(pos token.Pos) ast.Expr {
	for _, f := range m.pass.Files {
		if pos < f.Pos() || pos >= f.End() {
			continue
		}
		var lit ast.Expr
		ast.Inspect(f, func(n ast.Node) bool {
			if lit != nil || n == nil || n.End() <= pos || n.Pos() > pos {
				return false
			}
			if cl, ok := n.(*ast.CompositeLit); ok && cl.Pos() == pos {
				lit = cl
			}
			return true
		})
		return lit
	}
	return nil
}

// nilCountWhy says why a loop whose count is a nil default has none:
// "its count, maxAttempts, is nil unless WithMaxAttempts sets it,
// defaultRetry's default".
func (m *model) nilCountWhy(n Note) (string, bool) {
	if m.nilCounts[n.V] == nil {
		return "", false
	}
	where := "the package's default"
	if n.At != nil {
		where = m.defaultWhere(n.At.Pos())
	}
	by := "the user"
	if n.User.Decl != nil {
		by = n.User.Decl.Name.Name
	}
	return fmt.Sprintf("its count, %s, is nil unless %s sets it, %s", n.V.Name(), by, where), true
}
