// Package waitnum is the wait interpreter: it runs the code that computes
// a retry's wait over successive attempts (time.Sleep(d) where d is
// doubled, drawn, clamped, read from a backoff object's state or returned
// by a same-package helper or func value), three times, with random draws
// at their low, middle and high ends (once when the first run draws
// nothing at random: the others would repeat it), and reads the shape of
// the waits from the samples: none, fixed, linear, polynomial,
// exponential, with no jitter, equal, partial or full jitter,
// decorrelated, a schedule. The
// numbers it computes (waitshape.Num) and the reading of the shape from
// them (waitshape.Classify) are package waitshape's, under it; what the
// package does to a wait's variables off the path it runs (a field drawn
// at random, a local reassigned) is package waitvars'.
//
// It is the numeric part of the value interpreter, under the model:
// package waits finds the waits of a site and asks an
// Interp for their shape (LoopWait) and for the samples of a library's
// delay function (Samples). What it needs of the model beyond syntax and
// types — the package's value index (the values written to a field or
// variable), the functions a func value may run, a function's
// declaration, the verdict of a response predicate — it asks through the
// Model interface, so it does not import the model.
//
// # Waits computed away from the loop
//
// The wait interpreter (waits_num.go) runs a same-package function or
// method that computes a wait with the call's arguments, up to three
// calls deep (sleepDuration -> jitterBackoff), when the function writes
// nothing outside its locals. A method called on a package variable of
// a struct type that the package only ever sets to one composite literal
// (var connBackoff = schedule{base: time.Second, factor: 2};
// connBackoff.delayFor(n)) runs with its receiver's fields taken from that
// literal (bindRecv); any other receiver's fields stay unknown. Two more
// shapes are followed (waits_state.go):
//
//   - A backoff object of the package: a local built in the function (a
//     composite literal, its zero value, or a constructor that returns
//     one), whose method returns the next wait and keeps its state in
//     the receiver's fields (b.attempts++, b.cur *= 2). The interpreter
//     keeps the fields from one attempt to the next and runs the
//     method's body on them, so a field doubled on each call reads as
//     exponential, a field that never changes as a fixed interval, a
//     draw over the whole value as full jitter and a draw added to a
//     base as partial jitter. It is followed only when everything done
//     to it is seen: no address taken, never passed, copied, captured by
//     a closure or written in a branch before the loop, and every method
//     called on it either changes nothing or writes only the receiver's
//     own fields and is called where the interpreter evaluates it.
//   - A policy interface (c.policy.GetInterval(i)) whose field or
//     variable the package writes once, with a literal of one of its own
//     types (the default NewConfig ships), or with a package variable
//     that holds one or that a constructor of constants builds
//     (DefaultRetryPolicy = NewBackOffRetryPolicy(3, 20000, 300)): the
//     concrete method runs on the literal's fields or on what the
//     constructor makes of them, when it changes nothing. The default's
//     method that returns the wait (a number, not a decision's bool) is
//     also reported, where the fix goes; when that method takes its
//     wait from a func field whose default a factory of the package
//     makes (Backoff: DefaultBackoff, var DefaultBackoff =
//     ExponentialBackoff(250*time.Millisecond, 2, 0.1)), the factory is.
//     A local set by a getter that returns the setting, or the
//     setting's own answer, where it is given and a package variable
//     where it is nil (`if t.Policy == nil { return DefaultPolicy };
//     return t.Policy()`) holds that variable's value. A helper's
//     return of a negative constant wait (`return -1, nil`) gives up,
//     like a false.
//
// The attempts are run eight times, past the loop's own bound: the
// formula's further values show its growth. When those runs give no
// shape and the loop's for condition decides when it ends (attempt <=
// 3), they are run again up to that end, when it leaves at least three
// attempts: a schedule that restarts after them (2^((n-1) % 3) seconds)
// is read on the attempts there are.
//
// A loop inside the computation that only computes (for i := 0; i <
// attempt && d < max; i++ { d *= 2 }: assignments, steps, ifs,
// conversions, min and max) is run round by round, up to 64, while the
// interpreter decides its condition (arithLoop); any other is forgotten.
//
// The clock reads as 0 at every time.Now(): a time taken in the attempt
// plus a duration (Add) and the distance to it (Sub, time.Until,
// time.Since) are durations, so `time.Sleep(time.Until(next))` waits what
// next added; the distance to a time kept from one attempt to the next (a
// deadline set before the loop) is unknown, as the clock moves on.
//
// A local func value holding a setting or, when that is nil, a named
// function (`f := c.cfg.Backoff; if f == nil { f = Default }`, or a helper
// or getter method that picks one so, into a local or called at once:
// `c.backoff()(i)`) runs the named function or the func factory's
// literal with constant arguments (FuncFactory), the default the package
// ships, noted as the user's to change (waits_nildefault.go).
//
// A helper that returns from a branch on a bool the interpreter cannot
// decide (if c.recoveryEnabled() { return c.interval }; return 0) has
// both values computed; they must agree, else the wait is unknown
// (waits_alt.go). A branch on a comparison keeps its reading: a limit
// the model cannot see is taken not to bind, a hook compared with nil
// that the package never sets is at its default. A branch that adjusts
// the wait on what the HTTP response says (its status or a header, also
// through a bool local set from them: if isRateLimited { d = max(d,
// reset) }) is the server's say: the client's own schedule, which R-1
// judges, is the wait without it.
//
// Otherwise such a wait is an unknown call and the rules stay silent. A
// wait that nothing in the loop changes (a local set before the loop,
// a field or parameter the loop does not write, with no call in it the
// model cannot see) is a fixed interval whatever its value, unless the
// package writes that field with a random draw
// (waitvars.DrawnFields: a policy behind an interface may draw it again before
// each attempt). A wait the interpreter cannot run at all (the attempt
// count is a field, the delay is changed by a loop that calls out) still has
// no jitter when it is computed only from constants, parameters, locals
// and fields the package writes from such values, in a function that
// draws nothing at random (package waits, ShapeNoJitter). A backoff
// object of a type of another package of the module (slack's
// internal/backoff) is followed from that package's source (see "Across
// packages"); one reached through an interface (pulsar's backoff.Policy,
// built by a func-typed field) is not.
//
// On the path under study, a branch the interpreter cannot decide whose
// other side leaves (if fatal { return } else { ... }) is the path: the
// side that goes on runs. A branch on an error of one type that only
// takes the wait from that error (if rl, ok := errors.AsType[*RateLimited](err);
// ok { d = rl.RetryAfter }, errors.As, err.(T); a guard inside that
// leaves is allowed) is the server's wait, R-5's: the shape is read on a
// failure that is not of that type, as a response without Retry-After
// is (waits_typed.go). A typed branch that sets a wait of its own keeps
// the wait unknown. An undecided failure branch that ends in a continue
// after calls only (a log line, closing what failed, `_ = ch.close()`:
// results dropped) is the path to the next attempt (waits_next.go,
// waits_next_report.go). A recursion that waits in a closure it holds
// (retry := func(err error) error { time.Sleep(d); return f(n) }) is run
// as the closure's body, attempt after attempt, with the function's
// parameters it captures (waits_shape.go heldClosureOf).
//
// A wait held in a local the loop assigns (=) again from a call (wait(d);
// err := op(); if err != nil { d = next(attempt+1); continue }; return)
// is never read as a fixed interval from one opaque value (the value the
// local held before the loop, or a helper the interpreter cannot run):
// its shape is unknown and the rules are silent
// (waitvars.ReassignedFromCall). A local the loop never assigns keeps its fixed
// interval of unknown length, and a wait computed to a known number keeps
// its reading, unless the loop assigns the local, on some branch, a
// constant other than that number (d = quickInterval after a failure):
// then the failure path's wait depends on a branch the runs did not
// follow, and the shape is unknown (waitvars.ReassignedOtherConst).
package waitnum

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"golang.org/x/tools/go/analysis"
)

