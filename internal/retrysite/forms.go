package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/libsite"
	"github.com/retrylint/retrylint/internal/retrysite/notretry"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file holds loop forms whose wait or bound is in the loop's head
// rather than in its body: a range over a ticker's channel
// (for range t.C, for range time.Tick(d)) waits the ticker's period
// before each iteration and never ends by itself.

// TickerRange reports whether r ranges over the channel of a ticker: the
// C field of a *time.Ticker, or time.Tick(d). Such a range receives one
// tick per iteration and its channel is never closed.
func (m *model) TickerRange(r *ast.RangeStmt) bool {
	if r == nil || r.Key != nil && r.Value != nil {
		return false
	}
	switch x := ast.Unparen(r.X).(type) {
	case *ast.SelectorExpr:
		return x.Sel.Name == "C" && typesx.IsNamed(m.info.TypeOf(x.X), "time", "Ticker")
	case *ast.CallExpr:
		fn := typesx.Callee(m.info, x)
		return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" && fn.Name() == "Tick" && len(x.Args) == 1
	}
	return false
}

// HeldFuncLit returns the function literal a local variable holds when x
// names one whose only assignment is that literal (op := func() error
// {...}), or nil. Such a variable is the literal: every rule sees the
// operation it holds as if it were written inline.
func (m *model) HeldFuncLit(x ast.Expr) *ast.FuncLit {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := m.info.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == m.pkg.Scope() || v.IsField() {
		return nil
	}
	if lit, ok := m.funcLits[v]; ok {
		return lit
	}
	lit := m.OnlyFuncLit(v)
	m.funcLits[v] = lit
	return lit
}

// OpRoots returns the operations of a library call's entry (libEntry
// roots), with each variable that holds a function literal replaced by
// the literal.
func (m *model) OpRoots(e knowledge.Entry, call *ast.CallExpr) (cfg, ops []ast.Expr) {
	cfg, ops = libsite.EntryRoots(e, call)
	if e.StatePoll != nil {
		// The function the receiver's literal polls (notretry/statepolls.go).
		if lit := m.Rules().StatePollConf(call); lit != nil {
			if x := notretry.FieldValue(lit, e.StatePoll.Refresh); x != nil {
				ops = append(ops, x)
			}
		}
	}
	copied := false
	for i, o := range ops {
		if lit := m.HeldFuncLit(o); lit != nil {
			if !copied {
				ops, copied = append([]ast.Expr(nil), ops...), true
			}
			ops[i] = lit
		}
	}
	return cfg, ops
}

// OkIsOutcome reports whether a bare ok (a bool, or the bool of a
// (T, bool)) returned by call can be the failure of an operation: only
// when the model knows the callee, a function of the analysed package, a
// method of one of its unexported interfaces seen through the package's
// own implementations, or a local variable holding a function literal.
// A bool from a function value, a parameter, a field or any other
// interface method is a predicate, a dequeue (task, ok := q.poll()) or
// the step of an exchange (for !scram.Done()), not a failed operation;
// so is a bool of a seen callee whose every false is such a predicate's
// answer (package boolfail). It implements boolfail.Host.
func (m *model) OkIsOutcome(call *ast.CallExpr) bool {
	fn := typesx.Callee(m.info, call)
	if fn == nil {
		if lit := m.HeldFuncLit(call.Fun); lit != nil {
			return m.boolJudge().Fails(lit.Body, lit.Type) // predicates.go
		}
		if ts, ok := m.FuncValueTargets(call.Fun); ok { // funcvals.go
			for _, t := range ts {
				if m.boolJudge().Fails(t.Body, t.Ft) {
					return true
				}
			}
			return false
		}
		_, ok := m.funcTypeIsIntegration(m.info.TypeOf(call.Fun))
		return ok
	}
	if fn.Pkg() != m.pkg {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		_, ok := m.localImplementations(fn.Origin(), sig)
		return ok
	}
	return m.boolJudge().FuncFails(fn)
}

// AcquireAttempt reports whether call is an acquire attempt across an
// integration boundary whose bool result reports success
// (knowledge.IsAcquireAttempt: a distributed lock's ok, err :=
// l.TryLock(ctx)): a method of another package returning (bool, error)
// and taking a context.Context.
func (m *model) AcquireAttempt(call *ast.CallExpr) bool {
	if m.SwapAttempt(call) {
		return true // a compare-and-swap's applied flag (swap.go)
	}
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == m.pkg || !knowledge.IsAcquireAttempt(fn.Name()) {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || sig.Results().Len() != 2 || !typesx.IsBool(sig.Results().At(0).Type()) || !typesx.IsErrorType(sig.Results().At(1).Type()) {
		return false
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if typesx.IsNamed(sig.Params().At(i).Type(), "context", "Context") {
			return true
		}
	}
	return false
}

// RetriesNothing reports whether a library site's configuration retries
// no outcome at all: the list of codes it retries is given and empty
// (go-grpc-middleware's WithCodes(), gax-go's OnCodes(nil, b) with no
// other condition). Such a call is not a retry site. The code and
// predicate settings are the table's (knowledge.OutcomeVocab): the last
// of them decides, or with Union, all of them must be empty code lists
// of a configuration the model sees.
func (m *model) RetriesNothing(s *Site) bool {
	v := s.Lib.Outcomes
	if v == nil || len(v.Codes) == 0 {
		return false
	}
	var names []string
	for _, c := range v.Codes {
		names = append(names, c.Setting)
	}
	for _, p := range v.Predicates {
		names = append(names, p.Setting)
	}
	sts := s.All(names...)
	if !v.Union && len(sts) > 0 {
		sts = []*Setting{s.Last(names...)}
	}
	if len(sts) == 0 || v.Union && s.Opaque {
		return false
	}
	for _, st := range sts {
		var cs *knowledge.CodeSetting
		for i := range v.Codes {
			if v.Codes[i].Setting == st.Name {
				cs = &v.Codes[i]
			}
		}
		if cs == nil || cs.Kind != knowledge.CodesGRPC && cs.Kind != knowledge.CodesHTTP || cs.From > 0 && len(st.Args) <= cs.From {
			return false // a predicate, or codes of another kind
		}
		list := st.Args[min(cs.From, len(st.Args)):]
		if cs.One {
			list = list[:min(1, len(list))]
		}
		if len(list) == 1 && m.info.Types[list[0]].IsNil() {
			continue // OnCodes(nil, b)
		}
		if codes, ok := m.libs().CodeList(list); !ok || len(codes) > 0 {
			return false
		}
	}
	return true
}

// primedGroup returns, for an operation whose first call runs before any
// loop, the same group with its first call inside a loop that comes after
// that call moved first: resp, err = op(); for i := 0; err != nil && i < n;
// i++ { wait; resp, err = op() }. The loop is the retry of the operation;
// nil when no call of the group is in such a loop.
func primedGroup(g *opGroup, parents map[*ast.CallExpr]ast.Stmt) *opGroup {
	pre := g.calls[0]
	for i, c := range g.calls[1:] {
		l := parents[c]
		if l == nil || l.Pos() < pre.End() {
			continue
		}
		calls := make([]*ast.CallExpr, 0, len(g.calls))
		calls = append(calls, c)
		calls = append(calls, g.calls[:i+1]...)
		calls = append(calls, g.calls[i+2:]...)
		return &opGroup{key: g.key, calls: calls, set: g.set}
	}
	return nil
}
