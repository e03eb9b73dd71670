package fixes

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// HoistKey returns the R-6 fix of a key generated on every attempt of s:
// gen moved out of the retried code, before the retry loop or before the
// statement that calls the retry library.
func HoistKey(pass *analysis.Pass, s *site.Site, gen ast.Expr) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	if s.Func == nil || gen.Pos() < s.Func.Pos() || gen.End() > s.Func.End() {
		return none, false
	}
	tv := pass.TypesInfo.Types[gen] // a missing entry has no Type
	if _, isTuple := tv.Type.(*types.Tuple); tv.Type == nil || isTuple {
		return none, false
	}
	file := typesx.FileOf(pass.Files, gen.Pos())
	if file == nil {
		return none, false
	}
	path, _ := astutil.PathEnclosingInterval(file, gen.Pos(), gen.End())
	var anchor ast.Stmt
	var region ast.Node // the retried code the generation leaves
	switch s.Kind {
	case site.Loop:
		switch l := s.Node.(type) {
		case *ast.ForStmt:
			region, anchor = l.Body, l
		case *ast.RangeStmt:
			region, anchor = l.Body, l
		default:
			return none, false
		}
		// Nothing but blocks and plain statements between the
		// generation and the loop: no function literal.
		for _, n := range path {
			if n == s.Node {
				break
			}
			if _, ok := n.(*ast.FuncLit); ok {
				return none, false
			}
		}
	case site.Library:
		call, ok := s.Node.(*ast.CallExpr)
		if !ok {
			return none, false
		}
		for _, n := range path {
			if fl, ok := n.(*ast.FuncLit); ok {
				for _, a := range call.Args {
					if ast.Unparen(a) == fl {
						region = fl.Body
					}
				}
				break
			}
		}
		if region == nil {
			return none, false
		}
		cpath, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
		for i, n := range cpath {
			st, ok := n.(ast.Stmt)
			if !ok || i+1 >= len(cpath) {
				continue
			}
			switch cpath[i+1].(type) {
			case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
				anchor = st
			}
			if anchor != nil {
				break
			}
		}
	default:
		return none, false
	}
	if anchor == nil || region == nil || gen.Pos() < region.Pos() || gen.End() > region.End() {
		return none, false
	}
	// A labeled loop: insert before the label.
	apath, _ := astutil.PathEnclosingInterval(file, anchor.Pos(), anchor.End())
	for i, n := range apath {
		if n == anchor && i+1 < len(apath) {
			if l, ok := apath[i+1].(*ast.LabeledStmt); ok {
				anchor = l
			}
			break
		}
	}
	// The generation must use only what exists before the anchor.
	later := false
	if typesx.InspectUntil(&later, gen, func(n ast.Node) bool {
		id, _ := n.(*ast.Ident)
		v, ok := pass.TypesInfo.Uses[id].(*types.Var)
		later = ok && v.Pkg() == pass.Pkg && v.Parent() != pass.Pkg.Scope() && v.Pos() >= anchor.Pos()
		return true
	}) {
		return none, false
	}
	tf := pass.Fset.File(gen.Pos())
	src, err := pass.ReadFile(tf.Name())
	if err != nil {
		return none, false
	}
	off := func(p token.Pos) int { return tf.Offset(p) }
	lineStart := tf.LineStart(tf.Line(anchor.Pos()))
	indent := string(src[off(lineStart):off(anchor.Pos())])
	if strings.TrimLeft(indent, " \t") != "" {
		return none, false
	}
	genText := string(src[off(gen.Pos()):off(gen.End())])
	scope := pass.Pkg.Scope().Innermost(anchor.Pos())
	inScope := func(name string) bool {
		if scope == nil {
			return false
		}
		_, obj := scope.LookupParent(name, anchor.Pos())
		return obj != nil && obj.Parent() != types.Universe
	}
	taken := func(name string) bool {
		if inScope(name) {
			return true
		}
		used := false
		return typesx.InspectUntil(&used, anchor, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			used = ok && id.Name == name
			return true
		})
	}

	// Move `key := gen` out of the loop when it stands alone in the
	// retried block.
	if len(path) > 2 {
		if as, ok := path[1].(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == 1 && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == gen {
			if blk, ok := path[2].(*ast.BlockStmt); ok && blk == region {
				if id, ok := as.Lhs[0].(*ast.Ident); ok && !inScope(id.Name) && assignedOnce(pass, region, id) {
					stStart := tf.LineStart(tf.Line(as.Pos()))
					stEnd := as.End()
					if l := tf.Line(as.End()); l < tf.LineCount() {
						stEnd = tf.LineStart(l + 1)
					}
					before := string(src[off(stStart):off(as.Pos())])
					after := string(src[off(as.End()):off(stEnd)])
					if isBlank(before) && isBlank(after) {
						stmt := string(src[off(as.Pos()):off(as.End())])
						return analysis.SuggestedFix{
							Message: fmt.Sprintf("Generate %s once, before the first attempt", id.Name),
							TextEdits: []analysis.TextEdit{
								{Pos: lineStart, End: lineStart, NewText: []byte(indent + stmt + "\n")},
								{Pos: stStart, End: stEnd},
							},
						}, true
					}
				}
			}
		}
	}
	name := "idempotencyKey"
	for i := 2; taken(name); i++ {
		name = fmt.Sprintf("idempotencyKey%d", i)
	}
	return analysis.SuggestedFix{
		Message: "Generate the Idempotency-Key once, before the first attempt",
		TextEdits: []analysis.TextEdit{
			{Pos: lineStart, End: lineStart, NewText: []byte(indent + name + " := " + genText + "\n")},
			{Pos: gen.Pos(), End: gen.End(), NewText: []byte(name)},
		},
	}, true
}

// assignedOnce reports whether the variable id defines is assigned
// nowhere else in n.
func assignedOnce(pass *analysis.Pass, n ast.Node, id *ast.Ident) bool {
	v := pass.TypesInfo.Defs[id]
	if v == nil {
		return false
	}
	once := true
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if lid, ok := ast.Unparen(l).(*ast.Ident); ok && lid != id && (pass.TypesInfo.Uses[lid] == v || pass.TypesInfo.Defs[lid] == v) {
					once = false
				}
			}
		case *ast.UnaryExpr:
			if lid, ok := ast.Unparen(x.X).(*ast.Ident); ok && x.Op == token.AND && pass.TypesInfo.Uses[lid] == v {
				once = false
			}
		}
		return once
	})
	return once
}
