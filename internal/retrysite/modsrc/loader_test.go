package modsrc

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestLoad: the loader reads a helper's package from its
// source only when its source is there to read (the analysed package's
// module, or a module of its own, not too large for a dependency) and
// every file of it parses; otherwise it gives nothing, never an error.
func TestLoad(t *testing.T) {
	const helper = "package h\n\nfunc Retry(op func() error) error {\n\tfor {\n\t\tif op() == nil {\n\t\t\treturn nil\n\t\t}\n\t}\n}\n"
	for _, tc := range []struct {
		name   string
		files  map[string]string // relative to the module root
		hpath  string            // the helper's package path
		loaded bool
	}{
		{"same module", map[string]string{"go.mod": "module example.com/m\n", "h/h.go": helper}, "example.com/m/h", true},
		{"a file that does not parse", map[string]string{"go.mod": "module example.com/m\n", "h/h.go": helper, "h/bad.go": "package h\n\nfunc broken( {\n"}, "example.com/m/h", false},
		{"excluded by its build constraint", map[string]string{"go.mod": "module example.com/m\n", "h/h.go": helper, "h/bad.go": "//go:build ignore\n\npackage h\n\nfunc broken( {\n"}, "example.com/m/h", true},
		{"a dependency module", map[string]string{"go.mod": "module example.com/m\n", "h/go.mod": "module example.com/h\n", "h/h.go": helper}, "example.com/h", true},
		{"a dependency package over MaxDepSource", map[string]string{"go.mod": "module example.com/m\n", "h/go.mod": "module example.com/h\n", "h/h.go": helper, "h/big.go": "package h\n\n// " + strings.Repeat("x", MaxDepSource) + "\n"}, "example.com/h", false},
		{"a same-module package over MaxDepSource", map[string]string{"go.mod": "module example.com/m\n", "h/h.go": helper, "h/big.go": "package h\n\n// " + strings.Repeat("x", MaxDepSource) + "\n"}, "example.com/m/h", true},
		{"a module whose path is not the package's", map[string]string{"go.mod": "module example.com/m\n", "h/go.mod": "module example.com/other\n", "h/h.go": helper}, "example.com/h", false},
		{"no go.mod", map[string]string{"h/h.go": helper}, "example.com/m/h", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			tc.files["caller/c.go"] = "package caller\n"
			for name, content := range tc.files {
				p := filepath.Join(root, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			fset := token.NewFileSet()
			cf, err := parser.ParseFile(fset, filepath.Join(root, "caller/c.go"), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			pass := &analysis.Pass{
				Fset:       fset,
				Files:      []*ast.File{cf},
				Pkg:        types.NewPackage("example.com/m/caller", "caller"),
				TypesInfo:  &types.Info{},
				TypesSizes: types.SizesFor("gc", "amd64"),
			}
			a := Analysed{Pass: pass, Pkg: pass.Pkg, Info: pass.TypesInfo}
			// The helper as export data describes it: a position in
			// its file, a signature.
			hfile := filepath.Join(root, "h/h.go")
			tf := fset.AddFile(hfile, -1, len(helper))
			tf.SetLinesForContent([]byte(helper))
			hpkg := types.NewPackage(tc.hpath, "h")
			errT := types.Universe.Lookup("error").Type()
			op := types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewVar(token.NoPos, nil, "", errT)), false)
			sig := types.NewSignatureType(nil, nil, nil,
				types.NewTuple(types.NewVar(token.NoPos, hpkg, "op", op)),
				types.NewTuple(types.NewVar(token.NoPos, hpkg, "", errT)), false)
			fn := types.NewFunc(tf.Pos(strings.Index(helper, "Retry")), hpkg, "Retry", sig)
			made := 0
			xp := NewLoader[int](a).Load(a, fn, func(*types.Info, *Package[int]) int { made++; return made })
			if got := xp != nil; got != tc.loaded {
				t.Fatalf("load: got loaded=%v, want %v", got, tc.loaded)
			}
			if xp != nil && xp.Decls["Retry"] == nil {
				t.Errorf("load: Retry's declaration not indexed")
			}
			if xp != nil && (made != 1 || xp.M != 1) {
				t.Errorf("load: the package's model made %d times, M = %d; want once, 1", made, xp.M)
			}
		})
	}
}

// TestLoadCompletesImports: a helper that hands its func, in a literal,
// to a package of the module the analysed package reaches only
// indirectly (export data holds none of that package's functions) is
// loaded, and the package it calls is checked whole from its source:
// the call resolves.
func TestLoadCompletesImports(t *testing.T) {
	const helper = "package h\n\nimport \"example.com/m/w\"\n\nfunc Retry(op func() error) error {\n\treturn w.Run(func() error { return op() })\n}\n"
	root := t.TempDir()
	for name, content := range map[string]string{
		"go.mod":      "module example.com/m\n",
		"h/h.go":      helper,
		"w/w.go":      "package w\n\nfunc Run(f func() error) error { return f() }\n",
		"caller/c.go": "package caller\n",
	} {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fset := token.NewFileSet()
	cf, err := parser.ParseFile(fset, filepath.Join(root, "caller/c.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	hpkg := types.NewPackage("example.com/m/h", "h")
	hpkg.SetImports([]*types.Package{types.NewPackage("example.com/m/w", "w")}) // incomplete, empty
	pkg := types.NewPackage("example.com/m/caller", "caller")
	pkg.SetImports([]*types.Package{hpkg})
	pass := &analysis.Pass{Fset: fset, Files: []*ast.File{cf}, Pkg: pkg, TypesInfo: &types.Info{}, TypesSizes: types.SizesFor("gc", "amd64")}
	a := Analysed{Pass: pass, Pkg: pkg, Info: pass.TypesInfo}
	tf := fset.AddFile(filepath.Join(root, "h/h.go"), -1, len(helper))
	tf.SetLinesForContent([]byte(helper))
	errT := types.Universe.Lookup("error").Type()
	op := types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewVar(token.NoPos, nil, "", errT)), false)
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewVar(token.NoPos, hpkg, "op", op)),
		types.NewTuple(types.NewVar(token.NoPos, hpkg, "", errT)), false)
	fn := types.NewFunc(tf.Pos(strings.Index(helper, "Retry")), hpkg, "Retry", sig)
	xp := NewLoader[int](a).Load(a, fn, func(*types.Info, *Package[int]) int { return 1 })
	if xp == nil {
		t.Fatal("a helper that calls its func in a literal it passes on is not loaded")
	}
	var run types.Object
	ast.Inspect(xp.Decls["Retry"], func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Run" {
			run = xp.Info.Uses[sel.Sel]
		}
		return true
	})
	if _, ok := run.(*types.Func); !ok {
		t.Errorf("w.Run does not resolve (%v): the indirectly reached package was not checked from source", run)
	}
}
