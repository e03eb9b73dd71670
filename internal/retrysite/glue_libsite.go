package retrysite

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/libsite"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
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

// libraryHelper returns the library site of a helper's declaration at
// decl that retries one of its bound func parameters: the helper hands
// it, wrapped in an adapter (a condition whose (false, nil) is the
// func's failure), to a retry library, and its callers retry what they
// pass (xpkg.go).
func (m *model) libraryHelper(decl inspector.Cursor, bound map[*types.Var]bool) *Site {
	f := decl
	for f.Parent().Node() != nil {
		f = f.Parent()
	}
	for _, s := range m.libs().LibrarySites(f) {
		if decl.Node().Pos() > s.Pos || s.Pos >= decl.Node().End() || !runsBound(m.info, s, bound) {
			continue
		}
		// The adapter must turn the func's failure into another try
		// (a condition that returns (ready, nil) polls a state).
		call, ok := s.Node.(*ast.CallExpr)
		if !ok || typesx.Callee(m.info, call) == nil {
			continue
		}
		if _, e, ok := m.copies.Lookup(typesx.Callee(m.info, call)); ok {
			if _, ops := m.OpRoots(e, call); len(ops) == 1 {
				if lit, ok := ops[0].(*ast.FuncLit); ok && !m.Rules().ConditionRetries(lit.Body) {
					continue
				}
			}
		}
		return s
	}
	return nil
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
