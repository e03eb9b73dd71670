package outcomes

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A retry that tests its HTTP request's error only against nil retries
// every error the client returns, TLS certificate errors included: it
// classifies nothing and re-sends after a certificate error.
// errInspected tells such a retry from one that looks at the error.

// errInspected reports whether the site's code does more with the error
// of l.Call than compare it with nil, return it, log it or wrap it (an
// argument in the variadic part of a call, fmt.Errorf's %w, err.Error()
// there, or one a call that decides nothing takes as an empty interface,
// slog.Any's value) or copy it to a variable it treats the same way: a
// predicate given the error, errors.Is or As, a type assertion or
// switch, err.Error() elsewhere, a comparison with a value. Such code
// may stop on certificate errors. A test for the context's end
// (errors.Is(err, context.Canceled), err == context.DeadlineExceeded)
// classifies nothing: it asks whether the caller stopped.
func (d *Describer) errInspected(s *site.Site, l Loop) bool {
	scope, vars := d.errVars(s, l)
	return len(vars) == 0 || d.inspects(scope, vars, 0) // an error not kept: nothing to tell
}

// errVars returns the code of site s that decides on l.Call's error (the
// site's node, or the body of a site that is a declaration) and the
// variables the call's error lands in.
func (d *Describer) errVars(s *site.Site, l Loop) (ast.Node, map[*types.Var]bool) {
	vars := make(map[*types.Var]bool)
	ast.Inspect(l.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == l.Call {
			for _, x := range as.Lhs {
				if v := typesx.VarOf(d.info, x); v != nil && typesx.IsErrorType(v.Type()) {
					vars[v] = true
				}
			}
		}
		return true
	})
	scope := ast.Node(l.Body)
	if _, isDecl := s.Node.(*ast.FuncDecl); s.Node != nil && !isDecl {
		scope = s.Node
	}
	return scope, vars
}

// inspects reports whether the code in scope does more with the error
// variables vars than errInspected allows. An error handed to a function
// of the package is inspected when that function inspects its parameter
// (a retry predicate that only compares it with nil and returns it
// classifies nothing), to a depth of three calls.
func (d *Describer) inspects(scope ast.Node, vars map[*types.Var]bool, depth int) bool {
	inspected := false
	for changed := true; changed && !inspected; {
		changed = false
		ast.PreorderStack(scope, nil, func(n ast.Node, stack []ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || inspected || !vars[typesx.VarOf(d.info, id)] || len(stack) == 0 {
				return !inspected
			}
			switch p := stack[len(stack)-1].(type) {
			case *ast.AssignStmt:
				for i, r := range p.Rhs {
					if r == id && len(p.Lhs) == len(p.Rhs) {
						if v := typesx.VarOf(d.info, p.Lhs[i]); v != nil && !vars[v] {
							vars[v], changed = true, true
						}
					}
				}
			case *ast.ReturnStmt, *ast.ValueSpec:
			case *ast.BinaryExpr:
				if p.Op != token.EQL && p.Op != token.NEQ || !typesx.IsNil(d.info, p.X) && !typesx.IsNil(d.info, p.Y) && !d.ctxSentinel(p.X) && !d.ctxSentinel(p.Y) {
					inspected = true
				}
			case *ast.CallExpr:
				inspected = !typesx.VariadicArg(d.info, p, id) && !d.formatted(p, id) && !d.ctxEnded(p) && d.paramInspected(p, id, depth)
			case *ast.SelectorExpr:
				// err.Error() formatted into a message is the error logged.
				inspected = !d.messageOf(p, stack)
			default:
				inspected = true
			}
			return !inspected
		})
	}
	return inspected
}

// ctxSentinel reports whether x is context.Canceled or
// context.DeadlineExceeded: an error compared with it is asked whether
// the caller ended the attempt, not what failed (a stop, not a
// classification).
func (d *Describer) ctxSentinel(x ast.Expr) bool {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	return typesx.IsContextSentinel(d.info.Uses[sel.Sel])
}

