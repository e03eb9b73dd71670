// Package modsrc reads another package of the analysed package's module,
// or a retry helper's package of a module it depends on, from its
// source, on demand and without facts, so that the model can follow a
// call of a retry helper written there (internal.Retry(ctx, opFn, next),
// depmod.Retry(ctx, 10, op)) or run a backoff object of a type declared
// there
// (internal/retrysite doc, "Across packages"; xpkg.go there binds the
// helper to the caller and makes the site).
//
// A package is loaded when:
//
//   - its source is there to read: its file, named by the position
//     export data records, lies under a go.mod whose module path
//     prefixes its package path. That is the analysed package's module
//     (a GOPATH tree with a go.mod, as analysistest's, counts) or, for a
//     helper (Load), a module of its own, a dependency in the module
//     cache or a replace directory, read only when its
//     package's .go files hold at most MaxDepSource bytes. No go.mod, a
//     relative path as -trimpath or a Bazel sandbox records, or a
//     vendored copy: not loaded;
//   - for a helper (Load), the callee's own file, parsed alone, calls one
//     of its func parameters that has results inside a for or range
//     statement or a function literal (an adapter it may hand to a retry
//     library), or has a goto, or hands one on in a call's arguments (a
//     helper forwarding to another); a method's package (MethodSource)
//     needs no such test, and may be a dependency's (InModule with deps:
//     at most MaxDepSource bytes, outside the standard library);
//   - then every .go file of its directory that go/build's MatchFile
//     keeps for the default build context (build constraints honoured,
//     tests aside) is parsed into the pass's FileSet and type-checked
//     with go/types, importing the *types.Package objects the analysed
//     package already reaches (transitively through Imports()); an import
//     it reaches only in part (an indirect import's export data) or not
//     at all is checked whole from its source first when that source is
//     in a module the loader reads (the analysed package's, or a loaded
//     package's: a dependency's wait helper converting through a package
//     of its own module), at most MaxDepSource bytes; any other is an
//     error the check collects and passes over.
//     Its type information is recorded next to the analysed package's, in
//     one copy of it that every package the pass loads shares (the model
//     reads the helper's body and the caller's function literals
//     together). A file that does not parse leaves the package unread;
//   - at most MaxPackages packages per pass are type-checked, a
//     dependency's among them; the caller studies at most MaxCalls calls
//     (Loader.Calls). A package read from source may call into another
//     through the same Loader (its model follows the call as the
//     analysed package's does), under the same caps.
//
// A question the syntax of one declaration answers (does a method only
// return a field of its receiver: a carried error's accessor) needs no
// package: DeclAlone returns the declaration from its file parsed alone,
// with the same module test and the same per-pass file cache.
//
// Rules: everything is cached on a Loader, which the pass's model holds
// (no global state: safe under go vet's unitchecker and nogo); a file that
// cannot be found, read or parsed leaves the call unknown, never an
// error. The package never imports internal/retrysite: a Loader is
// generic over the model M that reads a loaded package, which the caller
// makes (newModel) over the analysed package's type information and the
// package's together (Package.Info).
package modsrc
