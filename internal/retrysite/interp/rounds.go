package interp

import (
	"go/ast"
	"go/types"
	"maps"
)

// This file lets the walks read a retry in rounds (retrysite's
// rounds.go): an outer loop that tries every item of a list again after
// the whole list failed (for !done { for _, url := range urls { if
// try(url) == nil { return } }; wait }). Seen from one item, the inner
// range runs the item once per round: the other items are the failover
// between two tries of this one, not retries of it.

// OnceRange returns a copy of fi in which the range statement r runs its
// body once each time the walks enter it (its range expression restarts
// it) and leaves it when they come back to its head: a walk that starts
// in r's body is in its one iteration. fi itself is unchanged; the copy
// shares its graph and everything else.
func (fi *FuncInfo) OnceRange(r *ast.RangeStmt) *FuncInfo {
	c := *fi
	c.once = r
	c.rangeCounter, c.rangeLen = maps.Clone(fi.rangeCounter), maps.Clone(fi.rangeLen)
	if fi.rangeVals[r] != nil {
		c.rangeVals = maps.Clone(fi.rangeVals)
		delete(c.rangeVals, r)
	}
	c.Tracked, c.order = maps.Clone(fi.Tracked), maps.Clone(fi.order)
	cv := types.NewVar(r.For, fi.M.pkg, "round#", types.Typ[types.Int])
	c.rangeCounter[r] = cv
	c.rangeLen[r] = 1
	c.Tracked[cv] = true
	c.order[cv] = len(fi.order)
	// ordered lists order's variables (appendEnv's fast path): the
	// round's counter too, in a list of the copy's own.
	c.ordered = append(fi.ordered[:len(fi.ordered):len(fi.ordered)], cv)
	// The copy counts the range as a tracked variable: nothing it
	// cached about the original's variables and forks holds for it.
	c.statelessMemo, c.nonCount, c.invariant, c.inlined = nil, nil, nil, nil
	c.idents, c.sels, c.calls, c.bins, c.lhs = nil, nil, nil, nil, nil
	return &c
}

// onceBranch decides the head of the range run once (OnceRange): the
// body when its expression has just restarted it, the exit otherwise.
func (fi *FuncInfo) onceBranch(r *ast.RangeStmt, e Env) (t, f bool) {
	if x, ok := e.Get(fi.rangeCounter[r]); ok && x.K == VInt && x.I == 0 {
		return true, false
	}
	return false, true
}

// onceRestart restarts the range run once when n is its expression.
func (fi *FuncInfo) onceRestart(n ast.Node, e Env) Env {
	if fi.once != nil && n == ast.Node(fi.once.X) {
		return e.Set(fi.rangeCounter[fi.once], IntVal(0))
	}
	return e
}
