package waitnum

import (
	"go/ast"
	"go/token"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A loop that waits first and then runs the operation (wait; err := op();
// if err != nil { continue }; return nil) goes on to its next attempt
// through the branch that continues, not through the statements after
// it, which end the loop. Once this attempt's wait is recorded, an
// undecided `if` with no else whose body ends in a continue of the loop
// under study (or in a call of the recursion under study), after calls only (a log line, closing what failed, and
// the sends and ifs of them that report the failure), is
// the path to the next attempt: the interpreter takes it,
// so that the wait is sampled over every attempt and not over the first
// one only (a single sample would look like a fixed interval).

// nextAttempt reports whether s, undecided, is that branch.
func (ip *winterp) nextAttempt(s *ast.IfStmt) bool {
	if ip.fn || !(ip.recorded || ip.passedGuardedWait(s)) || s.Else != nil || len(s.Body.List) == 0 {
		return false
	}
	last := s.Body.List[len(s.Body.List)-1]
	// A recursion's next attempt: return f(...), or f(...); return.
	r, recurse := last.(*ast.ReturnStmt)
	if n := len(s.Body.List); recurse && len(r.Results) == 0 && n > 1 {
		if x, ok := s.Body.List[n-2].(*ast.ExprStmt); ok {
			r = &ast.ReturnStmt{Results: []ast.Expr{x.X}}
		}
	}
	recurse = recurse && ip.selfCall(r.Results...) != nil
	br, ok := last.(*ast.BranchStmt)
	if !recurse && (!ok || br.Tok != token.CONTINUE) {
		return false
	}
	failed := ip.opFailed(s)
	for _, st := range s.Body.List[:len(s.Body.List)-1] {
		if !failed && !setsNothingUp(st) { // waits_next_report.go
			// A branch that sets something up for the next attempt
			// (wait = time.Second) is a path of its own: left to the
			// rules above, unless it is the operation's failure
			// (below).
			return false
		}
	}
	if recurse {
		return true
	}
	if br.Label == nil {
		// An unlabelled continue goes to the innermost loop: the
		// region's own loop unless the if sits in a nested one.
		return !ip.nestedLoop(s)
	}
	// A labelled continue: only a goto-label region's own label is
	// known to be the loop under study.
	_, labelled := ip.region.(*ast.LabeledStmt)
	return labelled && ip.label != nil && ip.m.info.Uses[br.Label] == ip.label
}

// nestedLoop reports whether n lies in a for or range statement nested
// in the region's loop.
func (ip *winterp) nestedLoop(n ast.Node) bool {
	body := loopBody(ip.region)
	if body == nil {
		return true
	}
	nested := false
	ast.Inspect(body, func(x ast.Node) bool {
		if nested || x == nil {
			return false
		}
		switch l := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			if l.Pos() <= n.Pos() && n.End() <= l.End() {
				nested = true
			}
			return false
		}
		return x.Pos() <= n.Pos() && n.End() <= x.End()
	})
	return nested
}

// passedGuardedWait reports whether this attempt went past the wait under
// study without recording it: the wait sits before s in the loop's body,
// under a guard this attempt did not take (`if i > 0 { time.Sleep(d) }`
// on the first attempt). The attempt's wait is then settled too, and a
// continue after it leads to the next attempt, which waits.
func (ip *winterp) passedGuardedWait(s *ast.IfStmt) bool {
	if ip.hit == nil || ip.hit.node == nil || ip.region == nil {
		return false
	}
	w := ip.hit.node
	if w.Pos() >= s.Pos() || w.Pos() < ip.region.Pos() || w.End() > ip.region.End() {
		return false
	}
	// The wait must be inside an if of the same list of statements as
	// s or of an enclosing one, that is, passed on the way to s.
	guarded := false
	return typesx.InspectUntil(&guarded, ip.region, func(n ast.Node) bool {
		if is, ok := n.(*ast.IfStmt); ok && is.End() <= s.Pos() && is.Body.Pos() <= w.Pos() && w.End() <= is.Body.End() {
			guarded = true
		}
		return true
	})
}

// opFailed reports whether s tests that the operation under study failed:
// its condition is err != nil, err an error the region assigns from a
// call of the site's operation. Its branch, ending in a continue, is the
// failure path to the next attempt, whatever it sets up for it (n++;
// t.Reset(next); continue): the statements after it are the success's.
func (ip *winterp) opFailed(s *ast.IfStmt) bool {
	x, op := typesx.NilCompared(ip.m.info, s.Cond)
	if op != token.NEQ || len(ip.ops) == 0 || ip.region == nil {
		return false
	}
	v := typesx.VarOf(ip.m.info, x)
	if v == nil || !typesx.IsErrorType(v.Type()) {
		return false
	}
	found := false
	ast.Inspect(ip.region, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if found || !ok || len(a.Rhs) != 1 {
			return !found
		}
		call, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
		if !ok || !ip.ops[call] {
			return true
		}
		for _, l := range a.Lhs {
			found = found || typesx.VarOf(ip.m.info, l) == v
		}
		return !found
	})
	return found
}
