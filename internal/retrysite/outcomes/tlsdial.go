package outcomes

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// dialsTLS reports whether call opens a TLS connection to a peer, so its
// error may be a certificate error: a crypto/tls dial or handshake
// (tls.Dial, tls.DialWithDialer, a tls.Dialer's Dial or DialContext, a
// Conn's Handshake), directly or in a function of the package it calls,
// up to three calls deep. The certificate is verified unless the code
// says InsecureSkipVerify: true, which a configuration's default does
// not.
func (d *Describer) dialsTLS(call *ast.CallExpr, depth int) bool {
	fn := typesx.Callee(d.info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if fn.Pkg().Path() == "crypto/tls" {
		switch fn.Name() {
		case "Dial", "DialWithDialer", "DialContext", "Handshake", "HandshakeContext":
			return true
		}
		return false
	}
	if fn.Pkg() != d.pkg || depth >= 3 {
		return false
	}
	decl := d.m.FuncDecl(fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	found := false
	return typesx.InspectUntil(&found, decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = d.dialsTLS(n, depth+1)
		}
		return true
	})
}
