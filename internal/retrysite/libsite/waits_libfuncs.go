package libsite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"strconv"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex/funcdefault"
)

// This file reads the wait of a library client whose backoff setting
// holds one of the library's own backoff functions (knowledge
// BackoffFuncs: retryablehttp's LinearJitterBackoff), reached through
// locals and fields of the package: vault's
//
//	backoff := c.config.Backoff // DefaultConfig: RateLimitLinearJitterBackoff
//	if backoff == nil { backoff = retryablehttp.LinearJitterBackoff }
//	client := &retryablehttp.Client{..., Backoff: backoff}
//
// Such a function has one shape whatever bounds it is given, so the wait
// is known even when the bounds and the rest of the client's
// configuration are not (the site is opaque). The values are the
// package's defaults (doc.go, "Defaults the user can change"): a write
// of the user's value (SetBackoff(b)) is the user's choice and left out,
// a copy of the field into itself (clone, CloneConfig) adds nothing, an
// exported field a literal leaves out is the user's to set. Every
// remaining value must be a backoff function of the library, all of one
// shape; anything else (a literal, a function of the package, a call, a
// parameter) leaves the wait to the other readers.

// tableFuncWait returns the wait of site s when its backoff setting holds
// only backoff functions of its library's table, all of one shape.
func (m *Reader) tableFuncWait(s *site.Site) *site.Wait {
	bf := s.Lib.Backoffs
	if bf == nil {
		return nil
	}
	st := s.Last(bf.Setting)
	if st == nil || len(st.Args) != 1 {
		return nil
	}
	r := &libFuncResolver{m: m, lib: s.Lib, body: s.Func, seen: make(map[types.Object]bool)}
	fns, ok := r.resolve(st.Args[0], 0)
	if !ok || len(fns) == 0 {
		return nil
	}
	var fw knowledge.FuncWait
	names := ""
	for i, fn := range fns {
		w, ok := s.Lib.BackoffFunc(fn.Name())
		if !ok || (i > 0 && w.Shape != fw.Shape) {
			return nil
		}
		if i == 0 {
			fw, names = w, fn.Name()
		} else if fn.Name() != fns[0].Name() {
			names += " or " + fn.Name()
		}
	}
	w := &site.Wait{Setting: st, Desc: fw.What + " (" + names + ")"}
	switch fw.Shape {
	case knowledge.FuncWaitLinear:
		w.Shape = site.ShapeLinear
	case knowledge.FuncWaitExpoNoJitter:
		w.Shape = site.ShapeExponential
	default:
		return nil
	}
	if r.note != "" {
		w.Default, w.DefaultPos = r.note, r.def.Pos()
	}
	return w
}

// libFuncResolver resolves a func-valued expression to the library
// functions it may hold.
type libFuncResolver struct {
	m    *Reader
	lib  *knowledge.Library
	body *ast.BlockStmt
	seen map[types.Object]bool
	// note and def record, for the message, the first field met with a
	// user write: who ships the default and who can change it, and the
	// default's write.
	note string
	def  ast.Expr
}

func (r *libFuncResolver) resolve(x ast.Expr, depth int) ([]*types.Func, bool) {
	if depth > 6 {
		return nil, false
	}
	m := r.m
	switch o := m.info.Uses[typesx.NameIdent(x)].(type) {
	case *types.Func:
		if o.Pkg() == m.pkg {
			return r.wrapper(o, depth)
		}
		if !m.inLib(r.lib, o.Pkg()) || o.Signature().Recv() != nil {
			return nil, false
		}
		return []*types.Func{o}, true
	case *types.Var:
		if r.seen[o] {
			return nil, true // a cycle adds no value
		}
		r.seen[o] = true
		if o.IsField() {
			return r.fieldValues(o, depth)
		}
		return r.local(o, depth)
	}
	return nil, false
}

// local resolves a local variable of the site's function from every
// value assigned to it there.
func (r *libFuncResolver) local(v *types.Var, depth int) ([]*types.Func, bool) {
	if r.body == nil || v.Pos() < r.body.Pos() || v.Pos() >= r.body.End() {
		return nil, false // a parameter, a captured or package variable
	}
	info := r.m.info
	var rhs []ast.Expr
	ok := true
	ast.Inspect(r.body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND && typesx.VarOf(info, n.X) == v {
				ok = false // its address escapes
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if typesx.VarOf(info, l) != v {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
					ok = false
					return false
				}
				rhs = append(rhs, n.Rhs[i])
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] != v {
					continue
				}
				if len(n.Values) != len(n.Names) {
					ok = false // declared nil, or from a multi-value call
					return false
				}
				rhs = append(rhs, n.Values[i])
			}
		case *ast.RangeStmt:
			if typesx.VarOf(info, n.Key) == v || typesx.VarOf(info, n.Value) == v {
				ok = false
			}
		}
		return true
	})
	if !ok || len(rhs) == 0 {
		return nil, false
	}
	return r.all(rhs, depth)
}

// fieldValues resolves a func-typed field from the package's defaults
// (package funcdefault's Values).
func (r *libFuncResolver) fieldValues(v *types.Var, depth int) ([]*types.Func, bool) {
	xs, note, ok := funcdefault.Values(r.m.Index, v)
	if !ok {
		return nil, false
	}
	if note != "" && r.note == "" {
		r.note, r.def = note, xs[0]
	}
	return r.all(xs, depth)
}

