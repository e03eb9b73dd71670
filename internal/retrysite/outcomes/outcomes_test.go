package outcomes_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"testing"

	"github.com/retrylint/retrylint/internal/retrysite/outcomes"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/policy"
)

const src = `package p

type statusErr struct{ code int }

func (e *statusErr) Error() string { return "" }

func op() (int, error) { return 0, nil }

func refresh() {}

func GetThing() {}

func loop() error {
	for i := 0; i < 3; i++ {
		n, err := op()
		if err != nil {
			continue
		}
		if n > 0 {
			break
		}
	}
	return nil
}

func conflict() error {
	for {
		GetThing()
		_, err := op()
		if err == nil {
			return nil
		}
	}
}
`

// noDecls is a model that knows no declaration.
type noDecls struct{}

func (noDecls) FuncDecl(*types.Func) *ast.FuncDecl  { return nil }
func (noDecls) ValueFunc(*ast.CallExpr) *types.Func { return nil }

func load(t *testing.T) (*token.FileSet, *ast.File, *types.Info, *types.Package) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return fset, f, info, pkg
}

// loopOf returns the body of fn, its loop and the call of op in it.
func loopOf(f *ast.File, fn string) (*ast.BlockStmt, ast.Stmt, *ast.CallExpr) {
	var body *ast.BlockStmt
	var loop ast.Stmt
	var call *ast.CallExpr
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == fn {
			body = fd.Body
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.ForStmt:
					loop = n
				case *ast.CallExpr:
					if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "op" {
						call = n
					}
				}
				return true
			})
		}
	}
	return body, loop, call
}

func TestLoopListsCertainOutcomes(t *testing.T) {
	fset, f, info, pkg := load(t)
	body, loop, call := loopOf(f, "loop")
	s := &site.Site{Node: loop}
	var tried []outcomes.Scenario
	outcomes.New(info, pkg, noDecls{}).Loop(s, outcomes.Loop{
		Call: call,
		Body: body,
		Try: func(sc outcomes.Scenario, certain bool) outcomes.Reach {
			tried = append(tried, sc)
			switch {
			case sc.Kind == outcomes.GRPCCode && sc.Code == 14, sc.Kind == outcomes.ErrStatus && sc.Code == 503:
				return outcomes.Reach{Again: true, AgainCertain: true}
			case sc.Kind == outcomes.GRPCCode && sc.Code == 2:
				return outcomes.Reach{Again: true}
			}
			return outcomes.Reach{}
		},
	})
	o := s.Retried
	if o == nil {
		t.Fatal("no outcomes")
	}
	if want := []policy.GRPCCode{14}; !reflect.DeepEqual(o.GRPC, want) {
		t.Errorf("GRPC = %v, want %v", o.GRPC, want)
	}
	if want := []int{503}; !reflect.DeepEqual(o.HTTP, want) {
		t.Errorf("HTTP = %v, want %v", o.HTTP, want)
	}
	if o.CertErrors {
		t.Error("CertErrors, want none")
	}
	for _, sc := range tried {
		if sc.Kind == outcomes.HTTPStatus {
			t.Errorf("tried %v on an operation that returns no response", sc)
		}
	}
	// The decision is the first test of a result that leaves or goes
	// back, not the nil check before it.
	if got := fset.Position(o.Pos).Line; got != 19 || o.Decision != "n > 0" {
		t.Errorf("decision %q at line %d, want \"n > 0\" at line 19", o.Decision, got)
	}
}

func TestLoopWithoutInspectionListsNoErrorFamily(t *testing.T) {
	_, f, info, pkg := load(t)
	body, loop, call := loopOf(f, "loop")
	s := &site.Site{Node: loop}
	// Every error leads back alike: the loop does not look at codes.
	outcomes.New(info, pkg, noDecls{}).Loop(s, outcomes.Loop{
		Call: call,
		Body: body,
		Try: func(sc outcomes.Scenario, certain bool) outcomes.Reach {
			return outcomes.Reach{Again: true, AgainCertain: true}
		},
	})
	if o := s.Retried; len(o.GRPC) != 0 || len(o.HTTP) != 0 || o.CertErrors {
		t.Errorf("got %+v, want no gRPC codes, statuses or cert errors", o)
	}
}

func TestConflictAfterRereadIsNotRetried(t *testing.T) {
	_, f, info, pkg := load(t)
	body, loop, call := loopOf(f, "conflict")
	s := &site.Site{Node: loop}
	outcomes.New(info, pkg, noDecls{}).Loop(s, outcomes.Loop{
		Call: call,
		Body: body,
		Try: func(sc outcomes.Scenario, certain bool) outcomes.Reach {
			if sc.Kind == outcomes.ErrStatus && (sc.Code == 409 || sc.Code == 503) {
				return outcomes.Reach{Again: true, AgainCertain: true}
			}
			return outcomes.Reach{}
		},
	})
	if want := []int{503}; !reflect.DeepEqual(s.Retried.HTTP, want) {
		t.Errorf("HTTP = %v, want %v (409 follows a re-read)", s.Retried.HTTP, want)
	}
}

func TestMergeAndWithout(t *testing.T) {
	if got, want := outcomes.MergeInts([]int{503, 429}, []int{429, 500}), []int{429, 500, 503}; !reflect.DeepEqual(got, want) {
		t.Errorf("MergeInts = %v, want %v", got, want)
	}
	if got, want := outcomes.Without([]int{409, 503, 409}, 409), []int{503}; !reflect.DeepEqual(got, want) {
		t.Errorf("Without = %v, want %v", got, want)
	}
	long := "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890"
	if got := outcomes.Shorten(long); len(got) != 80 || got[77:] != "..." {
		t.Errorf("Shorten = %q", got)
	}
	if got := outcomes.Shorten("short"); got != "short" {
		t.Errorf("Shorten(short) = %q", got)
	}
}
