package modsrc

import (
	"bufio"
	"bytes"
	"errors"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

const (
	// MaxPackages is the most packages of the module one pass
	// loads from source.
	MaxPackages = 6
	// MaxCalls is the most calls one pass studies through another
	// package's source.
	MaxCalls = 64
	// MaxDepSource is the most source, in bytes of its .go files
	// (tests aside), of a package of another module (a dependency) that
	// is loaded: a helper package is small, an SDK's generated client
	// is not, and is not read.
	MaxDepSource = 256 << 10
)

// A Loader is the per-pass state of cross-package following: the
// modules of directories, the packages loaded (each with the model M that
// reads it), the files parsed. Make one with NewLoader.
type Loader[M any] struct {
	// mods caches the module of each directory: its root and path
	// ("" when none).
	mods map[string]modDir
	// pkgs caches loaded packages by path (nil: could not load).
	pkgs map[string]*Package[M]
	// reach are the packages the analysed package reaches through its
	// imports, by path.
	reach map[string]*types.Package
	// self is the module of the analysed package.
	self modDir
	// Calls counts the calls studied through another package's source
	// (at most MaxCalls; the caller counts).
	Calls int
	// loaded counts the packages type-checked.
	loaded int
	// files caches parsed files by name (nil: could not parse).
	files map[string]*ast.File
	// sourced are the packages reached whose source was checked whole
	// (importPkg).
	sourced map[string]bool
	// mixed is the type information the loaded packages are checked
	// into (mixedInfo).
	mixed *types.Info
	// std imports standard-library packages the analysed package does
	// not reach (a helper's crypto/rand) from the toolchain's export data.
	std types.Importer
	// mentions caches Mentions by directory.
	mentions map[string]bool
	// small caches, by directory, whether a dependency's package is
	// small enough to read (InModule).
	small map[string]bool
}

type modDir struct{ root, path string }

// A Package is one package of the module, parsed and type-checked from
// its source, with a model M whose type information holds both the
// analysed package's and its own (Info).
type Package[M any] struct {
	M     M
	Pkg   *types.Package           // as checked from source
	Info  *types.Info              // the analysed package's and the package's
	Decls map[string]*ast.FuncDecl // "Name" or "Recv.Name" (Key)
	Insp  *inspector.Inspector
}

// An Analysed is the analysed package as the model that asks sees it:
// its pass, its package and its type information.
type Analysed struct {
	Pass *analysis.Pass
	Pkg  *types.Package
	Info *types.Info
}

// NewLoader returns the cross-package state of a pass over a (the
// module of its first file).
func NewLoader[M any](a Analysed) *Loader[M] {
	x := &Loader[M]{mods: make(map[string]modDir), pkgs: make(map[string]*Package[M]), files: make(map[string]*ast.File), sourced: make(map[string]bool), mentions: make(map[string]bool), small: make(map[string]bool)}
	if len(a.Pass.Files) > 0 {
		x.self = x.moduleOf(filepath.Dir(a.Pass.Fset.File(a.Pass.Files[0].Pos()).Name()), a.Pkg.Path())
	}
	return x
}

// Key returns the key of fn in Package.Decls: its name, after its
// receiver's base type name and a dot for a method.
func Key(fn *types.Func) string {
	key := fn.Name()
	if sig, _ := fn.Type().(*types.Signature); sig != nil && sig.Recv() != nil {
		key = recvName(sig.Recv().Type()) + "." + key
	}
	return key
}

// recvName names a receiver's base type.
func recvName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// moduleOf returns the module that holds dir, a directory of the
// package pkgPath: the nearest go.mod above it whose module path is a
// prefix of pkgPath. Without one (or when it cannot be read), none.
func (x *Loader[M]) moduleOf(dir, pkgPath string) modDir {
	if !filepath.IsAbs(dir) {
		return modDir{}
	}
	for d := dir; ; {
		md, ok := x.mods[d]
		if !ok {
			md = modDir{}
			if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
				md = modDir{root: d, path: modulePath(data)}
			}
			x.mods[d] = md
		}
		if md.root != "" {
			if md.path != "" && (pkgPath == md.path || strings.HasPrefix(pkgPath, md.path+"/")) {
				return md
			}
			return modDir{}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return modDir{}
		}
		d = parent
	}
}

