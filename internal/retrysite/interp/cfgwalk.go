package interp

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/internal/retrysite/interp/bodyscan"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// callNode returns the graph node that holds call.
func (fi *FuncInfo) CallNode(call *ast.CallExpr) (NodeRef, bool) {
	for _, b := range fi.Cfg.Blocks {
		if !b.Live {
			continue
		}
		for i, n := range b.Nodes {
			if n.Pos() <= call.Pos() && call.End() <= n.End() && bodyscan.ContainsOp(n, map[*ast.CallExpr]bool{call: true}) {
				return NodeRef{b.Index, i}, true
			}
		}
	}
	return NodeRef{}, false
}

// loopScope returns the blocks that belong to a loop statement.
func (fi *FuncInfo) LoopScope(loop ast.Stmt) Scope {
	var init ast.Node
	var rng *ast.RangeStmt
	switch l := loop.(type) {
	case *ast.ForStmt:
		init = l.Init
	case *ast.RangeStmt:
		rng = l
	}
	return func(b *cfg.Block) bool {
		if b.Stmt == loop {
			return b.Kind != cfg.KindForDone && b.Kind != cfg.KindRangeDone
		}
		if len(b.Nodes) > 0 {
			n := b.Nodes[0]
			if n == init || rng != nil && (n == rng.X || n == rng.Key || n == rng.Value) {
				return false
			}
			return n.Pos() >= loop.Pos() && n.Pos() < loop.End()
		}
		if b.Stmt != nil {
			return b.Stmt.Pos() > loop.Pos() && b.Stmt.Pos() < loop.End()
		}
		return false
	}
}

// resultAt walks the function body from its entry and merges result idx
// (of n) over all return paths, mapped through j when given. It yields
// the value every path agrees on, or an unknown.
func (ev *Evaluator) ResultAt(e Env, idx, n int, j func(Value) Value) Value {
	fi := ev.Fi
	if fi.Cfg == nil || len(fi.Cfg.Blocks) == 0 || n == 0 {
		return Unknown(0)
	}
	r := ev.mergeReturns(e, 3000, func(rs *ast.ReturnStmt, e Env) Value {
		var v Value
		switch {
		case len(rs.Results) == n:
			v = ev.Eval(rs.Results[idx], e)
		case len(rs.Results) == 1 && n > 1:
			if tv, ok := ev.out().Tuple(rs.Results[0], idx, e); ok {
				v = tv
			} else if c, ok := ast.Unparen(rs.Results[0]).(*ast.CallExpr); ok && ev.Op[c] {
				v = ev.opResult(c, idx)
			} else {
				v = Unknown(ev.rhsDeps(rs.Results[0], e))
			}
		default:
			v = Unknown(0)
		}
		if j != nil {
			v = j(v)
		}
		return v
	})
	if !r.sawReturn || !r.agree {
		return Unknown(r.deps | DepOutcome)
	}
	return r.value
}

// stdSentinel reports whether v is an exported package-level error
// variable of the standard library (context.Canceled, io.EOF): a sentinel,
// never nil.
func stdSentinel(v *types.Var) bool {
	return v.Pkg() != nil && typesx.IsStd(v.Pkg().Path()) && v.Exported() && v.Parent() == v.Pkg().Scope() && typesx.IsErrorType(v.Type())
}
