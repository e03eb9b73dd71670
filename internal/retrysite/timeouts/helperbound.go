package timeouts

import (
	"go/ast"
	"go/types"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file finds the timeout of an attempt that a function of the
// package sets up itself: the loop calls fetch(ctx, u), and fetch gives
// its send a deadline of its own (ctx, cancel := context.WithTimeout(ctx,
// 10*time.Second)) or sends through a client with a Timeout
// (&http.Client{Timeout: 10 * time.Second}). When that send hangs, the
// attempt takes that long: the longest such timeout in the function (or
// in the functions of the package it calls, up to maxHelperDepth deep)
// is a lower bound of the attempt's worst case, which is all the worst
// case needs, since it is reported only above the cap. A timeout the
// model cannot compute, or a function of another package, adds nothing.

// maxHelperDepth bounds how deep the functions of the package an attempt
// calls are searched for its timeout.
const maxHelperDepth = 2

// helperBound returns the longest constant timeout the body of fn, a
// function of the package, sets up for a send it makes; the functions
// of the package it calls are searched alike (opFact), up to
// maxHelperDepth deep. timed reports whether every return of fn gives
// the outcome of a call with a timeout per attempt, of a length the
// model may not know (return timeoututil.WithTimeout(ctx, d, op)): the
// attempt is bounded.
func (r *tres) helperBound(fn *types.Func) (best time.Duration, known, timed bool) {
	body := r.pkgBody(fn)
	if body == nil || r.depth >= maxHelperDepth {
		return 0, false, false
	}
	hr := r.m.newTres([]ast.Node{body})
	hr.depth = r.depth + 1
	timedCalls := make(map[*ast.CallExpr]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			_, lit := n.(*ast.FuncLit)
			return !lit
		}
		name := hr.callee(call)
		if knowledge.RequestFuncOf(name).Kind != knowledge.NotRequestFunc || strings.HasPrefix(name, "context.") && name != "context." {
			return true // builds a request or a context: sends nothing
		}
		f := hr.opFact(call)
		if f.durKnown {
			best = max(best, f.dur)
		}
		if f.ctx.attempt || f.durKnown {
			timedCalls[call] = true
		}
		return true
	})
	return best, best > 0, len(timedCalls) > 0 && returnsOnly(body, timedCalls)
}

// returnsOnly reports whether body returns, on every return statement
// outside function literals, the value of one of calls (return
// run(ctx, d, op)) and nothing else, and has one.
func returnsOnly(body *ast.BlockStmt, calls map[*ast.CallExpr]bool) bool {
	rets := typesx.Returns(body)
	for _, r := range rets {
		if len(r.Results) != 1 {
			return false
		}
		if call, _ := ast.Unparen(r.Results[0]).(*ast.CallExpr); !calls[call] {
			return false
		}
	}
	return len(rets) > 0
}
