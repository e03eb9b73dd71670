package exits

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A loop over a select may wake itself: the failure of its operation
// sends on a channel that one of its cases receives from, and that case
// arms the wait after which another case runs the operation again
// (sarama's partition consumer):
//
//	var backoff <-chan time.Time
//	for {
//		select {
//		case <-child.stop:
//			return
//		case <-child.trigger:
//			if backoff == nil {
//				backoff = time.After(child.computeBackoff())
//			}
//		case <-backoff:
//			backoff = nil
//			if err := child.dispatch(); err != nil {
//				child.triggerRedispatch() // child.trigger <- none{}
//			}
//		}
//	}
//
// The walks (interp's sim.go, the waits' walk) take every case of a select as
// possible. Two cases are decided instead:
//
//   - A receive from a channel the function's own code sends on (a send
//     in its body, or a call of a method of the same receiver whose body
//     sends on that field of its receiver, two calls deep) is ready only
//     when the path has sent on it since it last received from it. Others
//     may send on it too, but what the loop does by itself is what makes
//     it a retry: a failure that wakes the loop comes back to the
//     operation, a success that waits for someone else to wake it does
//     not. A synthetic variable per channel holds the pending send.
//   - A receive from a local channel variable the path holds nil never
//     happens (a receive from a nil channel blocks): the local is tracked
//     like a flag.
//
// A channel the function receives from but never sends on keeps every
// case possible, as before.

// Channels are the channels of a function's selects that the walks
// decide (see above): the self-woken channels and the channel locals.
type Channels struct {
	// Pending holds the synthetic pending-send variable of each channel
	// the function wakes itself on, PendingAt the variables each graph
	// node sets (to 1: a send).
	Pending   map[*types.Var]*types.Var
	PendingAt map[ast.Node][]*types.Var
	// Locals are the channel locals the selects receive from, tracked
	// for nil.
	Locals map[*types.Var]bool
}

// Scan finds the self-woken channels and the channel locals of f's
// selects, while the core scans f: it adds their variables to tracked.
func (ch *Channels) Scan(f Func, tracked map[*types.Var]bool, escapes map[*types.Var]bool) {
	fi := newFnc(f)
	info := fi.Info()
	comms := make(map[ast.Stmt]bool)
	type recvCase struct {
		key  *types.Var // the field or local received from
		root types.Object
	}
	var cases []recvCase
	inspectNoLits(fi.Body(), func(n ast.Node) {
		sel, ok := n.(*ast.SelectStmt)
		if !ok {
			return
		}
		for _, c := range sel.Body.List {
			cc, ok := c.(*ast.CommClause)
			if !ok || cc.Comm == nil {
				continue
			}
			comms[cc.Comm] = true
			u := typesx.CommReceive(cc.Comm)
			if u == nil {
				continue
			}
			key, root := chanKey(info, u.X)
			if key == nil {
				continue
			}
			_, isChan := key.Type().Underlying().(*types.Chan)
			if isChan && !key.IsField() && key.Pos() >= fi.BodyStart() && key.Pos() < fi.Body().End() && !escapes[key] {
				tracked[key] = true
				if ch.Locals == nil {
					ch.Locals = make(map[*types.Var]bool)
				}
				ch.Locals[key] = true
			}
			cases = append(cases, recvCase{key, root})
		}
	})
	if len(cases) == 0 {
		return
	}
	for _, b := range fi.Graph().Blocks {
		for _, node := range b.Nodes {
			if st, ok := node.(ast.Stmt); ok && comms[st] {
				continue // a select's communication, evaluated ahead of its cases
			}
			for _, rc := range cases {
				if !(pkg{fi.Pkg}).sendsOn(node, rc.key, rc.root, 0) {
					continue
				}
				if ch.Pending == nil {
					ch.Pending = make(map[*types.Var]*types.Var)
					ch.PendingAt = make(map[ast.Node][]*types.Var)
				}
				pv, ok := ch.Pending[rc.key]
				if !ok {
					pv = types.NewVar(rc.key.Pos(), fi.Types(), "pending#"+rc.key.Name(), types.Typ[types.Int])
					ch.Pending[rc.key] = pv
					tracked[pv] = true
				}
				if !slices.Contains(ch.PendingAt[node], pv) {
					ch.PendingAt[node] = append(ch.PendingAt[node], pv)
				}
			}
		}
	}
}

