package retrysite

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/libsite"
)

// The library readers live in package libsite; the model asks them
// through one Reader over its interpreter, value index and description
// packages, and answers their questions as libsite.Host.

// libs returns the model's library reader, made again when the model is
// a copy rebound to other code (xpkg.go, rebindDescribers).
func (m *model) libs() *libsite.Reader {
	c := libsite.Config{Host: m, Model: &m.Model, Index: &m.Index, Pass: m.pass, Info: m.info, Pkg: m.pkg,
		Timeouts: m.timeouts, Ops: m.ops, Wnum: m.wnum, Copies: m.copies}
	if m.lib == nil || !m.lib.Made(c) {
		m.lib = libsite.New(c)
	}
	return m.lib
}

// What the library readers ask of the model (libsite.Host).

// MayBeOp reports whether call may be the operation a loop retries
// (mayBeOp).
func (m *model) MayBeOp(call *ast.CallExpr) bool { return m.mayBeOp(call) }

// PollRetries reports whether a poll retries a failure (notretry).
func (m *model) PollRetries(call *ast.CallExpr, e knowledge.Entry) bool {
	return m.Rules().PollRetries(call, e)
}

// PollWait returns the wait of a poll (notretry).
func (m *model) PollWait(s *Site) *Wait { return m.Rules().PollWait(s) }
