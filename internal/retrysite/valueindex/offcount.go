package valueindex

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex/offcount"
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
// "unset", every read testing it as a switch (zeroCount: package
// offcount reads the code, offcount/); otherwise 0 is a number (no
// retries, or a default substituted elsewhere), and a field with no
// default of its own stays unknown (values.go).

// nilCount returns nil for a pointer-to-integer field the package ships
// unset.
func (m *Index) NilCount(v *types.Var) (interp.Value, bool) {
	if v == nil || !v.IsField() || !m.IndexedVar(v) {
		return interp.Value{}, false
	}
	p, ok := v.Type().Underlying().(*types.Pointer)
	if !ok {
		return m.zeroCount(v)
	}
	if !typesx.IsInteger(p.Elem()) {
		return interp.Value{}, false
	}
	n := typesx.Cached(&m.nilCounts, v, func() *Note { return m.nilCountOnce(v) })
	if n == nil {
		return interp.Value{}, false
	}
	m.ValueIndexOf().NoteDefault(v, n.User, n.At)
	return interp.Value{K: interp.VNil}, true
}

func (m *Index) nilCountOnce(v *types.Var) *Note {
	zero, user, ok := m.offWrites(v)
	if !ok || zero == nil || user == nil {
		return nil
	}
	at := zero.X
	if at == nil {
		at = offcount.LiteralAt(m.pass.Files, zero.At)
	}
	if at == nil {
		return nil
	}
	u := *user
	u.Decl = m.setterDecl(*user)
	return &Note{V: v, User: u, At: at}
}

// nilCountWhy says why a loop whose count is a nil default has none:
// "its count, maxAttempts, is nil unless WithMaxAttempts sets it,
// defaultRetry's default".
func (m *Index) nilCountWhy(n Note) (string, bool) {
	if m.nilCounts[n.V] == nil {
		return "", false
	}
	where := "the package's default"
	if n.At != nil {
		where = m.defaultWhere(n.At.Pos())
	}
	by := setterName(n.User.Decl)
	return fmt.Sprintf("its count, %s, is nil unless %s sets it, %s", n.V.Name(), by, where), true
}

// zeroCount returns 0 for an exported integer field the package ships
// off: one it gives no value but zero, whose every read tests it as a
// switch (package offcount), noting the default.
func (m *Index) zeroCount(v *types.Var) (interp.Value, bool) {
	if v == nil || !v.IsField() || !v.Exported() || !m.IndexedVar(v) || !typesx.IsInteger(v.Type()) {
		return interp.Value{}, false // (a pointer is no integer)
	}
	read := typesx.Cached(&m.zeroCounts, v, func() *ast.SelectorExpr { return m.zeroCountOnce(v) })
	if read == nil {
		return interp.Value{}, false
	}
	m.ValueIndexOf().NoteDefault(v, ValueWrite{}, read)
	return interp.IntVal(0), true
}

// zeroCountOnce returns a read of v that tests it as a switch, or nil
// when v is not a count the package ships off.
func (m *Index) zeroCountOnce(v *types.Var) *ast.SelectorExpr {
	if m.pass == nil || m.pass.Pkg != m.pkg {
		return nil
	}
	vx := m.ValueIndexOf()
	if vx.guarded[v] {
		return nil
	}
	for _, w := range vx.Writes[v] {
		if !w.Zero && (w.X == nil || !offcount.IsZeroOrNil(m.info, w.X)) {
			return nil
		}
	}
	return offcount.SwitchRead(m.pass.Files, m.info, m.pkg, v)
}

// zeroCountWhy says why a loop whose count a zero default switches off
// has none: "its count, Config.Consumer.Retry.Max, is 0 unless the user
// sets it: no limit".
func (m *Index) zeroCountWhy(n Note) (string, bool) {
	read := m.zeroCounts[n.V]
	if read == nil {
		return "", false
	}
	return fmt.Sprintf("its count, %s, is 0 unless the user sets it: no limit", offcount.ConfigPath(m.info, read)), true
}
