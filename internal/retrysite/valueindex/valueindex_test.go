package valueindex

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
)

// noHost answers every question of the interpreter with "no": the
// interpreter alone, as when discovery knows nothing of a call.
type noHost struct{}

func (noHost) TickerRange(*ast.RangeStmt) bool                  { return false }
func (noHost) HeldFuncLit(ast.Expr) *ast.FuncLit                { return nil }
func (noHost) AcquireAttempt(*ast.CallExpr) bool                { return false }
func (noHost) FuncIsIntegration(*types.Func, int) bool          { return false }
func (noHost) IntValue(ast.Expr) (int64, bool)                  { return 0, false }
func (noHost) OnlyFuncLit(*types.Var) *ast.FuncLit              { return nil }
func (noHost) SourceSetting(*types.Var) bool                    { return false }
func (noHost) LitIsIntegration(*ast.FuncLit) bool               { return false }
func (noHost) CancelOnlyCtx(*ast.BlockStmt, *ast.CallExpr) bool { return false }
func (noHost) TrackerMethod(*ast.CallExpr) *types.Func          { return nil }
func (noHost) IsIntegration(*ast.CallExpr) bool                 { return false }
func (noHost) BoundInit(*interp.FuncInfo) interp.Env            { return interp.Env{} }
func (noHost) MethodSyntax(*types.Func) *ast.FuncDecl           { return nil }
func (noHost) Decider(*ast.CallExpr) (*interp.FuncInfo, bool)   { return nil, false }
func (noHost) RetryDecision(*types.Func) int                    { return -1 }
func (noHost) ValueFunc(*ast.CallExpr) *types.Func              { return nil }
func (noHost) ValueLit(*ast.CallExpr) *ast.FuncLit              { return nil }
func (noHost) SourceFunc(*types.Func) *interp.FuncInfo          { return nil }

const src = `package p

type client struct{ maxRetries int }

var defaultRetries = 3

func newClient() *client { return &client{maxRetries: defaultRetries} }

func (c *client) withRetries(n int) { c.maxRetries = 5 }

var onlyOnce = 7

var neverWritten int

func use() int { return onlyOnce + neverWritten }
`

// load type-checks src and returns an interpreter of it with its index.
func load(t *testing.T, src string) (*Index, *types.Package) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Implicits:  map[ast.Node]types.Object{},
		Scopes:     map[ast.Node]*types.Scope{},
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("example.com/p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	var im interp.Model
	im.Init(&analysis.Pass{
		Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info,
		ResultOf: map[*analysis.Analyzer]any{inspect.Analyzer: inspector.New([]*ast.File{f})},
	}, noHost{})
	var m Index
	m.Init(&im)
	return &m, pkg
}

func TestIntValues(t *testing.T) {
	m, pkg := load(t, src)
	field, _, _ := types.LookupFieldOrMethod(pkg.Scope().Lookup("client").Type(), true, pkg, "maxRetries")
	for _, tc := range []struct {
		v      *types.Var
		want   []int64
		wantOK bool
	}{
		// A field the package sets in a literal and in a method: both
		// values reach its reads.
		{field.(*types.Var), []int64{3, 5}, true},
		{pkg.Scope().Lookup("onlyOnce").(*types.Var), []int64{7}, true},
		// A package variable nothing writes holds its zero value.
		{pkg.Scope().Lookup("neverWritten").(*types.Var), []int64{0}, true},
	} {
		got, _, ok := m.IntValues(tc.v)
		slices.Sort(got)
		if ok != tc.wantOK || !slices.Equal(got, tc.want) {
			t.Errorf("IntValues(%s) = %v, %v; want %v, %v", tc.v.Name(), got, ok, tc.want, tc.wantOK)
		}
	}
}

const countersSrc = `package p

import "context"

func withAttempt(ctx context.Context, n int) context.Context { return ctx }
func logAttempt(n int)                                        {}
func double(n int) int                                        { return 2 * n }

type retrier interface{ Retry(n int) bool }

// blind: n reaches only calls whose result no decision can read.
func blind(ctx context.Context, call func(context.Context) error) {
	n := 0
	for {
		if call(withAttempt(ctx, n)) == nil {
			return
		}
		logAttempt(n)
		n++
	}
}

// compared: n decides the loop's exit.
func compared(call func() error) {
	for n := 0; ; n++ {
		if call() == nil || n > 3 {
			return
		}
	}
}

// computed: n flows into an integer a decision reads.
func computed(call func() error) {
	n := 0
	for call() != nil {
		if double(n) > 6 {
			return
		}
		n++
	}
}

// iface: n goes to an interface method, which may be run through an
// implementation of the package.
func iface(r retrier, call func() error) {
	n := 0
	for call() != nil {
		n++
		if !r.Retry(n) {
			return
		}
	}
}

// fromLen: n does not start at a constant.
func fromLen(ctx context.Context, xs []int, call func(context.Context) error) {
	n := len(xs)
	for call(withAttempt(ctx, n)) != nil {
		n++
	}
}
`

// TestBlindCounters checks which counters the interpreter tracks: a
// counter only handed to calls whose value no decision can read is not
// (interp's blindcount.go), every other counter a decision may read is.
func TestBlindCounters(t *testing.T) {
	m, pkg := load(t, countersSrc)
	for name, want := range map[string]bool{"blind": false, "compared": true, "computed": true, "iface": true, "fromLen": true} {
		fn := pkg.Scope().Lookup(name).(*types.Func)
		decl := m.Model.FuncDecl(fn)
		if decl == nil {
			t.Fatalf("no declaration of %s", name)
		}
		fi := m.Model.FuncInfo(decl.Body, decl.Type)
		tracked := false
		for v := range fi.Tracked {
			if v.Name() == "n" {
				tracked = true
			}
		}
		if tracked != want {
			t.Errorf("%s: counter n tracked = %v, want %v", name, tracked, want)
		}
	}
}
