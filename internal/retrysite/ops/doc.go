// Package ops describes the operations a retry site repeats (site.Op):
// the call, whether it sends an HTTP request and with which method, and
// what is known of its Idempotency-Key — set once outside the
// retry, generated per attempt, constant, missing — by following the
// request through helpers, closures, func values, variables, fields and
// the clients and transports that add headers. A request handed to code
// the model cannot read (a func value, an interface of another package)
// may get a key there, and its key is then unknown; unless the hand-off
// comes after the send in the same function, with no loop, literal, goto
// or self-call that leads back to it (a completion hook).
//
// A method of an interface of the package (exported or not) sends what
// the package's own implementations send, merged (a retrying decorator
// over a Caller whose HTTPCaller POSTs re-sends POSTs); another package's
// method func([ctx,] *http.Request) (*http.Response, error) sends the
// request it is handed, with a key unknown when its package's source names
// one; and a request another package's function makes from exactly one
// constant method has that method.
//
// What sends a request, makes or copies one, is a request type, a
// request builder (its setters and sends) or a transport that adds a key
// is read from the request vocabularies of the knowledge tables
// (knowledge/requestmodels.go: each library's RequestVocab and net/http's
// own); the package names no library.
//
// It is a description layer under the model: package retrysite finds
// the sites and asks a Describer to describe each operation call (Op) and
// a library site's operations (Library). What it needs of the model
// beyond the package's syntax and types — a same-package function's
// declaration, the literal a local variable holds, the functions a func
// value may run — it asks through the Model interface, so it does not
// import the model.
package ops

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"golang.org/x/tools/go/analysis"
)

// Model is what describing operations needs of the model that found the
// sites.
type Model interface {
	// FuncDecl returns the declaration of a same-package function, or
	// nil.
	FuncDecl(fn *types.Func) *ast.FuncDecl
	// HeldFuncLit returns the function literal a local variable always
	// holds, when x names one.
	HeldFuncLit(x ast.Expr) *ast.FuncLit
	// FuncTargets returns the functions a call of the func value fun may
	// run; ok is false when the model cannot tell.
	FuncTargets(fun ast.Expr) (ts []Target, ok bool)
	// DeclElsewhere returns the declaration of another package's
	// function from its file parsed alone (syntax only) and that file;
	// nil when not at hand. SourceMentions reports whether its package's
	// source holds one of words.
	DeclElsewhere(fn *types.Func) (*ast.FuncDecl, *ast.File)
	SourceMentions(fn *types.Func, words []string) bool
}

// A Target is one function a func value may run: a literal, or a
// declared function of the package.
type Target struct {
	Lit  *ast.FuncLit
	Decl *ast.FuncDecl
}

// model is the package being analysed, seen through Model.
type model struct {
	Model
	pass *analysis.Pass
	info *types.Info
	pkg  *types.Package
	// keyHeaders are the headers, beyond Idempotency-Key, accepted as
	// idempotency keys (the -key-headers option).
	keyHeaders []string
	// values indexes the values assigned to each variable and field of
	// the package, built on first use (ops_request.go).
	values map[*types.Var][]ast.Expr
	// calls indexes the calls of the package's functions, built on
	// first use (ops_callers.go).
	calls map[*types.Func][]callAt
	// buildsKeyed caches whether the package gives a constant POST or
	// PATCH to one of its functions (handed.go).
	buildsKeyed *bool
	// keyNamed caches whether the package names a key header in a
	// string constant (methods.go).
	keyNamed *bool
	// varCalls indexes the calls of the package's functions in its
	// package-level variables' values, built on first use (methods.go).
	varCalls map[*types.Func][]*ast.CallExpr
	// transports indexes the values assigned to the Transport of a
	// client held in each struct field, built on first use
	// (fieldTransports).
	transports map[*types.Var][]ast.Expr
	// elsewhere caches the sends of other packages' functions
	// (ops_elsewhere.go), shared by the rebound copies.
	elsewhere map[*types.Func]*sendDesc
	// impls caches the package's implementations of an interface
	// method (implementations).
	impls map[*types.Func][]*ast.FuncDecl
}

// A Describer describes the operations of one package's retry sites.
type Describer struct{ m *model }

// New returns a Describer for pass, asking m what it needs of the model;
// info and pkg are the type information of the code it describes, and
// keyHeaders the headers accepted as idempotency keys besides
// Idempotency-Key.
func New(pass *analysis.Pass, info *types.Info, pkg *types.Package, m Model, keyHeaders []string) *Describer {
	return &Describer{&model{Model: m, pass: pass, info: info, pkg: pkg, keyHeaders: keyHeaders, elsewhere: make(map[*types.Func]*sendDesc)}}
}

// Rebind returns a Describer of the same pass for another view of the
// model (another package's helper studied for a caller): it keeps d's
// options and the value index built so far.
func (d *Describer) Rebind(info *types.Info, pkg *types.Package, m Model) *Describer {
	c := *d.m
	c.Model, c.info, c.pkg = m, info, pkg
	c.calls = nil
	return &Describer{&c}
}

// Op describes one operation call of a hand-written site or of a closure
// given to a retry library. The retried code is inferred from where the
// call is: the innermost loop around it, else the code after a goto label
// before it, else its whole function (a recursive retry, a closure a
// retry library calls on every attempt).
func (d *Describer) Op(call *ast.CallExpr) *site.Op { return d.m.describeOpIn(call, d.m.opFrame(call)) }

// Library describes the operations of a library site: its operation
// arguments, or the sends of the client it configures.
func (d *Describer) Library(s *site.Site) { d.m.libOps(s) }
