package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/retrylint/retrylint/policy"
	"golang.org/x/tools/go/ast/inspector"
)

// This file finds library retry sites: calls into a retry library's entry
// points, with the settings that configure them. A library is taught to
// the model once, here (its entry points) and in the aspect files
// (libbounds.go, and the waits, outcomes, timeouts and operations of its
// settings); every rule then sees it.

// A Lib is a retry library the model knows.
type Lib struct {
	// Name is the library's short name for messages:
	// "cenkalti/backoff/v4", "retry-go/v4", "go-retryablehttp".
	Name string
	// Paths are the import paths of the library's packages; settings
	// are collected from calls and fields of these packages.
	Paths []string
	// ForcesContext is true for configurations whose context is fixed
	// (gRPC service configs are gRPC unary calls).
	ForcesContext bool
	Context       policy.Context
}

// The libraries the model knows.
var (
	LibCenkaltiV4    = &Lib{Name: "cenkalti/backoff/v4", Paths: []string{"github.com/cenkalti/backoff/v4"}}
	LibCenkaltiV5    = &Lib{Name: "cenkalti/backoff/v5", Paths: []string{"github.com/cenkalti/backoff/v5"}}
	LibRetryGoV4     = &Lib{Name: "retry-go/v4", Paths: []string{"github.com/avast/retry-go/v4"}}
	LibRetryGoV5     = &Lib{Name: "retry-go/v5", Paths: []string{"github.com/avast/retry-go/v5"}}
	LibRetryableHTTP = &Lib{Name: "go-retryablehttp", Paths: []string{"github.com/hashicorp/go-retryablehttp"}}
	LibSethvargo     = &Lib{Name: "sethvargo/go-retry", Paths: []string{"github.com/sethvargo/go-retry"}}
	LibFailsafe      = &Lib{Name: "failsafe-go", Paths: []string{"github.com/failsafe-go/failsafe-go", "github.com/failsafe-go/failsafe-go/retrypolicy", "github.com/failsafe-go/failsafe-go/failsafehttp"}}
	LibK8sWait       = &Lib{Name: "k8s wait", Paths: []string{"k8s.io/apimachinery/pkg/util/wait"}}
	LibK8sRetry      = &Lib{Name: "client-go retry", Paths: []string{"k8s.io/client-go/util/retry", "k8s.io/apimachinery/pkg/util/wait"}}
	LibRestyV2       = &Lib{Name: "resty/v2", Paths: []string{"github.com/go-resty/resty/v2"}}
	LibRestyV3       = &Lib{Name: "resty/v3", Paths: []string{"resty.dev/v3"}}
	LibGRPCConfig    = &Lib{Name: "gRPC service config", Paths: []string{"google.golang.org/grpc"}, ForcesContext: true, Context: policy.GRPCUnary}
	LibGRPCMwV1      = &Lib{Name: "go-grpc-middleware retry", Paths: []string{"github.com/grpc-ecosystem/go-grpc-middleware/retry"}, ForcesContext: true, Context: policy.GRPCUnary}
	LibGRPCMwV2      = &Lib{Name: "go-grpc-middleware/v2 retry", Paths: []string{"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"}, ForcesContext: true, Context: policy.GRPCUnary}
	LibAWS           = &Lib{Name: "aws-sdk-go-v2 retry", Paths: []string{"github.com/aws/aws-sdk-go-v2/aws/retry", "github.com/aws/aws-sdk-go-v2/aws", "github.com/aws/aws-sdk-go-v2/config"}}
	LibGax           = &Lib{Name: "gax-go", Paths: []string{"github.com/googleapis/gax-go/v2"}}
)

// An entry is a library entry point: a function or method that runs or
// configures retries.
type entry struct {
	lib *Lib
	// roots returns the expressions whose construction configures the
	// call (option arguments, a backoff argument, the receiver), the
	// operation arguments (the retried function), and whether the call
	// is a site at all.
	roots func(call *ast.CallExpr) (cfg []ast.Expr, ops []ast.Expr)
}

