package waits

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A wait armed in a channel variable.
//
// A loop may arm its wait in one place and take it in another, through a
// local channel variable that is nil while no wait is due:
//
//	var backoff <-chan time.Time
//	...
//	backoff = time.After(cfg.JoinBackoff) // after a failure
//	...
//	if backoff != nil {
//		select {
//		case <-done: return
//		case <-backoff:
//		}
//	}
//
// The receive waits what the one time.After written to the variable
// waits (a receive from the nil channel blocks for ever, so a select
// takes another case). afterVarWait reads such a receive as that
// time.After's wait. A time.After(0) written beside it (sarama arms one
// when it moves to a new broker) fires at once: it is no wait, and the
// receive still waits the other one when it waits at all.

// afterVarWait returns the wait of a receive from id, a local channel
// variable of the function body, when every write of it is nil,
// time.After(0) or one and the same time.After(d) call site: no other
// value, no address taken.
func (f Finder) afterVarWait(u *ast.UnaryExpr, id *ast.Ident, body *ast.BlockStmt) *Hit {
	v, ok := f.Info.Uses[id].(*types.Var)
	if !ok || v.IsField() || body == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return nil
	}
	if _, isChan := v.Type().Underlying().(*types.Chan); !isChan {
		return nil
	}
	is := typesx.VarIs(f.Info, v)
	var after *ast.CallExpr
	ok = true
	write := func(x ast.Expr) {
		if f.Info.Types[x].IsNil() {
			return
		}
		call, isCall := ast.Unparen(x).(*ast.CallExpr)
		if !isCall {
			ok = false
			return
		}
		fn := typesx.Callee(f.Info, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "time" || fn.Name() != "After" || len(call.Args) != 1 {
			ok = false
			return
		}
		if tv, isConst := f.Info.Types[call.Args[0]]; isConst && tv.Value != nil && tv.Value.String() == "0" {
			return // time.After(0): fires at once, no wait
		}
		if after != nil && after != call {
			ok = false
			return
		}
		after = call
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			// A closure may write what it captures.
			if typesx.UsesAny(f.Info, n, map[*types.Var]bool{v: true}) {
				ok = false
			}
			return false
		case *ast.ValueSpec:
			for j, name := range n.Names {
				if f.Info.Defs[name] != v {
					continue
				}
				if len(n.Values) == len(n.Names) {
					write(n.Values[j])
				} else if len(n.Values) != 0 {
					ok = false
				}
			}
		case *ast.AssignStmt:
			for j, l := range n.Lhs {
				if !is(l) {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) {
					ok = false
					return false
				}
				write(n.Rhs[j])
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
				ok = false
			}
		case *ast.RangeStmt:
			if n.Key != nil && is(n.Key) || n.Value != nil && is(n.Value) {
				ok = false
			}
		}
		return ok
	})
	if !ok || after == nil {
		return nil
	}
	return &Hit{Kind: site.WaitAfter, Node: u, Expr: after.Args[0]}
}
