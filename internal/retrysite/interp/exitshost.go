package interp

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/internal/retrysite/interp/exits"
)

// Package exits judges the exits and select cases of a loop that count
// nothing (flags, settings, a registry's key, stop checks, self-woken
// selects). exitsPkg is the model as it reads it (exits.Pkg), exitsFunc
// a funcInfo (exits.Func), and a walk's state (exits.State) is its env:
// the simulation calls it with these.

type (
	exitsPkg  struct{ *Model }
	exitsFunc struct{ fi *FuncInfo }
)

func (x exitsPkg) Info() *types.Info                     { return x.Model.info }
func (x exitsPkg) Types() *types.Package                 { return x.Model.pkg }
func (x exitsPkg) Files() []*ast.File                    { return x.Model.pass.Files }
func (x exitsPkg) Pass() *analysis.Pass                  { return x.Model.pass }
func (x exitsPkg) IsIntegration(call *ast.CallExpr) bool { return x.Model.host.IsIntegration(call) }
func (x exitsPkg) ConstructedOnly(v *types.Var) bool {
	return x.Model.ix != nil && x.Model.ix.ConstructedOnly(v)
}

func (x exitsFunc) Package() exits.Pkg              { return exitsPkg{x.fi.M} }
func (x exitsFunc) Body() *ast.BlockStmt            { return x.fi.Body }
func (x exitsFunc) BodyStart() token.Pos            { return x.fi.bodyStart() }
func (x exitsFunc) Graph() *cfg.CFG                 { return x.fi.Cfg }
func (x exitsFunc) Assigns(v *types.Var) []ast.Expr { return x.fi.assigns[v] }
func (x exitsFunc) Stateless(e ast.Expr) bool       { return x.fi.stateless(e) }

// takeTrigger consumes the pending send of the self-woken channel b's
// case receives from, when the walk takes that case.
func (fi *FuncInfo) takeTrigger(b *cfg.Block, e Env) Env {
	if pv := fi.chans.Taken(fi.M.info, b); pv != nil {
		return e.Set(pv, IntVal(0))
	}
	return e
}

// StartEnv is the state a walk from the operation at ref starts in: the
// channel locals of the function's selects that the statements before
// the operation certainly leave nil (exits.Channels.StartNil); other
// variables start unknown.
func (fi *FuncInfo) StartEnv(ref NodeRef) Env {
	e := Env{}
	for _, v := range fi.chans.StartNil(exitsFunc{fi}, ref.Block, ref.Index) {
		e = e.Set(v, Value{K: VNil})
	}
	return e
}

// declsBefore returns e with the values of the locals the iteration
// declares before the operation at ref (exits.DeclsBefore).
func (fi *FuncInfo) declsBefore(ev *Evaluator, ref NodeRef, e Env) Env {
	for _, n := range exits.DeclsBefore(exitsFunc{fi}, ref.Block, ref.Index) {
		e = ev.Exec(n, e)
	}
	return e
}
