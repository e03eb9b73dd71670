// Package outcomes describes the outcomes a hand-written retry site
// certainly retries (site.Outcomes, R-4, R-9): it tries representative
// outcomes of the operation one by one (HTTP statuses, gRPC codes, API
// error statuses, a TLS certificate error, an error of no particular
// type), lists those that certainly lead back to it, and finds the
// condition that decides the retry. It also holds the representative
// outcomes and the small helpers the model's library outcome readers
// share with it (outcomes_libs.go in package libsite).
//
// It is a description layer under the model: package retrysite finds
// the sites and runs its interpreter; this package asks it, through a
// Loop's Try, whether control comes back to the operation under one
// outcome, and, through the Model interface, for the declaration of a
// same-package function (a re-read of the object before a 409 is
// retried may be made in one). It does not import the model.
package outcomes

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/policy"
)

// Model is what describing outcomes needs of the model that found the
// sites.
type Model interface {
	// FuncDecl returns the declaration of a same-package function, or
	// nil.
	FuncDecl(fn *types.Func) *ast.FuncDecl
	// ValueFunc returns the one declared function of the package a
	// call of a func value runs (a predicate field's default), or nil.
	ValueFunc(call *ast.CallExpr) *types.Func
}

// A ScenarioKind is a family of representative outcomes.
type ScenarioKind int

const (
	// HTTPStatus is a response with status Code.
	HTTPStatus ScenarioKind = iota
	// GRPCCode is an error carrying gRPC code Code.
	GRPCCode
	// ErrStatus is an error carrying HTTP status Code (a Kubernetes API
	// error).
	ErrStatus
	// CertError is a TLS certificate error as an HTTP client returns it.
	CertError
	// OtherError is an error the code made itself, of no particular type.
	OtherError
)

// A Scenario is one outcome of the operation the model is asked to
// assume.
type Scenario struct {
	Kind ScenarioKind
	Code int
}

// Reach is what the model says of one scenario.
type Reach struct {
	Again        bool // some path runs the operation again
	AgainCertain bool // ... through no fork that depends on the outcome
}

// A Loop is a hand-written site's operation as the description sees it.
type Loop struct {
	// Call is the first call of the operation, Body the body of the
	// function that holds it.
	Call *ast.CallExpr
	Body *ast.BlockStmt
	// ReturnsResponse is whether the operation answers with an HTTP
	// status (interp's ReportsStatus).
	ReturnsResponse bool
	// Try runs the model from the operation under sc; certain asks
	// whether it certainly comes back (else whether it may).
	Try func(sc Scenario, certain bool) Reach
}

// A Describer describes the outcomes of one package's sites.
type Describer struct {
	m    Model
	info *types.Info
	pkg  *types.Package
}

// New returns a Describer of the code info and pkg describe, asking m
// what it needs of the model.
func New(info *types.Info, pkg *types.Package, m Model) *Describer {
	return &Describer{m: m, info: info, pkg: pkg}
}

// Loop finds the outcomes that lead the hand-written site s to another
// attempt, and sets s.Retried.
func (d *Describer) Loop(s *site.Site, l Loop) {
	try := func(k ScenarioKind, c int, certain bool) Reach { return l.Try(Scenario{k, c}, certain) }
	// certainOf tries the codes of a family: those certainly retried,
	// and whether some code is not retried (the decision inspects them).
	certainOf := func(k ScenarioKind, reps []int) (certain []int, inspects bool) {
		for _, c := range reps {
			r := try(k, c, true)
			if r.AgainCertain {
				certain = append(certain, c)
			}
			inspects = inspects || !r.Again
		}
		return certain, inspects
	}
	o := &site.Outcomes{}
	call := l.Call
	if l.ReturnsResponse {
		o.HTTP, _ = certainOf(HTTPStatus, HTTPStatusReps)
	}
	if ReturnsError(d.info, call) {
		if codes, inspects := certainOf(GRPCCode, GRPCCodeReps); inspects {
			for _, c := range codes {
				o.GRPC = append(o.GRPC, policy.GRPCCode(c))
			}
		}
		if !l.ReturnsResponse {
			if sts, inspects := certainOf(ErrStatus, ErrStatusReps); inspects {
				if d.Rereads(s.Node, call.Pos()) {
					sts = Without(sts, 409)
				}
				o.HTTP = MergeInts(o.HTTP, sts)
			}
		}
		if !plainHTTP(s, call) && try(CertError, 0, true).AgainCertain {
			// A decision that lets certificate errors through while it
			// stops on others; or one that classifies nothing, around an
			// HTTP request, whose client returns certificate errors like
			// any other (R-4: classify before retrying).
			switch {
			case !try(OtherError, 0, false).Again:
				o.CertErrors = true
			case sendsHTTP(s, call) && !d.errInspected(s, l):
				o.CertErrors, o.Unclassified = true, true
			default:
				// A decision that tests for a certificate error and
				// still retries it: its test misses (certtest.go).
				// Or one whose tests, all read (unclassified.go's
				// opaquelyInspected), stop on other errors only
				// (context.Canceled, a type of the package) around an
				// operation that meets certificates: an HTTP request,
				// a TLS dial (tlsdial.go).
				o.CertTest = d.certTest(l.Body, 0, map[*ast.BlockStmt]bool{})
				o.CertErrors = o.CertTest != "" || (sendsHTTP(s, call) || d.dialsTLS(call, 0)) && !d.opaquelyInspected(s, l)
			}
		}
	}
	o.Pos, o.Decision = d.loopDecision(s, l)
	s.Retried = o
}

