// Package timeouts describes the timeouts of a retry site (R-3 and the
// timeout standard): does every attempt have a timeout (a context
// deadline, a request's context, a client's Timeout), is the whole retry
// capped (a deadline over the loop, an elapsed-time check, a library's
// MaxElapsedTime), and what is the worst case when it can be computed
// (attempts x timeout + waits). It fills in site.Timeouts.
//
// A library site's timeouts come from its table's TimeoutVocab
// (knowledge/timeoutmodels.go), read by one interpreter
// (timeouts_libs.go): the context the library watches (a setting's
// argument, the entry's context or request argument, the caller's, or
// context.Background() by default) and whether it hands it to the
// operation; the total caps (the setting chosen by the kind of
// configuration, what 0 means, the table's default MaxElapsedTime, or why
// there is none); the attempt timeout of the HTTP client the library
// builds (a timeout setting, a client setting, or the constructor's
// client with none); and the longest waits between its attempts for the
// worst case. A table with none is a configuration: each call brings the
// caller's context.
//
// A retry policy of another package that the loop hands each failure and
// that ends the loop with its error (err = bo.Backoff(cfg, err); if err !=
// nil { return err }) is a cap of unknown length: it may keep a time
// budget the model cannot see, so the total cap is not reported missing
// (policystop.go).
//
// A library retry that runs under its own context while its operation
// uses another never watches that context: it is judged under its own
// (Timeouts.Note "never watches ctx"), as is a `for {}` loop of plain
// sleeps that stops only on success. A retry that watches a context
// parameter no call in the package gives a deadline is held to its own
// default cap, or to none when it has no count (unwatched.go).
//
// An attempt through a function of the package that sets up its own
// timeout (helperbound.go) is bounded by it in the worst case. A call of
// a timeout runner, a function of any package whose source the model
// reads that derives the operation's context from a duration it is
// given (WithTimeout(ctx, d, op)), is an attempt timed by d (Model.
// TimeoutParam); a function of the package every return of which gives
// such a call's outcome is one too. A bounded count of attempts each so
// timed, with waits the model knows, is capped even when a timeout's
// length is not known: the retry ends, and no cap is said to be missing. A gRPC
// unary call is timed only by a deadline per attempt (grpccall.go). A
// context parameter the function's body reassigns (ctx, cancel :=
// context.WithTimeout(ctx, d)) holds that value after.
//
// A retry under the caller's context is held to a missing cap only when
// the package's own code leaves that context's deadline the only limit:
// every attempt goes through an HTTP client the package ships with no
// Timeout, and nothing an attempt runs through sets a time limit but
// behind a field the package never sets (shipped.go, Timeouts.CallerOnly).
// A client kept in a field or variable bounds an attempt by the Timeout
// the package ships there, which the worst case counts.
//
// It is a description layer under the model: package retrysite finds the
// sites, their operations, bounds and waits, then asks a Describer for
// their timeouts. What it needs of the model beyond the package's syntax
// and types — the constant value of a duration expression, which
// arguments of a library call are its operation — it asks through the
// Model interface, so it does not import the model and the model's
// interpreter can change without touching it.
package timeouts

import (
	"go/ast"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"golang.org/x/tools/go/analysis"
)

// Model is what describing timeouts needs of the model that found the
// sites.
type Model interface {
	// DurationValue returns the duration x evaluates to, when the model
	// can tell (a constant, a field or variable with one known value).
	DurationValue(x ast.Expr) (time.Duration, bool)
	// OpRoots returns the configuration and the operation arguments of
	// call, a call of the library entry e.
	OpRoots(e knowledge.Entry, call *ast.CallExpr) (cfg, ops []ast.Expr)
	// BoundParams returns the parameters of a helper of another package
	// of the module bound to the caller's arguments while the model
	// studies the helper's body (nil otherwise): a context parameter
	// bound to the caller's context is that context.
	BoundParams() map[*types.Var]ast.Expr
	// OffByDefault reports whether sel, a field of the package, is one
	// every default of which the package ships zero (or nil) and that
	// the user can set (optcap.go).
	OffByDefault(sel *ast.SelectorExpr) (OffDefault, bool)
	// FieldWrites returns the values the package writes to a field of
	// its own (nil for a value the model cannot know: a parameter, a
	// zero a literal leaves); ok is false when the model does not follow
	// the field or some write is unknown.
	FieldWrites(v *types.Var) (xs []ast.Expr, ok bool)
	// ShippedValues returns the values the package itself gives a field
	// or package variable, the user's left out (a nil entry for a zero
	// that stays); ok is false when some write cannot be known
	// (shipped.go).
	ShippedValues(v *types.Var) (xs []ast.Expr, ok bool)
	// TimeoutParam returns the index of fn's duration parameter that
	// times the operation fn runs (a timeout runner: WithTimeout(ctx,
	// d, op) deriving op's context with d), read from fn's source.
	TimeoutParam(fn *types.Func) (int, bool)
	// ShippedOff reports whether sel reads a field of the package the
	// package itself never sets to anything but zero; settable says
	// whether the user can set it (shipped.go).
	ShippedOff(sel *ast.SelectorExpr) (settable, ok bool)
	// UserValue reports whether x is the user's value: an exported
	// function's parameter, a field of one, an option's argument.
	UserValue(x ast.Expr, depth int) bool
}

// model is the package being analysed, seen through Model.
type model struct {
	Model
	pass *analysis.Pass
	info *types.Info
	pkg  *types.Package
	// guards indexes, by field, the guards of the package's functions
	// that test it (setUpElsewhere), built on first use.
	guards map[*types.Var][]fieldGuard
	// timeoutSet holds the objects whose Timeout the package assigns
	// (x.Timeout = d, c.x.Timeout = d: the object x names), built on
	// first use (setsTimeoutOf).
	timeoutSet map[types.Object]bool
	// grpcConfig is 1 when the package configures a gRPC connection's
	// interceptors or service config, -1 when not, 0 before the first
	// look (grpccall.go).
	grpcConfig int
}

// A Describer finds the timeouts of one package's retry sites. It holds
// no state beyond the pass: Loop and Library may be called in any order.
type Describer struct{ m *model }

// New returns a Describer for pass, asking m what it needs of the model;
// info and pkg are the type information of the code it describes (the
// pass's, or another package's of the module whose helper the model
// studies).
func New(pass *analysis.Pass, info *types.Info, pkg *types.Package, m Model) *Describer {
	return &Describer{&model{Model: m, pass: pass, info: info, pkg: pkg}}
}

// Loop fills in the timeouts of a hand-written site (a loop, a recursion):
// its operations (s.Ops), bound and waits must be known.
func (d *Describer) Loop(s *site.Site) { d.m.loopTimeouts(s) }

// HelperCall judges, in the caller's package, the total cap of s, a call
// of a retry helper of another package whose retry ends only with the
// context it is given (its timeouts are the helper's): the context call
// passes decides whether the retry relies on a deadline it never sets.
func (d *Describer) HelperCall(s *site.Site, call *ast.CallExpr) { d.m.helperCallTimeouts(s, call) }

// Library fills in the timeouts of a library site from its settings.
func (d *Describer) Library(s *site.Site) { d.m.libTimeouts(s) }