// inspectNoLits calls f for every node of n outside function literals.
func inspectNoLits(n ast.Node, f func(ast.Node)) {
	typesx.InspectNoLits(n, func(x ast.Node) bool {
		if x != nil {
			f(x)
		}
		return true
	})
}

// chanKey returns what a channel expression names: a local variable
// (root nil), or a field of a variable (c.trigger: the field, and c).
func chanKey(info *types.Info, x ast.Expr) (key *types.Var, root types.Object) {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		return v, nil
	case *ast.SelectorExpr:
		v, ok := info.Uses[x.Sel].(*types.Var)
		if !ok || !v.IsField() {
			return nil, nil
		}
		id, ok := ast.Unparen(x.X).(*ast.Ident)
		if !ok {
			return nil, nil
		}
		return v, info.Uses[id]
	}
	return nil, nil
}

// sendsOn reports whether node (outside function literals) sends on the
// channel key of root: a send statement on it, or a call of a method of
// the package on root whose body sends on that field of its receiver
// (two calls deep).
func (m pkg) sendsOn(node ast.Node, key *types.Var, root types.Object, depth int) bool {
	if depth > 2 {
		return false
	}
	info := m.Info()
	found := false
	inspectNoLits(node, func(n ast.Node) {
		if found {
			return
		}
		switch n := n.(type) {
		case *ast.SendStmt:
			if k, r := chanKey(info, n.Chan); k == key && r == root {
				found = true
			}
		case *ast.CallExpr:
			if root == nil {
				return // a local channel is sent on in the function itself
			}
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok {
				return
			}
			id, ok := ast.Unparen(sel.X).(*ast.Ident)
			if !ok || info.Uses[id] != root {
				return
			}
			fn := typesx.Callee(info, n)
			if fn == nil || fn.Pkg() != m.Types() {
				return
			}
			d := m.FuncDecl(fn)
			if d == nil || d.Body == nil || d.Recv == nil || len(d.Recv.List) != 1 || len(d.Recv.List[0].Names) != 1 {
				return
			}
			recv := info.Defs[d.Recv.List[0].Names[0]]
			if recv != nil && m.sendsOn(d.Body, key, recv, depth+1) {
				found = true
			}
		}
	})
	return found
}

// SelectCase decides the fork at the end of b when it is a case of a
// select receiving from a self-woken channel or from a local channel
// held nil (see above), in the walk's state st; ok is false otherwise. While the runs are
// counted (maxRuns, from the function's entry) a self-woken case stays
// possible: the first wake-up comes from elsewhere, and an exit is what
// the count is about.
func (c *Channels) SelectCase(info *types.Info, b *cfg.Block, st State, counting bool) (t, f, ok bool) {
	key := caseKey(info, b)
	if key == nil {
		return false, false, false
	}
	if pv, isTrigger := c.Pending[key]; isTrigger && !counting {
		n, set := st.Int(pv)
		ready := set && n > 0
		return ready, !ready, true
	}
	if c.Locals[key] && st.Nil(key) {
		return false, true, true // a nil channel is never ready
	}
	return false, false, false
}

// Taken returns the pending-send variable of the self-woken channel b's
// case receives from, which the walk resets (to 0) when it takes that
// case, or nil.
func (c *Channels) Taken(info *types.Info, b *cfg.Block) *types.Var {
	if len(c.Pending) == 0 {
		return nil
	}
	return c.Pending[caseKey(info, b)]
}

// caseKey returns the channel (chanKey's key) that the select case
// whose fork ends b receives from, or nil when b is no such fork.
func caseKey(info *types.Info, b *cfg.Block) *types.Var {
	if len(b.Succs) != 2 || b.Succs[0].Kind != cfg.KindSelectCaseBody {
		return nil
	}
	cc, isCC := b.Succs[0].Stmt.(*ast.CommClause)
	if !isCC || cc.Comm == nil {
		return nil
	}
	u := typesx.CommReceive(cc.Comm)
	if u == nil {
		return nil
	}
	key, _ := chanKey(info, u.X)
	return key
}