// ctxEnded reports whether call is errors.Is(err, context.Canceled) (or
// DeadlineExceeded).
func (d *Describer) ctxEnded(call *ast.CallExpr) bool {
	fn := typesx.Callee(d.info, call)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "Is" && len(call.Args) == 2 && d.ctxSentinel(call.Args[1])
}

// paramInspected reports whether call, handed the error x, may inspect
// it: unless it is a function of the package whose body does not inspect
// the parameter x binds.
func (d *Describer) paramInspected(call *ast.CallExpr, x ast.Expr, depth int) bool {
	body, p := d.boundParam(d.callee(call), call, x, depth)
	return body == nil || d.inspects(body, map[*types.Var]bool{p: true}, depth+1)
}

// boundParam returns the body of fn, a function of the package that
// call runs, and the parameter x binds in it; nil when fn is none, the
// depth is reached or x binds no named, non-variadic parameter.
func (d *Describer) boundParam(fn *types.Func, call *ast.CallExpr, x ast.Expr, depth int) (*ast.BlockStmt, *types.Var) {
	i := slices.Index(call.Args, x)
	if fn == nil || fn.Pkg() != d.pkg || i < 0 || depth >= 3 || call.Ellipsis.IsValid() {
		return nil, nil
	}
	decl := d.m.FuncDecl(fn)
	if decl == nil || decl.Body == nil {
		return nil, nil
	}
	params := typesx.FuncParams(d.info, decl.Type)
	if i >= len(params) || params[i] == nil || fn.Type().(*types.Signature).Variadic() && i >= len(params)-1 {
		return nil, nil
	}
	return decl.Body, params[i]
}

// formatted reports whether x is an argument of call that binds an
// empty-interface parameter of a function of another package with one
// result, not a bool (slog.Any("error", err)): a value to format or log,
// not to classify.
func (d *Describer) formatted(call *ast.CallExpr, x ast.Expr) bool {
	fn := typesx.Callee(d.info, call)
	sig, _ := d.info.TypeOf(call.Fun).(*types.Signature)
	i := slices.Index(call.Args, x)
	if fn == nil || sig == nil || fn.Pkg() == nil || fn.Pkg() == d.pkg || sig.Results().Len() != 1 || typesx.IsBool(sig.Results().At(0).Type()) || i < 0 || i >= sig.Params().Len() {
		return false
	}
	it, ok := sig.Params().At(i).Type().Underlying().(*types.Interface)
	return ok && it.Empty()
}

// messageOf reports whether sel, on top of stack, is x.Error called
// for an argument in the variadic part of a call (fmt.Errorf("%s",
// err.Error())): the error's text formatted into a message.
func (d *Describer) messageOf(sel *ast.SelectorExpr, stack []ast.Node) bool {
	if sel.Sel.Name != "Error" || len(stack) < 3 {
		return false
	}
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	if !ok || call.Fun != sel || len(call.Args) != 0 {
		return false
	}
	outer, ok := stack[len(stack)-3].(*ast.CallExpr)
	return ok && typesx.VariadicArg(d.info, outer, call)
}

// callee returns the function call runs: its callee, or the one function
// of the package a func value holds (a predicate field's default).
func (d *Describer) callee(call *ast.CallExpr) *types.Func {
	if fn := typesx.Callee(d.info, call); fn != nil {
		return fn
	}
	return d.m.ValueFunc(call)
}

// opaquelyInspected reports whether the site's code gives the error of
// l.Call to something whose answer the outcome evaluator cannot read
// for a certificate error: a predicate of another package or a func
// value (shouldRetry(err), isTransient(err)), a method of the error, its
// text handed to such a predicate. Comparisons, errors.Is and errors.As,
// type assertions and switches, and tests of its text with package
// strings, bytes or regexp are read (certerr.go, certtest.go); a
// function of the package is read through its parameter, to a depth of
// three calls. A decision read whole that still retries a certificate
// error retries it whatever else it tests.
func (d *Describer) opaquelyInspected(s *site.Site, l Loop) bool {
	scope, vars := d.errVars(s, l)
	return len(vars) == 0 || d.opaque(scope, vars, 0)
}

