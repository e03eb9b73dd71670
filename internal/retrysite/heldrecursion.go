package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A recursive retry through a held closure, after a failover loop.
//
// sarama's findCoordinator asks each broker in turn, and once none is
// left (or one answers with a retryable error code) it hands the error to
// a closure it holds, which counts, waits and calls findCoordinator
// again:
//
//	retry := func(err error) (*Resp, error) {
//		if attemptsRemaining > 0 {
//			attemptsRemaining--
//			time.Sleep(backoff)
//			return client.findCoordinator(key, attemptsRemaining)
//		}
//		return nil, err
//	}
//	for broker := client.LeastLoadedBroker(); broker != nil; broker = client.LeastLoadedBroker() {
//		response, err := broker.FindCoordinator(request)
//		if err != nil {
//			continue // the next broker
//		}
//		...
//		return retry(ErrConsumerCoordinatorNotAvailable)
//	}
//	return retry(ErrOutOfBrokers)
//
// A call of such a closure is a call of the function itself
// (typesx.HeldSelfCalls). The loop over brokers is a failover, which the
// loop model judges on its own; the function is also a recursive retry
// when a failure of the operation leads to a call of itself once the
// loop has run out, while a success does not: the loop's condition that
// runs out guards no refresh (interp's goalFreeFailover). The closure's
// waits are the waits between attempts (waits.LoopWaits, waitnum's
// runWait runs the closure's body as the recursion's), and the bound is
// unknown when the closure steps a parameter it captured.

// retriesAfterFailover reports whether fb, whose operation g sits in a
// loop, retries it by calling itself.
//
// target holds selfCalls: the calls of itself, held closures' included.
func (m *model) retriesAfterFailover(fi *funcInfo, fb funcBody, g *opGroup, ref nodeRef, target map[*ast.CallExpr]bool, selfCalls []*ast.CallExpr, held map[*ast.CallExpr]*ast.FuncLit) bool {
	if m.recursionVaries(fb, g, innerSelfCalls(selfCalls, held, m.info, fb.obj)) {
		return false
	}
	return m.isRetry(fi, g, target, ref, nil, goalFreeFailover)
}

// innerSelfCalls returns the calls of the function itself that self
// stands for: a held closure's call stands for the calls of the function
// in the closure's body, with the closure's parameters replaced by the
// call's arguments (follow(loc) for `follow := func(u string) error {
// return fetch(u) }` is fetch(loc)).
func innerSelfCalls(self []*ast.CallExpr, held map[*ast.CallExpr]*ast.FuncLit, info *types.Info, fn *types.Func) []*ast.CallExpr {
	if len(held) == 0 {
		return self
	}
	var res []*ast.CallExpr
	for _, c := range self {
		lit := held[c]
		if lit == nil {
			res = append(res, c)
			continue
		}
		params := make(map[types.Object]ast.Expr)
		var order []*types.Var
		for i, o := range typesx.FuncParams(info, lit.Type) {
			if o != nil && i < len(c.Args) {
				params[o] = c.Args[i]
				order = append(order, o)
			}
		}
		for _, n := range typesx.CallsOf(info, lit.Body, fn) {
			inner := &ast.CallExpr{Fun: n.Fun, Lparen: n.Lparen, Args: make([]ast.Expr, len(n.Args)), Rparen: n.Rparen}
			for j, a := range n.Args {
				inner.Args[j] = a
				if id, ok := ast.Unparen(a).(*ast.Ident); ok && params[info.Uses[id]] != nil {
					inner.Args[j] = params[info.Uses[id]]
					continue
				}
				// A value read from a parameter that is no count
				// (res.Header.Get("Location") in the function on
				// the way back): the argument it is given.
				for _, v := range order {
					if !interp.IsIntegerOrBool(v.Type()) && typesx.UsesAny(info, a, map[*types.Var]bool{v: true}) {
						inner.Args[j] = params[v]
						break
					}
				}
			}
			res = append(res, inner)
		}
	}
	return res
}

// writesParams reports whether body assigns, steps or takes the address
// of a parameter of sig.
func writesParams(info *types.Info, body *ast.BlockStmt, sig *types.Signature) bool {
	params := make(map[types.Object]bool)
	for i := 0; i < sig.Params().Len(); i++ {
		params[sig.Params().At(i)] = true
	}
	is := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && params[info.Uses[id]]
	}
	found := false
	return typesx.InspectUntil(&found, body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if is(l) {
					found = true
				}
			}
		case *ast.IncDecStmt:
			found = is(n.X)
		case *ast.UnaryExpr:
			found = n.Op == token.AND && is(n.X)
		}
		return !found
	})
}
