package libsite

import (
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/knowledge"
)

func TestReachesLibrary(t *testing.T) {
	lib := types.NewPackage("github.com/cenkalti/backoff/v4", "backoff")
	fmtPkg := types.NewPackage("fmt", "fmt")
	// A package whose API shows the library's type (a constructor that
	// returns a backoff) lists it among its imports.
	mid := types.NewPackage("example.com/mid", "mid")
	mid.SetImports([]*types.Package{fmtPkg, lib})
	direct := types.NewPackage("example.com/direct", "direct")
	direct.SetImports([]*types.Package{lib})
	through := types.NewPackage("example.com/through", "through")
	through.SetImports([]*types.Package{fmtPkg, mid})
	plain := types.NewPackage("example.com/plain", "plain")
	plain.SetImports([]*types.Package{fmtPkg})
	for _, c := range []struct {
		pkg  *types.Package
		want bool
	}{
		{direct, true},
		{through, true},
		{lib, true},
		{plain, false},
		{fmtPkg, false},
	} {
		if got := ReachesLibrary(c.pkg, knowledge.NewCopies()); got != c.want {
			t.Errorf("ReachesLibrary(%s) = %v, want %v", c.pkg.Path(), got, c.want)
		}
	}
}
