package waitnum

import (
	"go/ast"
	"go/token"
	"maps"

	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
)

// A helper that returns from a branch whose condition the interpreter
// cannot decide (if c.enabled() { return c.interval }; return 0) may
// return either value. Both are computed: the branch on a copy of the
// interpreter, the rest as usual. When they agree the helper's value is
// known; otherwise it is unknown, and the rules stay silent (a helper
// that returns a fixed wait on one branch and a growing one on the other
// has no single shape). A branch that returns no wait at all is the
// exception (applyAlts).

// comparison reports whether cond compares values (n > max, d != 0,
// fn != nil), possibly negated. Such a branch keeps its reading from
// before: a limit the model cannot see is taken not to bind (limit in
// waits_num.go), a setting compared with its zero is at its default. A
// branch on a bare bool (a flag, a predicate call) is what altReturn
// follows.
func comparison(cond ast.Expr) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			return comparison(c.X)
		}
	case *ast.BinaryExpr:
		switch c.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return true
		case token.LAND, token.LOR:
			return comparison(c.X) && comparison(c.Y)
		}
	}
	return false
}

// altReturn runs list, a branch that leaves the helper, on a copy of the
// interpreter, and keeps the value it returns.
func (ip *winterp) altReturn(list []ast.Stmt) {
	if len(ip.objs) > 0 {
		// The branch may change a followed object: not copied.
		ip.alts = append(ip.alts, waitshape.Unknown())
		return
	}
	alt := *ip
	alt.env = maps.Clone(ip.env)
	alt.alts = nil
	alt.clamps = append([]waitClamp(nil), ip.clamps...)
	alt.hit = nil
	switch alt.stmts(list) {
	case ctrlReturn:
		ip.alts = append(ip.alts, alt.ret)
	case ctrlStop:
		ip.alts = append(ip.alts, waitshape.Unknown())
	}
	// Other ends (a panic) return no wait.
}

// applyAlts combines the value returned with the other branches' values.
// A branch that returns no wait at all (a constant zero: a switch that
// turns sleeping off, as tests use) cannot make a wait comply with R-1,
// since retrying at once breaks it too; the other value, when it is
// computed from what the model sees (not a stand-in), then decides the
// shape, and a compliant one keeps the rules silent.
func (ip *winterp) applyAlts() {
	for _, a := range ip.alts {
		switch {
		case noWait(a) && ip.ret.OK && (!ip.ret.Opq || fixedSetting(ip.ret)):
			continue
		case noWait(ip.ret) && a.OK && (!a.Opq || fixedSetting(a)):
			ip.ret = a
			continue
		}
		if !a.OK || !ip.ret.OK || a.Raw || ip.ret.Raw || !waitshape.Approx(a.V, ip.ret.V) ||
			a.Rnd != ip.ret.Rnd || a.Opq != ip.ret.Opq {
			ip.ret = waitshape.Unknown()
			return
		}
	}
}

// fixedSetting reports whether v is a setting the model cannot see that
// stays the same from one attempt to the next (a field's stand-in, not
// drawn, not computed from the attempt). A helper that returns it or no
// wait at all (the configured interval when the feature is on, 0 when it
// is off) returns a fixed interval either way: the setting decides the
// shape, as it does when it is waited for directly.
func fixedSetting(v waitshape.Num) bool {
	return v.Opq && !v.Vary && !v.Rnd && !v.Raw && !v.Sched && !v.Decor && !v.IsBool
}

// noWait reports whether v is the constant zero wait.
func noWait(v waitshape.Num) bool {
	return v.OK && v.V == 0 && !v.Rnd && !v.Raw && !v.Opq && !v.Vary && !v.Sched && !v.IsBool
}
