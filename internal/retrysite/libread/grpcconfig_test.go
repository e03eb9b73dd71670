package libread_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"testing"
	"time"

	"github.com/retrylint/retrylint/internal/retrysite/libread"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/waitnum"
	"github.com/retrylint/retrylint/policy"
)

const src = `package p

import (
	"encoding/json"
	"fmt"
)

const constant = ` + "`" + `{"methodConfig": [{"name": [{"service": "a.B", "method": "Get"}],
	"retryPolicy": {"MaxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s",
	"backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE", 4]}}]}` + "`" + `

var once = constant

type name struct {
	Service string ` + "`json:\"service\"`" + `
}

func marshalled(svc string) string {
	cfg := map[string]any{"methodConfig": []any{map[string]any{
		"name": []name{{Service: svc}},
		"retryPolicy": map[string]any{"maxAttempts": 3, "initialBackoff": "1s", "maxBackoff": "1s",
			"backoffMultiplier": 1.0, "retryableStatusCodes": []string{"UNAVAILABLE"}},
	}}}
	b, _ := json.Marshal(cfg)
	return string(b)
}

func unknownPolicy(svc string) string {
	return fmt.Sprintf(` + "`" + `{"methodConfig": [{"retryPolicy": {"maxAttempts": 3, "initialBackoff": "%s"}}]}` + "`" + `, svc)
}

func viaVar() string { return once }

func notAConfig(s string) string { return s }

func brokenByPlaceholder(n int) string {
	return fmt.Sprintf(` + "`" + `{"methodConfig": [{"retryPolicy": {"maxAttempts": %d}}]}` + "`" + `, n)
}
`

// index is the value index of the test package: a package variable's
// one write is its declaration's value.
type index struct{ f *ast.File }

func (x index) DurationValue(ast.Expr) (time.Duration, bool) { return 0, false }

func (x index) IndexedVar(v *types.Var) bool { return v.Parent() == v.Pkg().Scope() }

func (x index) Reaching(v *types.Var) ([]waitnum.Write, bool) {
	var ws []waitnum.Write
	ast.Inspect(x.f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok {
			for i, id := range vs.Names {
				if id.Name == v.Name() && i < len(vs.Values) {
					ws = append(ws, waitnum.Write{X: vs.Values[i]})
				}
			}
		}
		return true
	})
	return ws, true
}

// setup returns a Reader of the test package and its file.
func setup(t *testing.T) (*libread.Reader, *ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return libread.New(info, pkg, []*ast.File{f}, index{f}), f
}

// returned is the expression the function fn returns.
func returned(f *ast.File, fn string) ast.Expr {
	var x ast.Expr
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == fn {
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
					x = r.Results[0]
				}
				return true
			})
		}
	}
	return x
}

func TestConfigOfAVariableWrittenOnce(t *testing.T) {
	r, f := setup(t)
	ps, ok := r.ServiceConfig(returned(f, "viaVar"), 3)
	if !ok || len(ps) != 1 {
		t.Fatalf("got %v, %v, want one policy", ps, ok)
	}
	// Keys match whatever their case; a code is a name or a number;
	// gRPC caps the attempts at WithMaxCallAttempts.
	want := &site.GRPCRetryPolicy{
		Methods: []string{"a.B/Get"}, MaxAttempts: 4, InitialBackoff: 100 * time.Millisecond, MaxBackoff: time.Second,
		BackoffMultiplier: 2, RetryableStatusCodes: []string{"UNAVAILABLE", "4"}, Codes: []policy.GRPCCode{14, 4},
		Valid: true, Attempts: 3,
	}
	if !reflect.DeepEqual(ps[0], want) {
		t.Errorf("got %+v, want %+v", ps[0], want)
	}
}

func TestMarshalledConfig(t *testing.T) {
	r, f := setup(t)
	ps, ok := r.ServiceConfig(returned(f, "marshalled"), 5)
	if !ok || len(ps) != 1 {
		t.Fatalf("got %v, %v, want one policy", ps, ok)
	}
	// The service name comes from a parameter: a placeholder outside
	// the retryPolicy, which is read.
	p := ps[0]
	if p.MaxAttempts != 3 || p.Attempts != 3 || p.InitialBackoff != time.Second || !p.Valid || !reflect.DeepEqual(p.Codes, []policy.GRPCCode{14}) {
		t.Errorf("got %+v", p)
	}
}

func TestUnknownPolicyIsNotRead(t *testing.T) {
	r, f := setup(t)
	if ps, ok := r.ServiceConfig(returned(f, "unknownPolicy"), 5); !ok || len(ps) != 0 {
		t.Errorf("got %v, %v, want a config with no policy read", ps, ok)
	}
	if ps, ok := r.ServiceConfig(returned(f, "brokenByPlaceholder"), 5); ok {
		t.Errorf("got %v, want no config (the placeholder breaks the JSON)", ps)
	}
	if ps, ok := r.ServiceConfig(returned(f, "notAConfig"), 5); ok {
		t.Errorf("got %v, want no config", ps)
	}
}
