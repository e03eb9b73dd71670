package waits

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// wokenEarly reports whether h, a timer's receive, is a case of a select
// that another case can end with the function going on: a receive from
// a channel that is no timer and no context's Done, whose clause neither
// returns, panics nor leaves by a labelled break or goto. Such a select
// waits for the timer or for an event, whichever comes first: a lock
// waiter woken by the lock's release, with the timer as a fallback, does
// not wait "a fixed" interval, and the model cannot tell how long it
// waits.
func (f Finder) wokenEarly(body *ast.BlockStmt, h *Hit) bool {
	return f.raced(body, h, false)
}

// timedReceive reports whether h, the one wait of a same-package helper
// whose body is body, is a timer raced by a receive from another channel
// (nats' newRequest: select { case msg = <-mch: ...; case <-t.C: return
// ErrTimeout }): the helper waits for a reply with a timeout. Whichever
// case comes first ends the helper, so unlike in the loop itself a case
// that returns is a wake-up too. The timer is the call's own timeout,
// not a wait between attempts: FindWaits drops it, and the call may wait
// for as long as the reply takes.
func (f Finder) timedReceive(body *ast.BlockStmt, h *Hit) bool {
	return f.raced(body, h, true)
}

// raced is wokenEarly, and with anyEnd timedReceive.
func (f Finder) raced(body *ast.BlockStmt, h *Hit, anyEnd bool) bool {
	found := false
	return typesx.InspectUntil(&found, body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectStmt)
		if !ok {
			return true
		}
		if sel.Pos() > h.Node.Pos() || h.Node.End() > sel.End() {
			return true
		}
		var timer *ast.CommClause
		for _, c := range sel.Body.List {
			cc := c.(*ast.CommClause)
			if cc.Comm == nil {
				return true // a default case: nonblocking, no wait at all
			}
			if cc.Comm.Pos() <= h.Node.Pos() && h.Node.End() <= cc.Comm.End() {
				timer = cc
			}
		}
		if timer == nil {
			return true
		}
		for _, c := range sel.Body.List {
			cc := c.(*ast.CommClause)
			if cc == timer {
				continue
			}
			u := typesx.CommReceive(cc.Comm)
			if u == nil || f.ReceiveWait(u, body) != nil || f.isDone(u) || !anyEnd && leaves(cc.Body) || f.keepsArmed(cc.Body, h) ||
				anyEnd && f.signalOnly(cc.Comm, u) && leaves(cc.Body) {
				continue
			}
			found = true
			return false
		}
		return true
	})
}

// signalOnly reports whether comm, a case's receive u, takes no value
// from a channel of struct{} (case <-cancel:). When its case also leaves
// the helper, it is a cancellation (go-autorest's
// DelayForBackoff(backoff, attempt, r.Context().Done()): case <-cancel:
// return false), not the reply timedReceive's helper waits for; a signal
// that ends the select and goes on (case <-c.pong:) is a reply.
func (f Finder) signalOnly(comm ast.Stmt, u *ast.UnaryExpr) bool {
	if _, bare := comm.(*ast.ExprStmt); !bare {
		return false
	}
	ch, ok := f.Info.TypeOf(u.X).Underlying().(*types.Chan)
	if !ok {
		return false
	}
	st, ok := ch.Elem().Underlying().(*types.Struct)
	return ok && st.NumFields() == 0
}

// isDone reports whether u receives from a Done method's channel
// (ctx.Done(), a closer's Done): cancellation, not a wake-up.
func (f Finder) isDone(u *ast.UnaryExpr) bool {
	call, ok := ast.Unparen(u.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typesx.Callee(f.Info, call)
	return fn != nil && fn.Name() == "Done"
}

// leaves reports whether a case body leaves the function or the loop: a
// return, a panic, a labelled break or a goto.
func leaves(stmts []ast.Stmt) bool {
	out := false
	for _, s := range stmts {
		typesx.InspectNoLits(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ReturnStmt:
				out = true
			case *ast.BranchStmt:
				if n.Tok == token.GOTO || (n.Tok == token.BREAK && n.Label != nil) {
					out = true
				}
			case *ast.CallExpr:
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == "panic" {
					out = true
				}
			}
			return !out
		})
	}
	return out
}

// keepsArmed reports whether a case body leaves the wait h, a receive
// from a local channel variable armed with time.After (waits_chanvar.go),
// as it is: every statement either leaves (an if whose body returns or
// panics) or acts only while the variable is nil (if backoff == nil {
// backoff = time.After(d) }). The select then goes round to the same
// armed timer: the case wakes the loop, not the wait (sarama's trigger
// case arms the backoff only when none is pending).
func (f Finder) keepsArmed(stmts []ast.Stmt, h *Hit) bool {
	u, ok := h.Node.(*ast.UnaryExpr)
	if !ok || len(stmts) == 0 {
		return false
	}
	v := f.Info.Uses[typesx.IdentOf(u.X)]
	if v == nil {
		return false
	}
	for _, s := range stmts {
		is, ok := s.(*ast.IfStmt)
		if !ok || is.Else != nil {
			return false
		}
		if leaves(is.Body.List) && len(is.Body.List) > 0 {
			if _, ret := is.Body.List[len(is.Body.List)-1].(*ast.ReturnStmt); ret {
				continue
			}
		}
		if is.Init != nil || typesx.NilTest(f.Info, is.Cond, v) != token.EQL {
			return false
		}
	}
	return true
}