func (d *Describer) opaque(scope ast.Node, vars map[*types.Var]bool, depth int) bool {
	found := false
	ast.PreorderStack(scope, nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if found || !ok || !vars[typesx.VarOf(d.info, id)] || len(stack) == 0 {
			return !found
		}
		switch p := stack[len(stack)-1].(type) {
		case *ast.AssignStmt:
			for i, r := range p.Rhs {
				if r == id && len(p.Lhs) == len(p.Rhs) {
					if v := typesx.VarOf(d.info, p.Lhs[i]); v != nil {
						vars[v] = true // a copy, read from here on
					}
				}
			}
		case *ast.CallExpr:
			// A function of the package whose answer the decision
			// tests (err = classify(err); if err != nil) is a
			// classifier the evaluator may misread: opaque. One whose
			// answer is returned or dropped (return c.retry(err))
			// decides nothing here: its body is read.
			answered := len(stack) >= 2 && !answerUnused(stack[len(stack)-2])
			found = !d.readCall(p, id, depth) || answered && d.packageFunc(p)
		case *ast.SelectorExpr:
			// err.Error() tested with strings, bytes or regexp, or
			// compared; anything else of the error is opaque.
			found = p.Sel.Name != "Error" || !d.messageOf(p, stack) && (len(stack) < 3 || !d.readText(stack[len(stack)-3]))
		}
		return !found
	})
	return found
}

// readCall reports whether call, given the error x, is one the
// evaluator reads: errors.Is or As, a logging or formatting call, a
// function of the package that reads its parameter the same way.
func (d *Describer) readCall(call *ast.CallExpr, x ast.Expr, depth int) bool {
	fn := d.callee(call)
	if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "errors" {
		return true
	}
	if typesx.VariadicArg(d.info, call, x) || d.formatted(call, x) {
		return true
	}
	if fn != nil && answersNothing(fn.Type().(*types.Signature)) {
		return true
	}
	body, p := d.boundParam(fn, call, x, depth)
	return body != nil && !d.opaque(body, map[*types.Var]bool{p: true}, depth+1)
}

// readText reports whether n, around an error's Error() call, tests the
// text the way certtest.go reads it: a comparison, a switch, or a call
// of package strings, bytes or regexp.
func (d *Describer) readText(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.BinaryExpr:
		return n.Op == token.EQL || n.Op == token.NEQ
	case *ast.SwitchStmt:
		return true
	case *ast.CallExpr:
		fn := typesx.Callee(d.info, n)
		if fn == nil || fn.Pkg() == nil {
			return false
		}
		switch fn.Pkg().Path() {
		case "strings", "bytes", "regexp":
			return true
		}
	}
	return false
}

// answerUnused reports whether parent, around a call, drops or hands on
// the call's results: a statement of its own, a return, go or defer.
func answerUnused(parent ast.Node) bool {
	switch parent.(type) {
	case *ast.ExprStmt, *ast.ReturnStmt, *ast.GoStmt, *ast.DeferStmt:
		return true
	}
	return false
}

// packageFunc reports whether call runs a function of the package that
// answers something (a result to decide on).
func (d *Describer) packageFunc(call *ast.CallExpr) bool {
	fn := d.callee(call)
	if fn == nil || fn.Pkg() != d.pkg {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return !answersNothing(sig)
}

// answersNothing reports whether a call of sig gives back nothing to
// decide on: no result, or the builder its method was called on (a
// logger's event, e.Err(err)).
func answersNothing(sig *types.Signature) bool {
	return sig.Results().Len() == 0 || sig.Recv() != nil && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), sig.Recv().Type())
}