func (r *libFuncResolver) all(xs []ast.Expr, depth int) ([]*types.Func, bool) {
	var fns []*types.Func
	for _, x := range xs {
		f, ok := r.resolve(x, depth+1)
		if !ok {
			return nil, false
		}
		fns = append(fns, f...)
	}
	return fns, true
}

// wrapper resolves a backoff function or method of the package that
// hands its own schedule to a library backoff function (go-tfe's
// retryHTTPBackoff: log, take the rate-limit reset on a 429, else
// `return retryablehttp.LinearJitterBackoff(700ms, 900ms, n, resp)`).
// Its body, statement by statement, may only: assign its parameters or
// locals, call something under an if that returns nothing (a log hook),
// return early under a test of the response's status against 429 or 503
// only (the server's rate-limit advice, R-5's: not the client's own
// schedule), and end in a return of a call of a library backoff
// function, whose shape does not depend on the arguments. Anything else
// (another return, a loop, a switch) leaves it unknown.
func (r *libFuncResolver) wrapper(fn *types.Func, depth int) ([]*types.Func, bool) {
	m := r.m
	if r.seen[fn] {
		return nil, false
	}
	r.seen[fn] = true
	d := m.FuncDecl(fn)
	if d == nil || d.Body == nil || len(d.Body.List) == 0 {
		return nil, false
	}
	resp := responseParam(m.info, d.Type)
	if resp == nil {
		return nil, false
	}
	list := d.Body.List
	for _, st := range list[:len(list)-1] {
		switch st := st.(type) {
		case *ast.AssignStmt, *ast.DeclStmt, *ast.ExprStmt:
		case *ast.IfStmt:
			if !m.adviceOnly(st, resp, 0) {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, false
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	lf := typesx.Callee(m.info, call)
	if lf == nil || !m.inLib(r.lib, lf.Pkg()) {
		return nil, false
	}
	return r.resolve(call.Fun, depth+1)
}

// adviceOnly reports whether an if returns early only on the server's
// advice: under a status test of 429 or 503, or when the response
// carries a Retry-After header (if s, ok := resp.Header["Retry-After"];
// ok), possibly inside a nil test of the response whose body does
// nothing else; an if that returns nothing is a hook or a log.
func (m *Reader) adviceOnly(st *ast.IfStmt, resp *types.Var, depth int) bool {
	switch {
	case st.Else != nil || depth > 2:
		return false
	case !typesx.ReturnsIn(st.Body):
		return st.Init == nil
	case st.Init == nil && m.rateLimitTest(st.Cond, resp):
		return true
	case m.readsRetryAfter(st.Init, resp) || m.readsRetryAfter(st.Cond, resp):
		return true
	}
	if b, ok := ast.Unparen(st.Cond).(*ast.BinaryExpr); !ok || st.Init != nil || b.Op != token.NEQ || typesx.VarOf(m.info, b.X) != resp {
		return false
	}
	return !slices.ContainsFunc(st.Body.List, func(in ast.Stmt) bool {
		is, ok := in.(*ast.IfStmt)
		return !ok || !m.adviceOnly(is, resp, depth+1)
	})
}

// readsRetryAfter reports whether n reads the response's Retry-After
// header.
func (m *Reader) readsRetryAfter(n ast.Node, resp *types.Var) bool {
	header, name := false, false
	if n != nil {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				header = header || n.Sel.Name == "Header" && typesx.VarOf(m.info, n.X) == resp
			case *ast.BasicLit:
				v, err := strconv.Unquote(n.Value)
				name = name || n.Kind == token.STRING && err == nil && http.CanonicalHeaderKey(v) == "Retry-After"
			}
			return true
		})
	}
	return header && name
}

// responseParam returns the *net/http.Response parameter of a function.
func responseParam(info *types.Info, ft *ast.FuncType) *types.Var {
	for _, v := range typesx.FuncParams(info, ft) {
		if v != nil && interp.IsResponseType(v.Type()) {
			return v
		}
	}
	return nil
}

// rateLimitTest reports whether cond holds only for a response whose
// status is 429 or 503: a conjunction with resp.StatusCode == 429 (or
// an || of such comparisons), beside nil tests of the response.
func (m *Reader) rateLimitTest(cond ast.Expr, resp *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LAND:
		// One side must pin the status; the other may be anything.
		return m.rateLimitTest(b.X, resp) || m.rateLimitTest(b.Y, resp)
	case token.LOR:
		return m.rateLimitTest(b.X, resp) && m.rateLimitTest(b.Y, resp)
	case token.EQL:
		for _, p := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			sel, ok := ast.Unparen(p[0]).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "StatusCode" || typesx.VarOf(m.info, sel.X) != resp {
				continue
			}
			tv, ok := m.info.Types[p[1]]
			if !ok || tv.Value == nil {
				continue
			}
			if c, ok := constant.Int64Val(tv.Value); ok && (c == http.StatusTooManyRequests || c == http.StatusServiceUnavailable) {
				return true
			}
		}
	}
	return false
}