func args(from int) func(*ast.CallExpr) ([]ast.Expr, []ast.Expr) {
	return func(c *ast.CallExpr) ([]ast.Expr, []ast.Expr) {
		if from >= len(c.Args) {
			return nil, nil
		}
		return c.Args[from:], nil
	}
}

// argsOp configures from the given arguments and runs the operation at
// index op.
func argsOp(op int, cfg ...int) func(*ast.CallExpr) ([]ast.Expr, []ast.Expr) {
	return func(c *ast.CallExpr) ([]ast.Expr, []ast.Expr) {
		var cs, os []ast.Expr
		for _, i := range cfg {
			if i < 0 { // all arguments from -i on
				if -i < len(c.Args) {
					cs = append(cs, c.Args[-i:]...)
				}
				continue
			}
			if i < len(c.Args) {
				cs = append(cs, c.Args[i])
			}
		}
		if op >= 0 && op < len(c.Args) {
			os = append(os, c.Args[op])
		}
		return cs, os
	}
}

func recvOp(op int) func(*ast.CallExpr) ([]ast.Expr, []ast.Expr) {
	return func(c *ast.CallExpr) ([]ast.Expr, []ast.Expr) {
		var os []ast.Expr
		if op >= 0 && op < len(c.Args) {
			os = append(os, c.Args[op])
		}
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
			return []ast.Expr{sel.X}, os
		}
		return nil, os
	}
}

func noRoots(*ast.CallExpr) ([]ast.Expr, []ast.Expr) { return nil, nil }