// modulePath reads the module path of a go.mod file.
func modulePath(data []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '"') {
			p, _, _ := strings.Cut(rest, "//")
			return strings.Trim(strings.TrimSpace(p), "\"`")
		}
	}
	return ""
}

// Load returns fn's package parsed and type-checked from source, when
// its source is there to read: a package of the analysed package's
// module, other than it, or of a module it depends on, whose files lie
// under that module's own go.mod (the module cache, a replace
// directory, a GOPATH tree with a go.mod), at most MaxDepSource bytes.
// newModel makes the model that reads the package (see LoadDir).
func (x *Loader[M]) Load(a Analysed, fn *types.Func, newModel func(info *types.Info, xp *Package[M]) M) *Package[M] {
	path := fn.Pkg().Path()
	if xp, ok := x.pkgs[path]; ok {
		return xp
	}
	x.pkgs[path] = nil
	if !fn.Pos().IsValid() {
		return nil
	}
	file := a.Pass.Fset.Position(fn.Pos()).Filename
	dir := filepath.Dir(file)
	if !filepath.IsAbs(file) {
		return nil
	}
	md := x.moduleOf(dir, path)
	if md.root == "" {
		return nil
	}
	if !x.mayRetryParam(a.Pass.Fset, fn) {
		// Not a loop over a func parameter: nothing to follow, and the
		// package need not be type-checked (another call may still
		// load it).
		delete(x.pkgs, path)
		return nil
	}
	return x.loadDir(a, path, fn.Pkg().Name(), dir, x.limitOf(md), newModel)
}

// LoadDir parses and type-checks the package path, named pkgName, from the
// .go files of dir (see Load); nil when it cannot. The caller has
// checked that dir is a directory of the analysed package's module.
// newModel makes the model that reads it, given the mixed type
// information and the package (whose Decls it fills in after).
func (x *Loader[M]) LoadDir(a Analysed, path, pkgName, dir string, newModel func(info *types.Info, xp *Package[M]) M) *Package[M] {
	return x.loadDir(a, path, pkgName, dir, -1, newModel)
}

// loadDir is LoadDir with a cap on the bytes of source read (limit;
// negative: none).
func (x *Loader[M]) loadDir(a Analysed, path, pkgName, dir string, limit int64, newModel func(info *types.Info, xp *Package[M]) M) *Package[M] {
	if x.loaded >= MaxPackages {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	if limit >= 0 && sourceSize(dir, entries) > limit {
		return nil // too large to read for one helper
	}
	x.loaded++
	if x.reach == nil {
		x.reach = make(map[string]*types.Package)
		var walk func(p *types.Package)
		walk = func(p *types.Package) {
			for _, q := range p.Imports() {
				if _, ok := x.reach[q.Path()]; !ok {
					x.reach[q.Path()] = q
					walk(q)
				}
			}
		}
		walk(a.Pkg)
	}
	files := x.parseDir(a.Pass.Fset, dir, pkgName, entries)
	if len(files) == 0 {
		return nil
	}
	info := x.mixedInfo(a.Info)
	conf := types.Config{
		Importer:    importerFunc(func(p string) (*types.Package, error) { return x.importPkg(a.Pass.Fset, p) }),
		Error:       func(error) {}, // unreachable imports: keep checking
		FakeImportC: true,
		Sizes:       a.Pass.TypesSizes,
		GoVersion:   a.Pkg.GoVersion(),
	}
	pkg, _ := conf.Check(path, a.Pass.Fset, files, info)
	if pkg == nil {
		return nil
	}
	xp := &Package[M]{Pkg: pkg, Info: info, Decls: make(map[string]*ast.FuncDecl), Insp: inspector.New(files)}
	xp.M = newModel(info, xp)
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			key := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				obj, _ := info.Defs[fd.Name].(*types.Func)
				if obj == nil {
					continue
				}
				key = recvName(obj.Type().(*types.Signature).Recv().Type()) + "." + key
			}
			xp.Decls[key] = fd
		}
	}
	x.pkgs[path] = xp
	return xp
}

