package retrysite

import "go/ast"

// describeOp describes one operation call.
func (m *model) describeOp(call *ast.CallExpr) *Op {
	op := &Op{Call: call, Callee: typeutilCallee(m.info, call)}
	return op
}