// entries maps "path.Name" or "path.Type.Method" to entry points.
var entries = map[string]entry{
	// cenkalti/backoff v4: Retry(op, b) and friends.
	"github.com/cenkalti/backoff/v4.Retry":                       {LibCenkaltiV4, argsOp(0, 1)},
	"github.com/cenkalti/backoff/v4.RetryNotify":                 {LibCenkaltiV4, argsOp(0, 1)},
	"github.com/cenkalti/backoff/v4.RetryNotifyWithTimer":        {LibCenkaltiV4, argsOp(0, 1)},
	"github.com/cenkalti/backoff/v4.RetryWithData":               {LibCenkaltiV4, argsOp(0, 1)},
	"github.com/cenkalti/backoff/v4.RetryNotifyWithData":         {LibCenkaltiV4, argsOp(0, 1)},
	"github.com/cenkalti/backoff/v4.RetryNotifyWithTimerAndData": {LibCenkaltiV4, argsOp(0, 1)},
	// cenkalti/backoff v5: Retry(ctx, op, opts...).
	"github.com/cenkalti/backoff/v5.Retry": {LibCenkaltiV5, argsOp(1, -2)},
	// retry-go v4: Do(fn, opts...).
	"github.com/avast/retry-go/v4.Do":         {LibRetryGoV4, argsOp(0, -1)},
	"github.com/avast/retry-go/v4.DoWithData": {LibRetryGoV4, argsOp(0, -1)},
	// retry-go v5: New(opts...).Do(fn).
	"github.com/avast/retry-go/v5.Retrier.Do":         {LibRetryGoV5, recvOp(0)},
	"github.com/avast/retry-go/v5.RetrierWithData.Do": {LibRetryGoV5, recvOp(0)},
	// go-retryablehttp: a client's requests retry.
	"github.com/hashicorp/go-retryablehttp.Client.Do":             {LibRetryableHTTP, recvOp(0)},
	"github.com/hashicorp/go-retryablehttp.Client.Get":            {LibRetryableHTTP, recvOp(-1)},
	"github.com/hashicorp/go-retryablehttp.Client.Head":           {LibRetryableHTTP, recvOp(-1)},
	"github.com/hashicorp/go-retryablehttp.Client.Post":           {LibRetryableHTTP, recvOp(-1)},
	"github.com/hashicorp/go-retryablehttp.Client.PostForm":       {LibRetryableHTTP, recvOp(-1)},
	"github.com/hashicorp/go-retryablehttp.Client.StandardClient": {LibRetryableHTTP, recvOp(-1)},
	"github.com/hashicorp/go-retryablehttp.Get":                   {LibRetryableHTTP, noRoots},
	"github.com/hashicorp/go-retryablehttp.Head":                  {LibRetryableHTTP, noRoots},
	"github.com/hashicorp/go-retryablehttp.Post":                  {LibRetryableHTTP, noRoots},
	"github.com/hashicorp/go-retryablehttp.PostForm":              {LibRetryableHTTP, noRoots},
	// sethvargo/go-retry: Do(ctx, b, f).
	"github.com/sethvargo/go-retry.Do":      {LibSethvargo, argsOp(2, 1)},
	"github.com/sethvargo/go-retry.DoValue": {LibSethvargo, argsOp(2, 1)},
	// failsafe-go: With(policies...).Run(fn) (failsafe.Run and Get went in 0.9).
	"github.com/failsafe-go/failsafe-go.Executor.Run":                             {LibFailsafe, recvOp(0)},
	"github.com/failsafe-go/failsafe-go.Executor.Get":                             {LibFailsafe, recvOp(0)},
	"github.com/failsafe-go/failsafe-go.Executor.RunWithExecution":                {LibFailsafe, recvOp(0)},
	"github.com/failsafe-go/failsafe-go.Executor.GetWithExecution":                {LibFailsafe, recvOp(0)},
	"github.com/failsafe-go/failsafe-go.Executor.RunAsync":                        {LibFailsafe, recvOp(0)},
	"github.com/failsafe-go/failsafe-go.Executor.GetAsync":                        {LibFailsafe, recvOp(0)},
	"github.com/failsafe-go/failsafe-go/failsafehttp.NewRoundTripper":             {LibFailsafe, args(1)},
	"github.com/failsafe-go/failsafe-go/failsafehttp.NewRoundTripperWithExecutor": {LibFailsafe, args(1)},
	"github.com/failsafe-go/failsafe-go/failsafehttp.NewRequest":                  {LibFailsafe, args(2)},
	"github.com/failsafe-go/failsafe-go/failsafehttp.NewRequestWithExecutor":      {LibFailsafe, args(2)},
	// k8s: wait.ExponentialBackoff(b, cond), retry.OnError(b, pred, fn).
	"k8s.io/apimachinery/pkg/util/wait.ExponentialBackoff":            {LibK8sWait, argsOp(1, 0)},
	"k8s.io/apimachinery/pkg/util/wait.ExponentialBackoffWithContext": {LibK8sWait, argsOp(2, 1)},
	"k8s.io/client-go/util/retry.OnError":                             {LibK8sRetry, argsOp(2, 0)},
	"k8s.io/client-go/util/retry.RetryOnConflict":                     {LibK8sRetry, argsOp(1, 0)},
	// gRPC service config given as a constant.
	"google.golang.org/grpc.WithDefaultServiceConfig": {LibGRPCConfig, args(0)},
	// go-grpc-middleware retry interceptors.
	"github.com/grpc-ecosystem/go-grpc-middleware/retry.UnaryClientInterceptor":                  {LibGRPCMwV1, args(0)},
	"github.com/grpc-ecosystem/go-grpc-middleware/retry.StreamClientInterceptor":                 {LibGRPCMwV1, args(0)},
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry.UnaryClientInterceptor":  {LibGRPCMwV2, args(0)},
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry.StreamClientInterceptor": {LibGRPCMwV2, args(0)},
	// aws-sdk-go-v2: the retryer and the config options that set it.
	"github.com/aws/aws-sdk-go-v2/aws/retry.NewStandard":        {LibAWS, args(0)},
	"github.com/aws/aws-sdk-go-v2/aws/retry.NewAdaptiveMode":    {LibAWS, args(0)},
	"github.com/aws/aws-sdk-go-v2/aws/retry.AddWithMaxAttempts": {LibAWS, args(0)},
	"github.com/aws/aws-sdk-go-v2/aws/retry.AddWithErrorCodes":  {LibAWS, args(0)},
	"github.com/aws/aws-sdk-go-v2/config.WithRetryMaxAttempts":  {LibAWS, args(0)},
	// gax-go: a retry call option.
	"github.com/googleapis/gax-go/v2.WithRetry": {LibGax, args(0)},
	// The project's own package: Do(ctx, p, op) (reference.go).
	pkgRetry + ".Do":      {LibReference, argsOp(2, 1)},
	pkgRetry + ".DoValue": {LibReference, argsOp(2, 1)},
}