// plainHTTP reports whether call is an operation of s whose every
// request goes to an http:// URL: no TLS, no certificate error to retry.
func plainHTTP(s *site.Site, call *ast.CallExpr) bool {
	i := slices.IndexFunc(s.Ops, func(op *site.Op) bool { return op.Call == call })
	return i >= 0 && s.Ops[i].PlainHTTP
}

// sendsHTTP reports whether call is an operation of s that sends an HTTP
// request.
func sendsHTTP(s *site.Site, call *ast.CallExpr) bool {
	i := slices.IndexFunc(s.Ops, func(op *site.Op) bool { return op.Call == call })
	return i >= 0 && s.Ops[i].HTTP
}

// ReturnsError reports whether call returns an error.
func ReturnsError(info *types.Info, call *ast.CallExpr) bool {
	return typesx.ErrorResult(info.TypeOf(call)) >= 0
}

// Loop finds, for every hand-written site, the outcomes that certainly lead to
// another attempt. The model tries representative outcomes
// one by one:
//
//   - HTTP responses with each status of httpStatusReps (for operations
//     that return a response);
//   - errors carrying each gRPC code, errors carrying each HTTP status of
//     errStatusReps (Kubernetes API errors), a TLS certificate error and
//     an error of no particular type (for operations that return an
//     error).
//
// An outcome is retried when it certainly leads back to the operation:
// a fork that depends on something the model cannot see makes it
// uncertain, and an uncertain outcome is not listed (precision first).
//
// Outcomes carried by errors are listed only when the decision inspects
// errors of that family: when some outcome of the family does not lead
// back. A bare `if err != nil { retry }` retries every error alike; the
// model does not list the gRPC codes, API statuses or certificate errors
// it lets through, since it cannot tell that the operation returns them.

// HTTPStatusReps are the HTTP statuses the model tries: every status R-4
// names, representatives of the other 4xx, and 2xx, 3xx and 5xx.
var HTTPStatusReps = []int{200, 201, 204, 301, 302, 304, 400, 401, 403, 404, 405, 406, 408, 409, 410, 413, 415, 418, 422, 425, 429, 451, 500, 501, 502, 503, 504, 505}

// ErrStatusReps are the statuses tried for errors that carry one.
var ErrStatusReps = []int{400, 401, 403, 404, 405, 406, 408, 409, 410, 413, 415, 418, 422, 429, 451, 500, 502, 503, 504}

// GRPCCodeReps are the gRPC codes tried (OK is not an error).
var GRPCCodeReps = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}

// loopDecision finds the condition that decides a hand-written retry:
// the first condition after the operation that reads one of its results.
func (d *Describer) loopDecision(s *site.Site, l Loop) (token.Pos, string) {
	call := l.Call
	results := make(map[types.Object]bool)
	ast.Inspect(l.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, r := range n.Rhs {
				if ast.Unparen(r) == call {
					for _, l := range n.Lhs {
						if v := typesx.VarOf(d.info, l); v != nil {
							results[v] = true
						}
					}
				}
			}
		case *ast.ValueSpec:
			for _, r := range n.Values {
				if ast.Unparen(r) == call {
					for _, name := range n.Names {
						results[d.info.Defs[name]] = true
					}
				}
			}
		}
		return true
	})
	mentionsIn := func(x ast.Node, results map[types.Object]bool) bool {
		if x == nil {
			return false
		}
		found := false
		return typesx.InspectUntil(&found, x, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			found = ok && results[d.info.Uses[id]] || n == call
			return true
		})
	}
	scopeNode := s.Node
	if _, ok := scopeNode.(*ast.LabeledStmt); ok || scopeNode == nil {
		scopeNode = l.Body
	}
	find := func(results map[types.Object]bool, branches bool) (token.Pos, string) {
		mentions := func(x ast.Node) bool { return mentionsIn(x, results) }
		var pos token.Pos
		var desc string
		ast.Inspect(scopeNode, func(n ast.Node) bool {
			if pos.IsValid() {
				return false
			}
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if n == nil || n.End() < call.Pos() {
				return true
			}
			switch n := n.(type) {
			case *ast.IfStmt:
				if n.Cond.Pos() >= call.Pos() || n.Init != nil && n.Init.Pos() <= call.Pos() && call.End() <= n.Init.End() {
					if mentions(n.Cond) && !isNilCheck(n.Cond) && (!branches || Leaves(n)) {
						pos, desc = n.Cond.Pos(), types.ExprString(n.Cond)
					}
				}
			case *ast.SwitchStmt:
				if !branches && n.Tag != nil && n.Tag.Pos() >= call.Pos() && mentions(n.Tag) {
					pos, desc = n.Tag.Pos(), "switch "+types.ExprString(n.Tag)
				}
			}
			return true
		})
		return pos, desc
	}
	// The decision is first sought among the tests that leave the loop
	// or go back (break, continue, return), over the results and what is
	// computed from them (retry := shouldRetry(req, res); if !retry {
	// break }); a test that only prepares (reads the body of a response
	// that ends the call) is not the decision.
	pos, desc := find(derivedFrom(d.info, scopeNode, results), true)
	if !pos.IsValid() {
		pos, desc = find(results, false)
	}
	if !pos.IsValid() {
		return call.Pos(), ""
	}
	return pos, Shorten(desc)
}

