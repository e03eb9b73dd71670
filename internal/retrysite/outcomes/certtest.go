package outcomes

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A decision that inspects its error and retries everything it does not
// recognise is not claimed to retry certificate errors: it may mean to
// (a test the model cannot read). One that names a certificate error
// type (x509.UnknownAuthorityError, *tls.CertificateVerificationError)
// means to stop on them; when the model still finds the certificate
// error retried, the test misses it (interp/outcomeval's certerr.go: a
// type assertion on the wrong layer of an HTTP client's error), and the
// site retries certificate errors.

// certTest returns the certificate error type that the code of body, or
// a function of the package it calls (three calls deep), tests an error
// for: the type of a type assertion, a type switch case or an
// errors.As target; "" if none.
func (d *Describer) certTest(body *ast.BlockStmt, depth int, seen map[*ast.BlockStmt]bool) string {
	if body == nil || seen[body] {
		return ""
	}
	seen[body] = true
	name := ""
	ast.Inspect(body, func(n ast.Node) bool {
		if name != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			if n.Type != nil {
				name = certTypeName(d.info.TypeOf(n.Type))
			}
		case *ast.CaseClause:
			for _, x := range n.List {
				if tv, ok := d.info.Types[x]; ok && tv.IsType() {
					if name = certTypeName(tv.Type); name != "" {
						break
					}
				}
			}
		case *ast.CallExpr:
			fn := d.callee(n)
			if fn == nil || fn.Pkg() == nil {
				return true
			}
			if fn.Pkg().Path() == "errors" && fn.Name() == "As" && len(n.Args) == 2 {
				if p, ok := d.info.TypeOf(n.Args[1]).(*types.Pointer); ok {
					name = certTypeName(p.Elem())
				}
			} else if fn.Pkg() == d.pkg && depth < 3 {
				if decl := d.m.FuncDecl(fn); decl != nil {
					name = d.certTest(decl.Body, depth+1, seen)
				}
			}
		}
		return name == ""
	})
	return name
}

// certTypeName returns the name of t (x509.HostnameError) when it is an
// error type of crypto/x509 or crypto/tls, else "".
func certTypeName(t types.Type) string {
	n, ok := types.Unalias(typesx.Deref(t)).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	switch p := n.Obj().Pkg().Path(); p {
	case "crypto/x509", "crypto/tls":
		if !strings.HasSuffix(n.Obj().Name(), "Error") {
			return ""
		}
		return strings.TrimPrefix(p, "crypto/") + "." + n.Obj().Name()
	}
	return ""
}
