package netio

import (
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// The standard library's side of the integration boundary: its network
// and database packages cross it, except for the calls of net and
// crypto/tls that only set up a local socket, compute, or load a key pair
// (retrysite's integration.go states the whole rule).

// networkStd holds the standard library's network and database packages.
var networkStd = map[string]bool{
	"net":          true,
	"net/http":     true,
	"net/rpc":      true,
	"net/smtp":     true,
	"database/sql": true,
	"crypto/tls":   true,
}

// NetworkStd reports whether path is one of the standard library's
// network and database packages (net, net/http, database/sql, ...).
func NetworkStd(path string) bool { return networkStd[path] }

// NetworkCall reports whether fn, of another package than the analysed
// one, may cross an integration boundary: it is outside the standard
// library, or in one of its network packages and not a local socket's
// setup.
func NetworkCall(fn *types.Func) bool {
	path := fn.Pkg().Path()
	if knowledge.IsErrorPackage(path) {
		return false // errors.Wrap builds an error (knowledge errorpkgs.go)
	}
	if OSInterface(path) {
		return false // the operating system, as package syscall is
	}
	return !typesx.IsStd(path) || networkStd[path] && !LocalSocket(fn)
}

// OSInterface reports whether path is a package of golang.org/x/sys
// (unix, windows, cpu, ...): the low-level operating system primitives
// that package syscall provides in the standard library, and like them
// local work (unix.Flock, a file lock retried after its descriptor is
// reopened, is no integration).
func OSInterface(path string) bool { return strings.HasPrefix(path, "golang.org/x/sys/") }

// LocalSocket reports whether fn is a function or method of package net
// that only sets up a local socket (a listen, an option of a connection,
// its addresses or file) or only computes (SplitHostPort, ParseIP).
func LocalSocket(fn *types.Func) bool {
	if fn.Pkg() != nil && fn.Pkg().Path() == "crypto/tls" {
		return localTLS(fn)
	}
	if fn.Pkg() == nil || fn.Pkg().Path() != "net" {
		return false
	}
	name := fn.Name()
	for _, prefix := range []string{"Listen", "Set", "Split", "Join", "Parse"} {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	switch name {
	case "LocalAddr", "RemoteAddr", "File", "SyscallConn", "Addr":
		return true
	}
	return false
}

// localTLS reports whether fn, of crypto/tls, only reads or builds local
// state: a key pair loaded from files or parsed (LoadX509KeyPair,
// X509KeyPair), a name, a session cache, a method of a Config. Only a
// connection's dial, handshake, read and write reach another service.
func localTLS(fn *types.Func) bool {
	switch fn.Name() {
	case "LoadX509KeyPair", "X509KeyPair", "CipherSuiteName", "CipherSuites", "InsecureCipherSuites",
		"VersionName", "NewLRUClientSessionCache":
		return true
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		return typesx.IsNamed(sig.Recv().Type(), "crypto/tls", "Config")
	}
	return false
}