// limitOf returns the cap on the source bytes loadDir reads of a package
// of module md: none in the analysed package's module, else MaxDepSource.
func (x *Loader[M]) limitOf(md modDir) int64 {
	if md == x.self {
		return -1
	}
	return MaxDepSource
}

// parseDir parses the .go files of package pkgName in dir that the build
// constraints keep, tests aside; nil when one does not parse (its
// declarations are not all seen, and the package is not followed).
func (x *Loader[M]) parseDir(fset *token.FileSet, dir, pkgName string, entries []os.DirEntry) []*ast.File {
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if !isSource(e) {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		f := x.parse(fset, filepath.Join(dir, name))
		if f == nil {
			return nil
		}
		if f.Name.Name == pkgName {
			files = append(files, f)
		}
	}
	return files
}

// sourceSize returns the bytes of the .go files of dir, tests aside.
func sourceSize(dir string, entries []os.DirEntry) int64 {
	var n int64
	for _, e := range entries {
		if fi, err := e.Info(); isSource(e) && err == nil {
			n += fi.Size()
		}
	}
	return n
}

// isSource reports whether e is a .go file, not a test's.
func isSource(e os.DirEntry) bool {
	name := e.Name()
	return !e.IsDir() && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
}

// mixedInfo returns the type information every package the pass loads is
// checked into: the analysed package's, copied once per pass, with each
// loaded package's added next to it (their syntax is distinct, so their
// entries never meet). The model runs a helper's body and the caller's
// function literals bound to its parameters together, and so reads both.
// One copy serves every load: copying the analysed package's maps is most
// of a load's cost on a large package.
func (x *Loader[M]) mixedInfo(src *types.Info) *types.Info {
	if x.mixed != nil {
		return x.mixed
	}
	x.mixed = &types.Info{
		Types:        cloneMap(src.Types),
		Defs:         cloneMap(src.Defs),
		Uses:         cloneMap(src.Uses),
		Implicits:    cloneMap(src.Implicits),
		Selections:   cloneMap(src.Selections),
		Scopes:       cloneMap(src.Scopes),
		Instances:    cloneMap(src.Instances),
		FileVersions: maps.Clone(src.FileVersions),
	}
	return x.mixed
}

// cloneMap is maps.Clone that makes a map of a nil one: the checker
// records only into the maps it is given.
func cloneMap[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return make(map[K]V)
	}
	return maps.Clone(m)
}

// DeclOf returns the declaration in this source package of fn, a
// function of the same package as the analysed package sees it (export
// data) or as the source check does.
func (xp *Package[M]) DeclOf(fn *types.Func) *ast.FuncDecl {
	d := xp.Decls[Key(fn)]
	if d == nil {
		return nil
	}
	if obj, _ := xp.Info.Defs[d.Name].(*types.Func); obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != fn.Pkg().Path() {
		return nil
	}
	return d
}

// MethodSource returns the package of fn, a method of a type of another
// package of the module, loaded as a helper's is, under the same caps and
// cache; nil when it cannot be read.
func (x *Loader[M]) MethodSource(a Analysed, fn *types.Func, newModel func(info *types.Info, xp *Package[M]) M) *Package[M] {
	path := fn.Pkg().Path()
	xp, ok := x.pkgs[path]
	if !ok {
		dir := filepath.Dir(a.Pass.Fset.Position(fn.Pos()).Filename)
		xp = x.loadDir(a, path, fn.Pkg().Name(), dir, x.limitOf(x.moduleOf(dir, path)), newModel)
		x.pkgs[path] = xp
	}
	return xp
}