// restyEntries are resty request methods that send; they are sites when
// the client or request has retries switched on.
var restySend = map[string]bool{
	"Get": true, "Post": true, "Put": true, "Patch": true, "Delete": true, "Head": true,
	"Options": true, "Execute": true, "Send": true, "Trace": true,
}

// libraryPkgs are the packages of the entries and of resty: a call to
// any other package is no library site, which spares building its key.
var libraryPkgs = func() map[string]bool {
	pkgs := map[string]bool{"github.com/go-resty/resty/v2": true, "resty.dev/v3": true}
	for k := range entries {
		slash := strings.LastIndexByte(k, '/')
		pkgs[k[:slash+strings.IndexByte(k[slash:], '.')]] = true
	}
	return pkgs
}()

// libraryPackage reports whether path is the package of a library the
// model knows.
func libraryPackage(path string) bool { return libraryPkgs[path] }

// entryKey names a function for the entries table.
func entryKey(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return fn.Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name()
		}
		return ""
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// librarySites finds the library retry sites of a file.
func (m *model) librarySites(fc inspector.Cursor) []*Site {
	f := fc.Node().(*ast.File)
	var sites []*Site
	var idx *varIndex
	nested := make(map[*ast.CallExpr]bool)
	for cur := range fc.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := typeutilCallee(m.info, call)
		if fn == nil || fn.Pkg() == nil || !libraryPackage(fn.Pkg().Path()) {
			continue
		}
		key := entryKey(fn.Origin())
		e, ok := entries[key]
		var lib *Lib
		var cfgRoots, opRoots []ast.Expr
		switch {
		case ok:
			lib = e.lib
			cfgRoots, opRoots = m.opRoots(e, call)
		case fn.Pkg().Path() == "github.com/go-resty/resty/v2" || fn.Pkg().Path() == "resty.dev/v3":
			if !restySend[fn.Name()] || !isRestyRequestMethod(fn) {
				continue
			}
			lib = LibRestyV2
			if fn.Pkg().Path() == "resty.dev/v3" {
				lib = LibRestyV3
			}
			cfgRoots, _ = recvOp(-1)(call)
		default:
			continue
		}
		if nested[call] {
			continue
		}
		if idx == nil {
			idx = m.indexVars(f)
		}
		s := &Site{
			Kind: Library,
			Lib:  lib,
			Node: call,
			Pos:  call.Pos(),
		}
		s.Func, s.FuncType = enclosingBody(f, call.Pos())
		c := &collector{m: m, idx: idx, lib: lib, before: call.Pos(), seen: make(map[ast.Node]bool)}
		// The entry call is a setting of its own: AddWithMaxAttempts(r, 0)
		// both is the site and sets its count.
		c.add(fn.Name(), fn, call.Args, call)
		for _, r := range cfgRoots {
			c.collect(r)
		}
		sort.SliceStable(c.settings, func(i, j int) bool { return c.settings[i].Pos < c.settings[j].Pos })
		s.Settings = c.settings
		s.Opaque = c.opaque
		// Entry calls nested in this one's configuration are part of it
		// (retry.AddWithMaxAttempts(retry.NewStandard(), 5)).
		for _, st := range c.settings {
			if ce, ok := st.Node.(*ast.CallExpr); ok {
				nested[ce] = true
			}
		}
		for _, o := range opRoots {
			s.Ops = append(s.Ops, m.libraryOps(o)...)
		}
		if lib == LibGRPCConfig {
			sites = append(sites, m.serviceConfigSites(s)...)
			continue
		}
		if (lib == LibRestyV2 || lib == LibRestyV3) && !m.restyRetries(s) {
			continue
		}
		if m.retriesNothing(s) {
			continue // an empty list of retryable codes (forms.go)
		}
		m.attachLibDetails(s)
		sites = append(sites, s)
	}
	return sites
}