// StartNil returns the channel locals of f's selects that the
// statements before the node at index of block, the operation a walk
// starts from, in the blocks that hold it, certainly leave nil
// (backoff = nil at the head of the case that dispatches): the walk
// starts with them nil (the core's StartEnv), other variables unknown.
func (c *Channels) StartNil(f Func, block int32, index int) []*types.Var {
	if len(c.Locals) == 0 {
		return nil
	}
	fi := newFnc(f)
	b := fi.Graph().Blocks[block]
	if index >= len(b.Nodes) {
		return nil
	}
	at := b.Nodes[index].Pos()
	var nils []*types.Var
	for v := range c.Locals {
		if fi.nilBefore(v, at) {
			nils = append(nils, v)
		}
	}
	return nils
}

// nilBefore reports whether the local channel v is nil at pos: in the
// statement lists that enclose pos, up to the innermost loop, the last
// statement before pos that writes v is `v = nil`, and no statement
// after it writes v.
func (fi fnc) nilBefore(v *types.Var, pos token.Pos) bool {
	info := fi.Info()
	writes := func(n ast.Node) bool {
		w := false
		return typesx.InspectUntil(&w, n, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					if typesx.VarOf(info, l) == v {
						w = true
					}
				}
			case *ast.UnaryExpr:
				if x.Op == token.AND && typesx.VarOf(info, x.X) == v {
					w = true
				}
			}
			return !w
		})
	}
	setsNil := func(s ast.Stmt) bool {
		a, ok := s.(*ast.AssignStmt)
		return ok && a.Tok == token.ASSIGN && len(a.Lhs) == 1 && len(a.Rhs) == 1 &&
			typesx.VarOf(info, a.Lhs[0]) == v && info.Types[a.Rhs[0]].IsNil()
	}
	// The statement lists enclosing pos, innermost last, up to a loop.
	var lists [][]ast.Stmt
	var visit func(list []ast.Stmt) bool
	visit = func(list []ast.Stmt) bool {
		for _, s := range list {
			if s.Pos() > pos || pos >= s.End() {
				continue
			}
			lists = append(lists, list)
			var inner [][]ast.Stmt
			switch s := s.(type) {
			case *ast.ForStmt:
				lists = nil // only what follows the innermost loop's head counts
				inner = [][]ast.Stmt{s.Body.List}
			case *ast.RangeStmt:
				lists = nil
				inner = [][]ast.Stmt{s.Body.List}
			case *ast.BlockStmt:
				inner = [][]ast.Stmt{s.List}
			case *ast.IfStmt:
				inner = [][]ast.Stmt{s.Body.List}
				if el, ok := s.Else.(*ast.BlockStmt); ok {
					inner = append(inner, el.List)
				} else if s.Else != nil {
					inner = append(inner, []ast.Stmt{s.Else})
				}
			case *ast.SelectStmt:
				for _, c := range s.Body.List {
					inner = append(inner, c.(*ast.CommClause).Body)
				}
			case *ast.SwitchStmt:
				for _, c := range s.Body.List {
					inner = append(inner, c.(*ast.CaseClause).Body)
				}
			case *ast.TypeSwitchStmt:
				for _, c := range s.Body.List {
					inner = append(inner, c.(*ast.CaseClause).Body)
				}
			case *ast.LabeledStmt:
				inner = [][]ast.Stmt{{s.Stmt}}
			}
			for _, l := range inner {
				visit(l) // at most one of them holds pos
			}
			return true
		}
		return false
	}
	visit(fi.Body().List)
	// Innermost list first: the last write before pos decides.
	for i := len(lists) - 1; i >= 0; i-- {
		list := lists[i]
		for j := len(list) - 1; j >= 0; j-- {
			s := list[j]
			if s.End() > pos {
				continue // the statement holding pos (what precedes it in it is an inner list's), or one after it
			}
			if setsNil(s) {
				return true
			}
			if writes(s) {
				return false
			}
		}
	}
	return false
}
