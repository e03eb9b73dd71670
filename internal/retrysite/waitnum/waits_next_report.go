package waitnum

import "go/ast"

// A failure branch that reports the failure before it goes on to the next
// attempt may do more than call a logger: send the error on a channel,
// report it only once the attempts pass a count, or leave on one kind of
// error:
//
//	if err != nil {
//		if errors.Is(err, errFatal) {
//			report(err)
//			return
//		}
//		if attempt >= maxAttempts {
//			report(err)
//		} else {
//			log(err)
//		}
//		continue
//	}
//
// None of it sets anything up for the next attempt: nextAttempt takes
// such a branch for the path to it, as it takes one that only logs.

// setsNothingUp reports whether st only calls, sends, leaves or goes on:
// an expression statement, a send, a branch or a return, an assignment
// to the blank identifier only (_ = c.close(), results dropped), or an
// if (with no init) made of them.
func setsNothingUp(st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.ExprStmt, *ast.SendStmt, *ast.BranchStmt, *ast.ReturnStmt:
		return true
	case *ast.AssignStmt:
		// _ = ch.close(): a call whose results are dropped.
		for _, l := range st.Lhs {
			if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
				return false
			}
		}
		return true
	case *ast.BlockStmt:
		for _, x := range st.List {
			if !setsNothingUp(x) {
				return false
			}
		}
		return true
	case *ast.IfStmt:
		return st.Init == nil && setsNothingUp(st.Body) && (st.Else == nil || setsNothingUp(st.Else))
	}
	return false
}