func isRestyRequestMethod(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	return sig.Recv() != nil && (isNamed(sig.Recv().Type(), "github.com/go-resty/resty/v2", "Request") || isNamed(sig.Recv().Type(), "resty.dev/v3", "Request"))
}

// restyRetries reports whether a resty request retries: a retry count
// other than zero was set (resty's default is no retries). A count the
// model cannot see makes it unknown, and an unknown is not a site.
func (m *model) restyRetries(s *Site) bool {
	st := s.Last("SetRetryCount")
	if st == nil {
		return false
	}
	if v, ok := m.intValue(st.Arg(0)); ok {
		return v != 0
	}
	return true
}

// enclosingBody returns the innermost function body of f that holds pos.
func enclosingBody(f *ast.File, pos token.Pos) (*ast.BlockStmt, *ast.FuncType) {
	var body *ast.BlockStmt
	var typ *ast.FuncType
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || n.Pos() > pos || n.End() <= pos {
			return n == nil || n.Pos() <= pos
		}
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body != nil {
				body, typ = n.Body, n.Type
			}
		case *ast.FuncLit:
			body, typ = n.Body, n.Type
		}
		return true
	})
	return body, typ
}

// Last returns the last setting with one of the names, or nil.
func (s *Site) Last(names ...string) *Setting {
	for i := len(s.Settings) - 1; i >= 0; i-- {
		for _, n := range names {
			if s.Settings[i].Name == n {
				return s.Settings[i]
			}
		}
	}
	return nil
}

// All returns the settings with one of the names, in source order.
func (s *Site) All(names ...string) []*Setting {
	var res []*Setting
	for _, st := range s.Settings {
		for _, n := range names {
			if st.Name == n {
				res = append(res, st)
			}
		}
	}
	return res
}

// varIndex indexes, for one file, what is done to each variable:
// its definitions, its field assignments and the methods called on it.
type varIndex struct {
	defs    map[*types.Var][]ast.Expr
	fields  map[*types.Var][]*ast.AssignStmt
	methods map[*types.Var][]*ast.CallExpr
	appends map[*types.Var][]*ast.CallExpr
}

func (m *model) indexVars(f *ast.File) *varIndex {
	idx := &varIndex{
		defs:    make(map[*types.Var][]ast.Expr),
		fields:  make(map[*types.Var][]*ast.AssignStmt),
		methods: make(map[*types.Var][]*ast.CallExpr),
		appends: make(map[*types.Var][]*ast.CallExpr),
	}
	// rootVar returns the variable at the root of a selector chain:
	// c for c.HTTPClient.Timeout.
	rootVar := func(x ast.Expr) *types.Var { return varOfExpr(m.info, chainRoot(x, false)) }
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if v := varOfExpr(m.info, l); v != nil {
					var rhs ast.Expr
					if len(n.Lhs) == len(n.Rhs) {
						rhs = n.Rhs[i]
					} else if len(n.Rhs) == 1 {
						rhs = n.Rhs[0]
					}
					if rhs != nil {
						idx.defs[v] = append(idx.defs[v], rhs)
						if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
							if b, ok := m.info.Uses[identOf(call.Fun)].(*types.Builtin); ok && b.Name() == "append" {
								idx.appends[v] = append(idx.appends[v], call)
							}
						}
					}
					continue
				}
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
					if v := rootVar(sel.X); v != nil {
						idx.fields[v] = append(idx.fields[v], n)
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if v, ok := m.info.Defs[name].(*types.Var); ok && i < len(n.Values) {
					idx.defs[v] = append(idx.defs[v], n.Values[i])
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				if _, isMethod := m.info.Selections[sel]; isMethod {
					if v := rootVar(sel.X); v != nil {
						idx.methods[v] = append(idx.methods[v], n)
					}
				}
			}
		}
		return true
	})
	return idx
}

