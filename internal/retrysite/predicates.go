package retrysite

import "github.com/retrylint/retrylint/internal/retrysite/boolfail"

// boolJudge returns the judge (package boolfail) of whether a bool of the
// package can be false because an operation failed; m is its Host.
func (m *model) boolJudge() boolfail.Judge {
	return boolfail.Judge{Info: m.info, Host: m, Memo: m.boolFail}
}
