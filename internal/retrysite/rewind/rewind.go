package rewind

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Rewinds reports whether the assignment's i-th left-hand side, a
// variable v, is given back by a rewind of v: the right-hand side is one
// call of a same-package function with v as an argument, whose result
// for that position is, on every return, that parameter, a copy of what
// it points to refilled only from itself, or nil.
// funcDecl gives the declaration of a function of the package (the
// interpreter's FuncDecl); info is the package's type information.
func Rewinds(info *types.Info, funcDecl func(*types.Func) *ast.FuncDecl, as *ast.AssignStmt, i int, v *types.Var) bool {
	if v == nil || len(as.Rhs) != 1 {
		return false
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	decl := funcDecl(typesx.Callee(info, call))
	if decl == nil || decl.Body == nil {
		return false
	}
	param := -1
	for j, a := range call.Args {
		if typesx.VarOf(info, a) == v {
			param = j
		}
	}
	if param < 0 {
		return false
	}
	params := typesx.DeclParams(info, decl)
	if param >= len(params) || params[param] == nil {
		return false
	}
	return rewindResult(info, decl, params[param], i)
}

// rewindResult reports whether every return of decl gives, for result i,
// p itself, nil, or the address of a local copy of *p whose fields are set
// only from p.
func rewindResult(info *types.Info, decl *ast.FuncDecl, p *types.Var, i int) bool {
	if decl.Type.Results == nil || decl.Type.Results.NumFields() <= i {
		return false
	}
	if _, isPtr := p.Type().Underlying().(*types.Pointer); !isPtr {
		return false
	}
	// fromP holds p and the locals defined only from p (body, err :=
	// req.GetBody()).
	fromP := map[*types.Var]bool{p: true}
	copies := make(map[*types.Var]bool)
	var assigns []*ast.AssignStmt
	ok := true
	typesx.InspectNoLits(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			assigns = append(assigns, n)
		case *ast.ValueSpec:
			ok = false // var declarations: not followed
		}
		return ok
	})
	if !ok {
		return false
	}
	onlyFrom := func(x ast.Expr) bool {
		good := true
		ast.Inspect(x, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				good = false
			case *ast.Ident:
				if v, isVar := info.Uses[n].(*types.Var); isVar && !v.IsField() && !fromP[v] {
					good = false
				}
			}
			return good
		})
		return good
	}
	// Locals defined once, from p only; copies of *p.
	defs := make(map[*types.Var]int)
	for _, as := range assigns {
		for _, l := range as.Lhs {
			id, _ := l.(*ast.Ident)
			if v, _ := typesx.ObjOf(info, id).(*types.Var); v != nil {
				defs[v]++
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, as := range assigns {
			if as.Tok != token.DEFINE {
				continue
			}
			for k, l := range as.Lhs {
				id, isIdent := l.(*ast.Ident)
				if !isIdent {
					continue
				}
				v, _ := info.Defs[id].(*types.Var)
				if v == nil || fromP[v] || copies[v] || defs[v] != 1 {
					continue
				}
				rhs := as.Rhs[0]
				if len(as.Lhs) == len(as.Rhs) {
					rhs = as.Rhs[k]
				}
				if st, isStar := ast.Unparen(rhs).(*ast.StarExpr); isStar && typesx.VarOf(info, ast.Unparen(st.X)) == p {
					copies[v] = true
					changed = true
				} else if onlyFrom(rhs) {
					fromP[v] = true
					changed = true
				}
			}
		}
	}
	// The copies' fields are refilled from p only; no other field is
	// written (not p's, not a copy of one of its fields).
	for _, as := range assigns {
		for k, l := range as.Lhs {
			sel, isSel := ast.Unparen(l).(*ast.SelectorExpr)
			if !isSel {
				continue
			}
			root := typesx.VarOf(info, typesx.ChainRoot(sel, true))
			if !copies[root] {
				return false // p itself, or a value taken from it, changed
			}
			rhs := as.Rhs[0]
			if len(as.Lhs) == len(as.Rhs) {
				rhs = as.Rhs[k]
			}
			if !onlyFrom(rhs) {
				return false
			}
		}
	}
	returns := 0
	typesx.InspectNoLits(decl.Body, func(n ast.Node) bool {
		r, isRet := n.(*ast.ReturnStmt)
		if !isRet || !ok {
			return ok
		}
		returns++
		if len(r.Results) != decl.Type.Results.NumFields() {
			ok = false
			return false
		}
		x := ast.Unparen(r.Results[i])
		switch {
		case typesx.IsNil(info, x):
		case typesx.VarOf(info, x) == p:
			if _, isIdent := x.(*ast.Ident); !isIdent {
				ok = false
			}
		default:
			u, isAddr := x.(*ast.UnaryExpr)
			if !isAddr || u.Op != token.AND || !copies[typesx.VarOf(info, ast.Unparen(u.X))] {
				ok = false
			}
		}
		return ok
	})
	return ok && returns > 0
}