// collector gathers the settings of a library configuration.
type collector struct {
	m        *model
	idx      *varIndex
	lib      *Lib
	before   token.Pos
	settings []*Setting
	opaque   bool
	seen     map[ast.Node]bool
	depth    int
}

func (c *collector) inLib(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	for _, p := range c.lib.Paths {
		if pkg.Path() == p {
			return true
		}
	}
	return false
}

func (c *collector) add(name string, obj types.Object, args []ast.Expr, node ast.Node) {
	c.settings = append(c.settings, &Setting{Name: name, Obj: obj, Args: args, Node: node, Pos: node.Pos()})
}

// collect follows an expression that builds (part of) a library
// configuration and records every setting on the way.
func (c *collector) collect(x ast.Expr) {
	if x == nil || c.seen[x] || c.depth > 20 {
		return
	}
	c.seen[x] = true
	c.depth++
	defer func() { c.depth-- }()
	info := c.m.info
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		if b, ok := info.Uses[identOf(x.Fun)].(*types.Builtin); ok && b.Name() == "append" {
			for _, a := range x.Args {
				c.collect(a)
			}
			return
		}
		fn := typeutilCallee(info, x)
		if fn == nil {
			// A call of a function value: opaque.
			if _, ok := info.Types[x.Fun]; ok && !info.Types[x.Fun].IsType() {
				c.opaque = true
			} else if len(x.Args) == 1 {
				c.collect(x.Args[0]) // conversion
			}
			return
		}
		if b, ok := info.Uses[identOf(x.Fun)].(*types.Builtin); ok && b.Name() == "append" {
			for _, a := range x.Args {
				c.collect(a)
			}
			return
		}
		if c.inLib(fn.Pkg()) {
			c.add(fn.Name(), fn, x.Args, x)
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				if _, isMethod := info.Selections[sel]; isMethod {
					c.collect(sel.X)
				}
			}
			for _, a := range x.Args {
				if c.isConfigValue(a) {
					c.collect(a)
				}
			}
			return
		}
		if fn.Pkg() == c.m.pkg {
			// A same-package constructor: follow its returns.
			if d := c.m.funcDecl(fn); d != nil && d.Body != nil {
				c.followReturns(d.Body)
				return
			}
		}
		c.opaque = true
	case *ast.Ident:
		obj := info.Uses[x]
		switch o := obj.(type) {
		case *types.Var:
			defs := c.idx.defs[o]
			if len(defs) == 0 {
				// A parameter, a package variable of another file,
				// a captured variable we cannot see assigned.
				c.opaque = true
			}
			for _, d := range defs {
				c.collect(d)
			}
			for _, as := range c.idx.fields[o] {
				if as.Pos() >= c.before {
					continue
				}
				for i, l := range as.Lhs {
					sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
					if !ok || i >= len(as.Rhs) {
						continue
					}
					fobj := info.Uses[sel.Sel]
					c.add(sel.Sel.Name, fobj, []ast.Expr{as.Rhs[i]}, as)
					if c.isConfigValue(as.Rhs[i]) {
						c.collect(as.Rhs[i])
					}
				}
			}
			for _, call := range c.idx.methods[o] {
				if call.Pos() >= c.before {
					continue
				}
				if fn := typeutilCallee(info, call); fn != nil && c.inLib(fn.Pkg()) {
					c.add(fn.Name(), fn, call.Args, call)
					for _, a := range call.Args {
						if c.isConfigValue(a) {
							c.collect(a)
						}
					}
				}
			}
		case *types.Const, *types.Func, *types.Nil:
			// Constants (a service config string) and function values
			// are read by the aspect that needs them.
		default:
			c.opaque = true
		}
	case *ast.UnaryExpr:
		c.collect(x.X)
	case *ast.StarExpr:
		c.collect(x.X)
	case *ast.CompositeLit:
		t := info.TypeOf(x)
		if named, ok := types.Unalias(derefType(t)).(*types.Named); ok && c.inLib(named.Obj().Pkg()) {
			c.add(named.Obj().Name(), named.Obj(), nil, x)
		}
		for _, el := range x.Elts {
			switch el := el.(type) {
			case *ast.KeyValueExpr:
				if k, ok := el.Key.(*ast.Ident); ok {
					if fobj, ok := info.Uses[k].(*types.Var); ok && fobj.IsField() {
						c.add(k.Name, fobj, []ast.Expr{el.Value}, el)
					}
				}
				if c.isConfigValue(el.Value) {
					c.collect(el.Value)
				}
			default:
				c.collect(el)
			}
		}
	case *ast.FuncLit:
		// A function that configures: aws's func(o *StandardOptions),
		// gax's func() Retryer { return OnCodes(...) }.
		c.followFuncLit(x)
	case *ast.SelectorExpr:
		if _, ok := info.Uses[x.Sel].(*types.Var); ok {
			if v, ok := info.Uses[x.Sel].(*types.Var); ok && v.IsField() {
				if !c.followField(v) { // values_libs.go
					c.opaque = true // a struct field: set somewhere else
				}
				return
			}
			// A package-level variable of another package
			// (retry.DefaultRetry): a setting of its own.
			c.add(x.Sel.Name, info.Uses[x.Sel], nil, x)
			return
		}
		if _, ok := info.Uses[x.Sel].(*types.Func); ok {
			// A function value (retry.FixedDelay as a DelayType).
			return
		}
		c.opaque = true
	case *ast.BasicLit:
	default:
		c.opaque = true
	}
}

