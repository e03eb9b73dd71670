package interp

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/interp/outcomeval"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// companion decides a comparison of an integer the operation returns
// beside its error (opResult), or of an integer field of a result so
// returned (companionOf), when the scenario has no error: a criterion on
// the operation's own result, which then agrees with the error. Against
// a status it takes the scenario's (`err == nil && code == 200`,
// `res.StatusCode != http.StatusTooManyRequests`: isStatus); on success,
// against an argument of the same call or its len, it is the count of a
// read or write moved in full (`n != len(p) || err != nil`). Anything
// else (`holder == 0`, `ready == len(nodes)`, `job.Progress == 100`) is
// a state and stays unknown: a poll, not a retry. It returns l and r with
// the integer so decided.
func (ev *Evaluator) companion(x *ast.BinaryExpr, l, r Value) (Value, Value) {
	c, other, self := &l, x.Y, x.X
	if l.Dep&depCompanion == 0 || l.Known() {
		c, other, self = &r, x.X, x.Y
	}
	if c.Dep&depCompanion == 0 || c.Known() || ev.Sc.Err.K != VNil || ev.Sc.Status == 0 {
		return l, r
	}
	switch {
	case ev.Fi.isStatus(self, other, c.I != 0):
		*c = IntVal(int64(ev.Sc.Status))
	case ev.Sc.Status == 200 && ev.argOf(token.Pos(c.I), other):
		l, r = IntVal(0), IntVal(0)
	}
	return l, r
}

// isStatus reports whether other, compared with self (an integer the
// operation returns, direct, or a field of its result), is a status: a
// constant net/http declares as one, a constant in 100..599 compared with
// a field of a status name (outcomeval's), one in 200..300 with a direct.
func (fi *FuncInfo) isStatus(self, other ast.Expr, direct bool) bool {
	tv := fi.M.info.Types[other]
	if tv.Value == nil || tv.Value.Kind() != constant.Int {
		return false
	}
	i, _ := constant.Int64Val(tv.Value)
	if c, ok := fi.M.info.Uses[typesx.NameIdent(other)].(*types.Const); ok && c.Pkg() != nil && c.Pkg().Path() == "net/http" && strings.HasPrefix(c.Name(), "Status") {
		return true
	}
	sel, _ := ast.Unparen(self).(*ast.SelectorExpr)
	return sel != nil && outcomeval.StatusFieldName(sel.Sel.Name) && i >= 100 && i <= 599 || direct && i >= 200 && i <= 300
}

// companionOf reports whether e is an integer the calls of op return
// beside their error (direct), or an integer field of a result they so
// return (res, err := op(); res.StatusCode).
func (fi *FuncInfo) companionOf(e ast.Expr, op map[*ast.CallExpr]bool) (direct, ok bool) {
	x := e
	sel, isSel := ast.Unparen(e).(*ast.SelectorExpr)
	if isSel {
		x = sel.X
		if f, ok := fi.M.info.Uses[sel.Sel].(*types.Var); !ok || !f.IsField() {
			return false, false
		}
	}
	v := typesx.VarOf(fi.M.info, x)
	if !typesx.IsInteger(fi.M.info.TypeOf(e)) || !fi.holdsOpResult(x, op) || typesx.ErrorResult(fi.M.info.TypeOf(fi.assigns[v][0])) < 0 {
		return false, false
	}
	return !isSel, true
}

// ReportsStatus reports whether the calls of op return a response, or
// an integer or result the function compares with a status (isStatus):
// the model then tries them on statuses too.
func (fi *FuncInfo) ReportsStatus(op map[*ast.CallExpr]bool) bool {
	found := false
	for call := range op {
		found = found || ReturnsResponse(fi.M.info, call)
	}
	ast.Inspect(fi.Body, func(n ast.Node) bool {
		if x, ok := n.(*ast.BinaryExpr); ok && !found && x.Op != token.LAND && x.Op != token.LOR {
			for _, p := range [][2]ast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
				direct, ok := fi.companionOf(p[0], op)
				found = found || ok && fi.isStatus(p[0], p[1], direct)
			}
		}
		return !found
	})
	return found
}

// argOf reports whether e, under a conversion or len, is written as an
// argument of the call at pos.
func (ev *Evaluator) argOf(pos token.Pos, e ast.Expr) bool {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			break
		}
		if b, _ := ev.info().Uses[typesx.IdentOf(call.Fun)].(*types.Builtin); !ev.info().Types[call.Fun].IsType() && (b == nil || b.Name() != "len") {
			break
		}
		e = call.Args[0]
	}
	want, found := types.ExprString(e), false
	ast.Inspect(ev.Fi.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && call.Pos() == pos {
			for _, a := range call.Args {
				found = found || types.ExprString(a) == want
			}
		}
		return !found
	})
	return found
}
