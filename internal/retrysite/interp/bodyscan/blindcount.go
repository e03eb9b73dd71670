package bodyscan

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A blind counter is an integer local that starts at a constant, moves
// only by constants (n++, n += 2, n = 0) and is read only as a direct
// argument of a call whose result no decision can take from it: a static
// call (not an interface method, not a func value) with no result or one
// result that is not an integer, a bool, an error or a response
// (gax-go's withRetryCount(ctx, retryCount), a logger's attempt field).
// Such a call's value is unknown whatever the counter holds, and the
// counter itself reaches no condition, so tracking it adds nothing to any
// answer, while every iteration of the loop it counts is a new state to
// the walks: gax-go's invoke loop unrolled 24,000 states to reach
// maxRunsCap, and gave the same answer as it does untracked. The
// interpreter's scan leaves blind counters untracked.

// BlindCounters returns the blind counters of body among relevant: local
// tells a variable of the body's own, decisive a result type a decision
// can read (an integer, a bool, an error, a response).
func BlindCounters(info *types.Info, body *ast.BlockStmt, relevant map[*types.Var]bool, local func(*types.Var) bool, decisive func(types.Type) bool) map[*types.Var]bool {
	var blind map[*types.Var]bool
	for v := range relevant {
		if typesx.IsInteger(v.Type()) && local(v) {
			if blind == nil {
				blind = make(map[*types.Var]bool)
			}
			blind[v] = false // a candidate, not yet seen declared by a constant
		}
	}
	if blind == nil {
		return nil
	}
	isConst := func(x ast.Expr) bool {
		tv, ok := info.Types[x]
		return ok && tv.Value != nil
	}
	// allowed: the identifiers of a candidate that are counting writes or
	// blind reads; any other use of it disqualifies it. Each is marked at
	// the statement or call that holds it, which the walk visits first.
	allowed := make(map[*ast.Ident]bool)
	no := make(map[*types.Var]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for i, name := range n.Names {
				v, _ := info.Defs[name].(*types.Var)
				if _, cand := blind[v]; !cand {
					continue
				}
				if len(n.Values) == 0 || i < len(n.Values) && len(n.Values) == len(n.Names) && isConst(n.Values[i]) {
					blind[v] = true
				} else {
					no[v] = true
				}
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok {
					continue
				}
				v, _ := info.ObjectOf(id).(*types.Var)
				if _, cand := blind[v]; !cand {
					continue
				}
				counting := len(n.Lhs) == len(n.Rhs) && isConst(n.Rhs[i]) &&
					(n.Tok == token.ASSIGN || n.Tok == token.DEFINE || n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN)
				switch {
				case !counting:
					no[v] = true
				case info.Defs[id] == v:
					blind[v] = true // declared by the constant
				default:
					allowed[id] = true
				}
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				allowed[id] = true
			}
		case *ast.CallExpr:
			if blindCall(info, n, decisive) {
				for _, a := range n.Args {
					if id, ok := ast.Unparen(a).(*ast.Ident); ok {
						allowed[id] = true
					}
				}
			}
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && !allowed[n] {
				if _, cand := blind[v]; cand {
					no[v] = true
				}
			}
		}
		return true
	})
	for v, declared := range blind {
		if !declared || no[v] {
			delete(blind, v)
		}
	}
	return blind
}

// blindCall reports whether no decision can take anything from the
// value of call's arguments: a static call with no result, or with one
// that is not an integer, a bool, an error or a response.
func blindCall(info *types.Info, call *ast.CallExpr, decisive func(types.Type) bool) bool {
	fn := typesx.Callee(info, call)
	if fn == nil {
		return false // a conversion, a builtin, a func value
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		return false // an interface method may be devirtualized and run
	}
	switch sig.Results().Len() {
	case 0:
		return true
	case 1:
		return !decisive(sig.Results().At(0).Type())
	}
	return false
}
