package waitnum

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
)

// sameOverTargets computes a wait a func value with several reaching
// functions returns: known only when every function gives the same value
// (same number, same kind of draw); otherwise unknown, as one function
// breaking the rule does not make the wait break it.

func (ip *winterp) sameOverTargets(x *ast.CallExpr) waitshape.Num {
	ts, ok := ip.m.FuncTargets(x.Fun)
	if !ok || len(ts) < 2 {
		return waitshape.Unknown()
	}
	var r waitshape.Num
	for i, t := range ts {
		if !ip.m.Pure(t.Body, t.Lit) {
			return waitshape.Unknown()
		}
		s := ip.sub(t.Body, t.FT, x)
		if s == nil {
			return waitshape.Unknown()
		}
		v := s.result(t.Body)
		if !v.OK || i > 0 && v != r {
			return waitshape.Unknown()
		}
		r = v
	}
	return r
}

// Samples runs a delay function (a literal, or a function named by x of
// the package or of another package of the module read from its source)
// for attempts start, start+1, ...: parameter attempt gets the attempt,
// the others what bind gives (Known values) or stand-ins. It returns the
// waits at the low, middle and high end of random draws. A function that
// returns a time gives its distance from now (call's time.Now).
func (m *model) Samples(x ast.Expr, attempt, start int, bind map[int]waitshape.Num) (lo, mid, hi []waitshape.Num, ok bool) {
	var body *ast.BlockStmt
	var ft *ast.FuncType
	var lit *ast.FuncLit
	switch y := ast.Unparen(x).(type) {
	case *ast.FuncLit:
		body, ft, lit = y.Body, y.Type, y
	default:
		fn := m.FuncObj(x)
		if fn == nil {
			return nil, nil, nil, false
		}
		d, dm := m.methodOf(fn)
		if d == nil || d.Body == nil || dm == nil {
			return nil, nil, nil, false
		}
		body, ft, m = d.Body, d.Type, dm
	}
	if !m.Pure(body, lit) {
		return nil, nil, nil, false
	}
	params := typesx.FuncParams(m.info, ft)
	if attempt >= len(params) || params[attempt] == nil {
		return nil, nil, nil, false
	}
	run := func(mode float64) []waitshape.Num {
		var res []waitshape.Num
		for k := 0; k < SamplesN; k++ {
			ip := m.newInterp(mode, body, body)
			ip.fn = true
			for i, p := range params {
				if v, ok := bind[i]; ok && p != nil {
					ip.env[p] = v
				}
			}
			ip.env[params[attempt]] = waitshape.Known(float64(start + k))
			res = append(res, ip.result(body))
		}
		return res
	}
	return run(0), run(0.5), run(1), true
}

// bindFactory binds, in s (the interpreter of a factory's literal), the
// factory's parameters to the constants of its call (a literal called at
// once has none).
func (ip *winterp) bindFactory(s *winterp, call *ast.CallExpr) bool {
	d, lit := ip.m.FuncFactory(call)
	if d == nil {
		return lit != nil
	}
	ip.bindArgs(s.env, typesx.FuncParams(ip.m.info, d.Type), call.Args)
	return true
}
