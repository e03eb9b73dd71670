package retrysite

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/retrysite/boolfail"
)

// boolJudge returns the judge (package boolfail) of whether a bool of the
// package can be false because an operation failed; m is its Host.
func (m *model) boolJudge() boolfail.Judge {
	return boolfail.Judge{Info: m.info, Host: m, Memo: m.boolFail}
}

// boolFails reports whether the bool result of the function with the
// given body and type may be false on a failure (boolfail's Fails).
func (m *model) boolFails(body *ast.BlockStmt, ft *ast.FuncType) bool {
	return m.boolJudge().Fails(body, ft)
}

// OkIsOutcome reports whether a bare ok call returns can be an
// operation's failure (okIsOutcome, forms.go; boolfail.Host).
func (m *model) OkIsOutcome(call *ast.CallExpr) bool { return m.okIsOutcome(call) }