// isConfigValue reports whether an argument is itself part of the
// configuration (an option, a backoff, a client), not a plain value.
func (c *collector) isConfigValue(a ast.Expr) bool {
	t := c.m.info.TypeOf(a)
	if t == nil {
		return false
	}
	if _, ok := ast.Unparen(a).(*ast.FuncLit); ok {
		return true
	}
	if named, ok := types.Unalias(derefType(t)).(*types.Named); ok {
		return c.inLib(named.Obj().Pkg())
	}
	if sl, ok := t.Underlying().(*types.Slice); ok {
		if named, ok := types.Unalias(derefType(sl.Elem())).(*types.Named); ok {
			return c.inLib(named.Obj().Pkg())
		}
	}
	return false
}

func (c *collector) followReturns(body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if c.isConfigValue(r) {
					c.collect(r)
				}
			}
		}
		return true
	})
}

// followFuncLit records the settings a configuring function literal
// makes: assignments to its parameter's fields, and its returns.
func (c *collector) followFuncLit(fl *ast.FuncLit) {
	info := c.m.info
	var params []*types.Var
	if fl.Type.Params != nil {
		for _, f := range fl.Type.Params.List {
			for _, n := range f.Names {
				if v, ok := info.Defs[n].(*types.Var); ok {
					params = append(params, v)
				}
			}
		}
	}
	isParam := func(x ast.Expr) bool {
		for {
			switch y := ast.Unparen(x).(type) {
			case *ast.SelectorExpr:
				x = y.X
			case *ast.Ident:
				for _, p := range params {
					if info.Uses[y] == p {
						return true
					}
				}
				return false
			default:
				return false
			}
		}
	}
	ast.Inspect(fl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok || !isParam(sel.X) || i >= len(n.Rhs) {
					continue
				}
				c.add(sel.Sel.Name, info.Uses[sel.Sel], []ast.Expr{n.Rhs[i]}, n)
				if c.isConfigValue(n.Rhs[i]) {
					c.collect(n.Rhs[i])
				}
			}
		}
		return true
	})
	c.followReturns(fl.Body)
}

func derefType(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// libraryOps describes the operations a library site retries: the
// function it is given.
func (m *model) libraryOps(x ast.Expr) []*Op {
	var ops []*Op
	switch x := ast.Unparen(x).(type) {
	case *ast.FuncLit:
		ast.Inspect(x.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && m.mayBeOp(call) {
				ops = append(ops, m.describeOp(call))
			}
			return true
		})
	}
	return ops
}

// SettingName is a helper for rules: the setting's name with the
// library's short name ("retry-go/v4 Attempts").
func (s *Setting) String() string {
	var b strings.Builder
	b.WriteString(s.Name)
	return b.String()
}
