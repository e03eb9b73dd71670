package knowledge_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/knowledge"
)

func TestEntryKey(t *testing.T) {
	const src = `package backoff

type ExponentialBackOff struct{}

func (b *ExponentialBackOff) NextBackOff() {}

func Retry() {}

type I interface{ M() }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "b.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := new(types.Config).Check("github.com/cenkalti/backoff/v4", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	retry := pkg.Scope().Lookup("Retry").(*types.Func)
	next, _, _ := types.LookupFieldOrMethod(pkg.Scope().Lookup("ExponentialBackOff").Type(), true, pkg, "NextBackOff")
	m := pkg.Scope().Lookup("I").Type().Underlying().(*types.Interface).Method(0)
	for fn, want := range map[*types.Func]string{
		retry:              "github.com/cenkalti/backoff/v4.Retry",
		next.(*types.Func): "github.com/cenkalti/backoff/v4.ExponentialBackOff.NextBackOff",
		m:                  "github.com/cenkalti/backoff/v4.I.M", // a method of a named interface
		types.Universe.Lookup("error").Type().Underlying().(*types.Interface).Method(0): "", // error.Error: no package
	} {
		if got := knowledge.EntryKey(fn); got != want {
			t.Errorf("EntryKey(%v) = %q, want %q", fn, got, want)
		}
	}
	if _, _, ok := knowledge.Lookup(knowledge.EntryKey(retry)); !ok {
		t.Errorf("Lookup(EntryKey(backoff.Retry)) found no entry")
	}
}
