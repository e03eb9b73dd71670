// Command depmap prints which groups of a package's files use which: for
// each pair of groups, the package-level names (functions, methods,
// types, fields, variables, constants) the first uses from the second.
// It shows where a package can be cut so that dependencies point one way
// (issue 14, the layout of internal/retrysite):
//
//	go run ./internal/cmd/depmap -groups groups.txt ./internal/retrysite
//
// A groups file has one group a line: its name, then its files.
//
//	interp eval.go sim.go funcinfo.go
//	waits waits.go waits_libs.go
//
// A file in no group is a group of its own. Test files are skipped.
package main

import (
	"cmp"
	"flag"
	"fmt"
	"go/ast"
	"go/types"
	"log"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

func main() {
	groupsFile := flag.String("groups", "", "`file` naming groups of files, one group a line")
	flag.Parse()
	if flag.NArg() != 1 {
		log.Fatal("usage: depmap [-groups file] package")
	}
	groupOf := map[string]string{}
	if *groupsFile != "" {
		data, err := os.ReadFile(*groupsFile)
		if err != nil {
			log.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			f := strings.Fields(l)
			for _, x := range f[min(1, len(f)):] {
				groupOf[x] = f[0]
			}
		}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax}, flag.Arg(0))
	if err != nil {
		log.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		log.Fatalf("want one package that loads without errors, got %d", len(pkgs))
	}
	p := pkgs[0]
	group := func(file string) string {
		if g, ok := groupOf[file]; ok {
			return g
		}
		return file
	}
	// Where each package-level name is declared.
	declared := map[types.Object]string{}
	for id, o := range p.TypesInfo.Defs {
		if o == nil || o.Pkg() != p.Types || !packageLevel(p.Types, o) {
			continue
		}
		declared[o] = filepath.Base(p.Fset.File(id.Pos()).Name())
	}
	edges := map[[2]string]map[string]bool{}
	for _, f := range p.Syntax {
		name := filepath.Base(p.Fset.File(f.Pos()).Name())
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			df, ok := declared[p.TypesInfo.Uses[id]]
			if !ok {
				return true
			}
			k := [2]string{group(name), group(df)}
			if k[0] == k[1] {
				return true
			}
			if edges[k] == nil {
				edges[k] = map[string]bool{}
			}
			edges[k][id.Name] = true
			return true
		})
	}
	keys := slices.SortedFunc(maps.Keys(edges), func(a, b [2]string) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
	for _, k := range keys {
		names := slices.Sorted(maps.Keys(edges[k]))
		fmt.Printf("%s -> %s (%d): %s\n", k[0], k[1], len(names), strings.Join(names, " "))
	}
}

// packageLevel reports whether o is declared at package level, or is a
// method or a struct field (which move with their type).
func packageLevel(pkg *types.Package, o types.Object) bool {
	switch o := o.(type) {
	case *types.Func:
		return o.Type().(*types.Signature).Recv() != nil || o.Parent() == pkg.Scope()
	case *types.Var:
		return o.IsField() || o.Parent() == pkg.Scope()
	}
	return o.Parent() == pkg.Scope()
}
