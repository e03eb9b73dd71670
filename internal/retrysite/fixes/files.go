package fixes

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// importName returns the name a file imports path, a standard library
// package (time, math/rand/v2), as, or "".
func importName(f *ast.File, path string) string {
	for _, im := range f.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil || p != path {
			continue
		}
		if im.Name != nil {
			if im.Name.Name == "_" || im.Name.Name == "." {
				return ""
			}
			return im.Name.Name
		}
		if i := strings.LastIndex(p, "/"); i >= 0 {
			p = p[i+1:]
		}
		if p == "v2" {
			return "rand"
		}
		return p
	}
	return ""
}

// addImport inserts an import of path into the file's first import
// declaration (or a new one after the package clause).
func addImport(f *ast.File, path string) analysis.TextEdit {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			return analysis.TextEdit{Pos: gd.Lparen + 1, End: gd.Lparen + 1, NewText: []byte("\n\t" + strconv.Quote(path))}
		}
		return analysis.TextEdit{Pos: gd.End(), End: gd.End(), NewText: []byte("\nimport " + strconv.Quote(path))}
	}
	return analysis.TextEdit{Pos: f.Name.End(), End: f.Name.End(), NewText: []byte("\n\nimport " + strconv.Quote(path))}
}

// qualifier returns the package name a call is qualified with
// (retry.Do -> "retry").
func qualifier(fun ast.Expr) string {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	if id, ok := sel.X.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

func isBlank(s string) bool {
	for _, r := range s {
		if r != ' ' && r != '\t' && r != '\n' && r != '\r' {
			return false
		}
	}
	return true
}