// Model is what the wait interpreter needs of the model that found the
// sites.
type Model interface {
	// FuncDecl returns the declaration of a same-package function, or
	// nil.
	FuncDecl(fn *types.Func) *ast.FuncDecl
	// ReentryDecl returns the declaration of via when it leads back to
	// fn (typesx.HeldSelfCalls), or nil.
	ReentryDecl(via, fn *types.Func) *ast.FuncDecl
	// FuncObj returns the function a function-valued expression names.
	FuncObj(x ast.Expr) *types.Func
	// MayReturn reports whether call may return (it is no panic or
	// os.Exit).
	MayReturn(call *ast.CallExpr) bool
	// IndexedVar reports whether the value index follows v: a field or
	// package variable of the package.
	IndexedVar(v *types.Var) bool
	// Reaching returns the values written to v anywhere in the package
	// that may reach a read of it; ok is false when the model cannot
	// tell.
	Reaching(v *types.Var) (ws []Write, ok bool)
	// IntValues returns the integer values v may hold, with the
	// expressions that write them.
	IntValues(v *types.Var) (vals []int64, at []ast.Expr, ok bool)
	// IndexedFunc resolves a call of a func-typed field or package
	// variable to the one function the package stores in it; factory is
	// the call of the package's factory that made it, if one did.
	IndexedFunc(fun ast.Expr) (body *ast.BlockStmt, ft *ast.FuncType, lit *ast.FuncLit, factory *ast.CallExpr, ok bool)
	// FuncFactory returns the declaration of the factory call calls and
	// the literal it returns, when the package's factory called with
	// constants makes a func.
	FuncFactory(call *ast.CallExpr) (*ast.FuncDecl, *ast.FuncLit)
	// CollectDefaults runs run, noting the package's defaults of values
	// the user can change that the runs read, and returns what records
	// the default of a func on the wait it shaped (Wait.Default).
	CollectDefaults(run func()) (apply func(w *site.Wait))
	// FuncTargets returns the functions a call of the func value fun may
	// run; ok is false when the model cannot tell.
	FuncTargets(fun ast.Expr) (ts []Target, ok bool)
	// ResponseVerdict returns result i, a bool, of call, a same-package
	// function given a response, when it is the same for every response
	// without headers.
	ResponseVerdict(call *ast.CallExpr, i int) (v bool, ok bool)
	// MethodOf returns the declaration of a function or method and the
	// Interp of the package whose source declares it: this package's,
	// or another package's of the module that the model loaded from
	// source (nil, nil when neither).
	MethodOf(fn *types.Func) (*ast.FuncDecl, *Interp)
	// ModuleObj reports whether obj belongs to another package of the
	// module, whose source the model can load.
	ModuleObj(obj types.Object) bool
	// FuncFieldDefaultFunc returns the one function the package writes
	// to the func-typed field v when the user gives none, or nil.
	FuncFieldDefaultFunc(v *types.Var) *types.Func
	// NoteLocalDefault notes that a wait ran at, the package's default
	// of the local func value v that the user may set.
	NoteLocalDefault(v *types.Var, at ast.Expr)
}