// InModule reports whether obj, of a package other than the analysed
// one, is declared in a file of the analysed package's module the loader
// could read, or, with deps, of a module it depends on (outside the
// standard library) in a package of at most MaxDepSource bytes: a
// backoff type of a small library, whose methods are read as a type's of
// the module is (MethodSource).
func (x *Loader[M]) InModule(fset *token.FileSet, obj types.Object, deps bool) bool {
	file := fset.Position(obj.Pos()).Filename
	if x.self.root == "" || !filepath.IsAbs(file) {
		return false
	}
	dir := filepath.Dir(file)
	md := x.moduleOf(dir, obj.Pkg().Path())
	if md == x.self || !deps || md.root == "" || !strings.Contains(strings.Split(md.path, "/")[0], ".") {
		return md == x.self
	}
	small, ok := x.small[dir]
	if !ok {
		entries, err := os.ReadDir(dir)
		small = err == nil && sourceSize(dir, entries) <= MaxDepSource
		x.small[dir] = small
	}
	return small
}

// parse parses a file once per pass.
func (x *Loader[M]) parse(fset *token.FileSet, name string) *ast.File {
	if f, ok := x.files[name]; ok {
		return f
	}
	f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
	if err != nil {
		f = nil
	}
	x.files[name] = f
	return f
}

// mayRetryParam is the cheap test made before a package is loaded: the
// file declaring fn parses, and fn's body calls, inside a for or range
// statement or a function literal (an adapter it may hand to a retry
// library), or in a body with a goto, or hands on to another call (a
// helper that forwards it, wrapped or not), one of its parameters whose type
// is a func with results (a func whose results nothing can read cannot
// fail: a per-item callback, not an operation).
func (x *Loader[M]) mayRetryParam(fset *token.FileSet, fn *types.Func) bool {
	fd := x.DeclAlone(fset, fn)
	if fd == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	params := make(map[string]bool)
	for p := range sig.Params().Variables() {
		if ps, ok := p.Type().Underlying().(*types.Signature); ok && ps.Results().Len() > 0 {
			params[p.Name()] = true
		}
	}
	if len(params) == 0 {
		return false
	}
	gotos, inLoop, anywhere, passed := false, false, false, false
	var loops []ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt:
			loops = append(loops, n.Body)
		case *ast.RangeStmt:
			loops = append(loops, n.Body)
		case *ast.FuncLit: // an adapter it may hand to a retry library
			loops = append(loops, n.Body)
		case *ast.BranchStmt:
			gotos = gotos || n.Tok == token.GOTO
		case *ast.CallExpr:
			fun := ast.Unparen(n.Fun)
			if ix, ok := fun.(*ast.IndexExpr); ok {
				fun = ix.X
			}
			if id, ok := fun.(*ast.Ident); ok && params[id.Name] {
				anywhere = true
				for _, l := range loops {
					if l.Pos() <= n.Pos() && n.End() <= l.End() {
						inLoop = true
					}
				}
			}
			for _, a := range n.Args {
				ast.Inspect(a, func(n ast.Node) bool {
					id, ok := n.(*ast.Ident)
					passed = passed || ok && params[id.Name]
					return !passed
				})
			}
		}
		return true
	})
	return inLoop || passed || gotos && anywhere
}

// DeclAlone returns the declaration of fn, with a body, from fn's own
// file parsed alone (once per pass), without loading its package: its
// syntax only, for a question the syntax answers (a method that only
// returns a field: outcomeval's CarriedAccessor). nil when the file,
// named by the position export data records, cannot be read.
func (x *Loader[M]) DeclAlone(fset *token.FileSet, fn *types.Func) *ast.FuncDecl {
	fd, _ := x.DeclFile(fset, fn, 0)
	return fd
}