// derivedFrom extends results with the locals assigned from expressions
// that read them, within node.
func derivedFrom(info *types.Info, node ast.Node, results map[types.Object]bool) map[types.Object]bool {
	out := maps.Clone(results)
	reads := func(x ast.Expr) bool {
		found := false
		return typesx.InspectUntil(&found, x, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			found = ok && out[info.Uses[id]]
			return true
		})
	}
	for range 4 {
		grew := false
		ast.Inspect(node, func(n ast.Node) bool {
			a, ok := n.(*ast.AssignStmt)
			if !ok || len(a.Lhs) != len(a.Rhs) {
				return true
			}
			for i, l := range a.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok {
					continue
				}
				if o := typesx.ObjOf(info, id); o != nil && !out[o] && reads(a.Rhs[i]) {
					out[o] = true
					grew = true
				}
			}
			return true
		})
		if !grew {
			break
		}
	}
	return out
}

// Leaves reports whether one of list (an if, a branch's body) holds a
// break, continue, return or goto of its own (not one inside a nested
// function): it leaves the loop, or goes back.
func Leaves(list ...ast.Stmt) bool {
	found := false
	for _, s := range list {
		typesx.InspectNoLitsUntil(&found, s, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.BranchStmt, *ast.ReturnStmt:
				found = true
			}
			return true
		})
	}
	return found
}

// isNilCheck reports whether x is a plain `v != nil` or `v == nil`: the
// error check before the decision, not the decision.
func isNilCheck(x ast.Expr) bool {
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	if ok && (b.Op == token.LAND || b.Op == token.LOR) {
		// res != nil && res.Body != nil: closing a body, not deciding.
		return isNilCheck(b.X) && isNilCheck(b.Y)
	}
	if !ok || b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	return typesx.IsIdent(b.X, "nil") || typesx.IsIdent(b.Y, "nil")
}

// Shorten cuts a description to 80 characters.
func Shorten(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// Rereads reports whether the code of node before pos reads an object
// again (a Get, a List, a lister, CreateOrUpdate) or gives it a new name
// or version (SetName, SetResourceVersion: a generateName collision
// retried under a fresh name), directly or in a same-package function it
// calls: a 409 Conflict retried on fresh data, not the same request
// again.
func (d *Describer) Rereads(node ast.Node, before token.Pos) bool {
	found := false
	var visit func(n ast.Node, depth int)
	visit = func(n ast.Node, depth int) {
		typesx.InspectUntil(&found, n, func(x ast.Node) bool {
			call, ok := x.(*ast.CallExpr)
			if !ok || depth == 0 && call.Pos() >= before {
				return true
			}
			name := ""
			switch f := ast.Unparen(call.Fun).(type) {
			case *ast.Ident:
				name = f.Name
			case *ast.SelectorExpr:
				name = f.Sel.Name
			case *ast.IndexExpr:
				if sel, ok := f.X.(*ast.SelectorExpr); ok {
					name = sel.Sel.Name
				}
			}
			if isReadName(name) {
				found = true
				return false
			}
			if depth < 1 {
				if fn := typesx.Callee(d.info, call); fn != nil && fn.Pkg() == d.pkg {
					if decl := d.m.FuncDecl(fn); decl != nil && decl.Body != nil {
						visit(decl.Body, depth+1)
					}
				}
			}
			return true
		})
	}
	visit(node, 0)
	return found
}

func isReadName(name string) bool {
	return slices.ContainsFunc([]string{"Get", "get", "List", "list", "Fetch", "fetch", "Read", "read", "Load", "load",
		"Lookup", "lookup", "Refresh", "refresh", "Reload", "reload", "CreateOrUpdate", "CreateOrPatch", "SetName",
		"SetResourceVersion"}, func(p string) bool { return strings.HasPrefix(name, p) })
}

// Without returns xs without v.
func Without(xs []int, v int) []int {
	var res []int
	for _, x := range xs {
		if x != v {
			res = append(res, x)
		}
	}
	return res
}

// MergeInts returns the sorted union of a and b.
func MergeInts(a, b []int) []int {
	res := slices.Concat(a, b)
	slices.Sort(res)
	return slices.Compact(res)
}
