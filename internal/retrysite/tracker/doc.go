// Package tracker reads the count of a hand-written retry loop that keeps
// its attempts in an object of the package: an attempt tracker the loop
// asks whether to go round (`if retry.IsNextRetry(resp, err) { continue
// }`). The retry-site model (package retrysite) asks it only for a loop
// whose bound its interpreter leaves unknown (the loop has no counter of
// its own).
//
// The tracker must be defined once before the loop by a constructor of
// the package, or by a func field the package sets to one, that returns
// &T{max: n}; the method the loop asks must step a receiver field before
// it can say yes and say no past max (`t.attempts++; if t.attempts >
// t.max { return false }`). The loop then makes at most n retries (n-1
// with >=), n the constructor's argument, read through the value index
// when it is a field or setting (its defaults noted as the index notes
// them). A tracker whose method can say yes without counting, whose
// counter is written anywhere else than in such a method, or whose limit
// the package writes more than once bounds nothing: the bound stays
// unknown. Another package's helper (a model reading a package of the
// module from source) is not read: its files are not at hand.
//
// The same constructor tells the evaluator which method an interface
// method call on the tracker runs (Method): the local holds that one
// type, so retry.IsNextRetry(...) is read through T's IsNextRetry, and
// client-go's withRetry, which also says no to a response that is neither
// a 429 nor a 5xx, lets a success leave request()'s loop.
//
// It asks the model through Model (the model's methods, retrysite's
// loops.go calls LoopBound); its tests run the retrysite Analyzer over
// testdata/src/example.com/tracker.
package tracker

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/retrysite/site"
)

// Model is what the tracker reader asks of the retry-site model: the
// declarations of the package (the interpreter's) and the values the
// value index resolves.
type Model interface {
	// FuncDecl returns the declaration of a function of the package.
	FuncDecl(fn *types.Func) *ast.FuncDecl
	// IndexedFunc returns the function a func-typed expression runs
	// when the package writes one (valueindex).
	IndexedFunc(fun ast.Expr) (body *ast.BlockStmt, ft *ast.FuncType, lit *ast.FuncLit, factory *ast.CallExpr, ok bool)
	// BoundOverValues chooses a bound over the values once reads.
	BoundOverValues(once func() site.Bound) site.Bound
	// WriteInt returns the integer an expression written to a field or
	// variable holds.
	WriteInt(x ast.Expr) (int64, bool)
}

// model is the tracker reader of one package: the model, and the type
// information of the package it analyses.
type model struct {
	Model
	pass *analysis.Pass
	info *types.Info
	pkg  *types.Package
}

// LoopBound returns the bound a tracker object declared before loop in
// body sets, when the loop asks it whether to go round (trackerBound);
// info and pkg are those of the package the model reads.
func LoopBound(pass *analysis.Pass, info *types.Info, pkg *types.Package, m Model, body *ast.BlockStmt, loop ast.Node) (site.Bound, bool) {
	return (&model{Model: m, pass: pass, info: info, pkg: pkg}).trackerBound(body, loop)
}

// Method returns the method of the one type a local tracker holds that
// an interface method call on it runs (trackerMethod), or nil.
func Method(pass *analysis.Pass, info *types.Info, pkg *types.Package, m Model, call *ast.CallExpr) *types.Func {
	return (&model{Model: m, pass: pass, info: info, pkg: pkg}).trackerMethod(call)
}