// A Write is one value written to a field or variable (Model.Reaching).
type Write struct {
	// X is the value written; nil when it cannot be known.
	X ast.Expr
	// Zero marks the type's zero value (a field a composite literal
	// leaves out, a variable declared without a value).
	Zero bool
}

// A Target is one function a func value may run.
type Target struct {
	Body *ast.BlockStmt
	FT   *ast.FuncType
	Lit  *ast.FuncLit
}

// A Hit is one wait of a site: a sleep, a timer or ticker, a call of a
// helper that waits.
type Hit struct {
	kind site.WaitKind
	// node is the call or receive in the site's function.
	node ast.Node
	// expr is the duration expression, when there is one.
	expr ast.Expr
	// inner is the wait inside a helper (kind WaitHelper), and helper
	// the helper's declaration.
	inner  *Hit
	helper *ast.FuncDecl
	// timerVar is the timer or ticker received from (<-t.C).
	timerVar *types.Var
}

// NewHit returns the Hit of one wait.
func NewHit(kind site.WaitKind, node ast.Node, expr ast.Expr, inner *Hit, helper *ast.FuncDecl, timerVar *types.Var) *Hit {
	return &Hit{kind: kind, node: node, expr: expr, inner: inner, helper: helper, timerVar: timerVar}
}

// model is the package being analysed, seen through Model.
type model struct {
	Model
	pass *analysis.Pass
	info *types.Info
	pkg  *types.Package
	// drawn caches waitvars.DrawnFields (drawnAtRandom), for this pass.
	drawn map[*types.Var]bool
	// followed caches followable (waits_state.go).
	followed map[followKey]bool
	// resets caches onlyReset (waits_num.go).
	resets map[*types.Var]bool
	// regionSets caches the fields a region and its callees assign
	// (collectFieldsSet, waits_num.go).
	regionSets map[ast.Node]map[types.Object]bool
	// impl is the implementation a run puts in place of an interface
	// method's calls; unseen the interface method of the package a run
	// could not resolve (waits_impl.go).
	impl   *implChoice
	unseen *types.Func
	// viaDefault is the method of the package's one default value of
	// the interface that unseen calls, when the runs read it, or the
	// factory of the func that method takes its wait from.
	viaDefault *types.Func
}

// An Interp runs the waits of one package's retry sites.
type Interp struct{ *model }

// New returns an Interp for pass, asking m what it needs of the model;
// info and pkg are the type information of the code it runs.
func New(pass *analysis.Pass, info *types.Info, pkg *types.Package, m Model) *Interp {
	return &Interp{&model{Model: m, pass: pass, info: info, pkg: pkg}}
}

// methodOf returns fn's declaration and the model of the package that
// declares it (Model.MethodOf).
func (m *model) methodOf(fn *types.Func) (*ast.FuncDecl, *model) {
	d, ip := m.MethodOf(fn)
	if ip == nil {
		return d, nil
	}
	return d, ip.model
}
