package interp

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"golang.org/x/tools/go/cfg"
)

// A type switch on an error (switch err.(type) { case *url.Error: ... })
// decides like the comma-ok assertions it stands for. go/cfg lowers it to
// a chain of forks with no condition node: each fork's true side is the
// body of a clause, its false side the test of the clause's next type
// (or the next clause). typeForks maps each such fork to the switch's
// operand and the type it tests, and typeFork evaluates it as the
// assertion x.(T) (outcomeval's AssertError: the outermost layer of a
// certificate error only). A fork on a value that is not an error stays
// undecided.

// typeTest is the test of one fork of a type switch.
type typeTest struct {
	x ast.Expr // the switch's operand
	t ast.Expr // the type of the case (nil: the nil case)
}

// typeForks indexes the forks of the function's type switches on errors.
func (fi *FuncInfo) typeForks() map[*cfg.Block]typeTest {
	if fi.typeTests != nil {
		return fi.typeTests
	}
	fi.typeTests = make(map[*cfg.Block]typeTest)
	info := fi.M.info
	operand := make(map[*ast.CaseClause]ast.Expr)
	ast.Inspect(fi.Body, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSwitchStmt)
		if !ok {
			return true
		}
		x := typeSwitchOperand(ts)
		if x == nil || !typesx.IsErrorType(info.TypeOf(x)) {
			return true
		}
		for _, c := range ts.Body.List {
			operand[c.(*ast.CaseClause)] = x
		}
		return true
	})
	if len(operand) == 0 {
		return fi.typeTests
	}
	// The forks into each clause's body, in the order go/cfg made them
	// (the index of the block that tests the next type).
	forks := make(map[*cfg.Block][]*cfg.Block)
	for _, b := range fi.Cfg.Blocks {
		if len(b.Succs) != 2 || b.Succs[0].Kind != cfg.KindSwitchCaseBody {
			continue
		}
		if _, ok := b.Succs[0].Stmt.(*ast.CaseClause); ok {
			forks[b.Succs[0]] = append(forks[b.Succs[0]], b)
		}
	}
	for body, bs := range forks {
		cc := body.Stmt.(*ast.CaseClause)
		x, ok := operand[cc]
		if !ok || len(bs) != len(cc.List) {
			continue
		}
		slices.SortFunc(bs, func(a, b *cfg.Block) int { return int(a.Succs[1].Index - b.Succs[1].Index) })
		for i, b := range bs {
			fi.typeTests[b] = typeTest{x: x, t: cc.List[i]}
		}
	}
	return fi.typeTests
}

// typeFork evaluates the fork b of a type switch on an error; ok is
// false for other blocks.
func (ev *Evaluator) typeFork(b *cfg.Block, e Env) (Value, bool) {
	tt, ok := ev.Fi.typeForks()[b]
	if !ok {
		return Value{}, false
	}
	v := ev.Eval(tt.x, e)
	if id, ok := ast.Unparen(tt.t).(*ast.Ident); ok && id.Name == "nil" {
		if _, isNil := ev.info().Uses[id].(*types.Nil); isNil {
			switch {
			case v.K == VNil:
				return BoolVal(true), true
			case v.NonNil():
				return BoolVal(false), true
			}
			return Unknown(v.Dep), true
		}
	}
	return ev.out().AssertError(v, ev.info().TypeOf(tt.t)), true
}

// typeSwitchOperand returns x of switch x.(type) (or v := x.(type)).
func typeSwitchOperand(ts *ast.TypeSwitchStmt) ast.Expr {
	var x ast.Expr
	switch a := ts.Assign.(type) {
	case *ast.ExprStmt:
		x = a.X
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			x = a.Rhs[0]
		}
	}
	if ta, ok := ast.Unparen(x).(*ast.TypeAssertExpr); ok {
		return ta.X
	}
	return nil
}