// DeclFile is DeclAlone with the file that declares fn, when that file
// holds at most limit bytes (0: any size).
func (x *Loader[M]) DeclFile(fset *token.FileSet, fn *types.Func, limit int64) (*ast.FuncDecl, *ast.File) {
	pos := fset.Position(fn.Pos())
	if !filepath.IsAbs(pos.Filename) {
		return nil, nil
	}
	if fi, err := os.Stat(pos.Filename); limit > 0 && (err != nil || fi.Size() > limit) {
		return nil, nil
	}
	f := x.parse(fset, pos.Filename)
	if f == nil {
		return nil, nil
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if ok && fd.Body != nil && fd.Name.Name == fn.Name() && fset.Position(fd.Name.Pos()).Line == pos.Line {
			return fd, f
		}
	}
	return nil, nil
}

// Mentions reports whether a .go file of the directory of fn's file,
// tests aside, holds one of words, in any case (the words are the same
// for a whole pass: the answer is cached by directory).
func (x *Loader[M]) Mentions(fset *token.FileSet, fn *types.Func, words []string) bool {
	dir := filepath.Dir(fset.Position(fn.Pos()).Filename)
	if m, ok := x.mentions[dir]; ok {
		return m
	}
	entries, _ := os.ReadDir(dir)
	found := false
	for _, e := range entries {
		if name := e.Name(); !found && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			data, _ := os.ReadFile(filepath.Join(dir, name))
			data = bytes.ToLower(data)
			for _, w := range words {
				found = found || bytes.Contains(data, []byte(strings.ToLower(w)))
			}
		}
	}
	x.mentions[dir] = found
	return found
}

// importPkg imports a package the analysed package reaches (completed
// from source into fset; nil: as it is).
func (x *Loader[M]) importPkg(fset *token.FileSet, path string) (*types.Package, error) {
	p, ok := x.reach[path]
	if fset != nil && (!ok || !p.Complete()) && !x.sourced[path] {
		// Export data holds only what the analysed package's imports
		// show of a package it reaches indirectly, and nothing of one
		// only a loaded package imports: a package of a module whose
		// source the loader reads (the analysed package's, a loaded
		// helper's dependency) is checked whole from its source (a
		// helper's retry library copied into the module: its entry
		// points; a wait helper's own helper: its conversions).
		x.sourced[path] = true
		if dir, found := x.sourceDir(path); found {
			if entries, err := os.ReadDir(dir); err == nil && sourceSize(dir, entries) <= MaxDepSource {
				conf := types.Config{Importer: importerFunc(func(q string) (*types.Package, error) { return x.importPkg(nil, q) }),
					Error: func(error) {}, FakeImportC: true}
				name := path[strings.LastIndexByte(path, '/')+1:]
				if p != nil {
					name = p.Name()
				}
				if full, _ := conf.Check(path, fset, x.parseDir(fset, dir, name, entries), nil); full != nil && full.Name() != "" {
					p, ok, x.reach[path] = full, true, full
				}
			}
		}
	}
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	if first, _, _ := strings.Cut(path, "/"); (!ok || !p.Complete()) && !strings.Contains(first, ".") {
		// A standard package a loaded helper imports and the analysed
		// package does not reach, or reaches only through what export
		// data shows of it: its whole export data from the go command.
		if x.std == nil {
			x.std = importer.ForCompiler(token.NewFileSet(), "gc", nil)
		}
		if full, err := x.std.Import(path); err == nil {
			p, ok, x.reach[path] = full, true, full
		}
	}
	if ok {
		return p, nil
	}
	return nil, errUnreached
}

// sourceDir returns the directory of the package path in the module of
// the analysed package or of a package the loader has read: the longest
// such module path that prefixes path.
func (x *Loader[M]) sourceDir(path string) (string, bool) {
	var best modDir
	for _, md := range x.mods {
		if md.root != "" && md.path != "" && len(md.path) > len(best.path) && (path == md.path || strings.HasPrefix(path, md.path+"/")) {
			best = md
		}
	}
	if best.root == "" {
		return "", false
	}
	return filepath.Join(best.root, filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(path, best.path), "/"))), true
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

var errUnreached = errors.New("package not reached by the analysed package's imports")
