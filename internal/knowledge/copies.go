package knowledge

import (
	"cmp"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Copies of the libraries: a library package copied into a project
// under another import path (a vendored k8s wait in
// example.com/internal/third_party/wait, a fork of cenkalti/backoff) is
// the library all the same. A table names its packages by import path
// (Paths), and a copy is recognised by its code instead: its exported
// API has the table's shape. The fingerprint is derived from each table,
// with no list of its own:
//
//   - every entry point of the table in that package is there (a copy
//     may keep only some of its functions, when no table has them all): a
//     function of the same name whose parameters reach the entry's
//     operation (a func, for a function runner), configuration and interval (a time.Duration)
//     indices, or a type with the entry's method;
//   - every wait setting the table lists (Waits: Base, Cap, Multiplier,
//     Randomization) is there under one of the table's names: a field,
//     of time.Duration for a base or cap and of a float type for a
//     multiplier or randomisation, or a function or method (an option,
//     a setter) of the package or of the types its entries take;
//   - each group of count settings (Bound.Groups) has a setting there,
//     a count field being of an integer type;
//   - at least two settings match: a table with no settings vocabulary
//     is recognised only through another table of the same package
//     (k8s wait's polls through ExponentialBackoff's Backoff).
//
// A package that matches stands for the library package: its calls,
// types and fields are the library's for every reader of the tables.
// One that has a type named Backoff with other fields, or an
// ExponentialBackoff of another shape, is not a copy.

// A Copies tells which library package a package stands for. It caches
// its answer per package: make one per pass (NewCopies); the zero
// value and nil recognise no copy.
type Copies struct {
	of map[*types.Package]string
}

// NewCopies returns an empty per-pass cache.
func NewCopies() *Copies { return &Copies{of: make(map[*types.Package]string)} }

// Path returns the import path of the library package pkg stands for:
// its own when a table lists it or it copies none, the copied
// package's when it is a copy. "" for nil.
func (c *Copies) Path(pkg *types.Package) string {
	if pkg == nil {
		return ""
	}
	p := pkg.Path()
	if c == nil || c.of == nil || tablePaths[p] {
		return p
	}
	return cmp.Or(typesx.Cached(&c.of, pkg, func() string { return recognise(pkg) }), p)
}

// IsLibrary reports whether pkg is, or copies, a package with entry
// points.
func (c *Copies) IsLibrary(pkg *types.Package) bool {
	return pkg != nil && packages[c.Path(pkg)]
}

// EntryKey is EntryKey with the package path of the library package
// fn's package stands for.
func (c *Copies) EntryKey(fn *types.Func) string {
	k := EntryKey(fn)
	if k == "" {
		return ""
	}
	if p := c.Path(fn.Pkg()); p != fn.Pkg().Path() {
		return p + k[len(fn.Pkg().Path()):]
	}
	return k
}

// Lookup returns the table and entry of fn, by its EntryKey.
func (c *Copies) Lookup(fn *types.Func) (*Library, Entry, bool) {
	return Lookup(c.EntryKey(fn))
}

// IsNamed reports whether t, or the type it points to, is the named
// type name of the library package path or of a copy of it.
func (c *Copies) IsNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(typesx.Deref(t)).(*types.Named)
	return ok && n.Obj().Name() == name && n.Obj().Pkg() != nil && c.Path(n.Obj().Pkg()) == path
}

// A fingerprint is one table's shape in one of its packages.
type fingerprint struct {
	path    string // the library package
	lib     *Library
	key     string // an entry's function or type name: the cheap test
	entries []Entry
}

var (
	// tablePaths are the packages the tables name (Paths and entry
	// paths): a package at one of them is the library itself.
	tablePaths = map[string]bool{}
	// prints are the fingerprints, in table order.
	prints []fingerprint
)

func init() {
	type pk struct {
		l    *Library
		path string
	}
	var order []pk
	byPath := map[pk][]Entry{}
	for _, l := range all {
		addNames(tablePaths, "", l.Paths)
		if l.Reference || l.ServiceConfig {
			continue // the project's own package; JSON documents
		}
		for _, e := range l.Entries {
			p := cmp.Or(e.Path, l.Paths[0])
			tablePaths[p] = true
			k := pk{l, p}
			if _, ok := byPath[k]; !ok {
				order = append(order, k)
			}
			byPath[k] = append(byPath[k], e)
		}
	}
	for _, k := range order {
		es := byPath[k]
		key, _, _ := strings.Cut(es[0].Func, ".")
		prints = append(prints, fingerprint{path: k.path, lib: k.l, key: key, entries: es})
	}
}

// recognise returns the library package pkg copies, "" none. A package
// without the first entry's name of any table is passed over with one
// scope lookup per table.
func recognise(pkg *types.Package) string {
	scope := pkg.Scope()
	for _, partial := range []bool{false, true} {
		for i := range prints {
			fp := &prints[i]
			if scope.Lookup(fp.key) != nil && fp.matches(pkg, partial) {
				return fp.path
			}
		}
	}
	return ""
}

// matches reports whether pkg has the fingerprint's shape (see Copies).
func (fp *fingerprint) matches(pkg *types.Package, partial bool) bool {
	scope := pkg.Scope()
	// The entry points first, by lookups alone: most packages that have
	// one of their names have not the others, and building the API (every
	// exported type's fields and method set) is what costs.
	sigs := make([]*types.Signature, len(fp.entries))
	any := false
	for i, e := range fp.entries {
		sig := entrySig(scope, pkg, e)
		if (sig == nil && !partial) || (sig != nil && !entryShape(sig, e)) {
			return false
		}
		// A partial copy is known by its functions: a method of one of its
		// types (NextBackOff) is what any backoff type of a project has.
		sigs[i], any = sig, any || sig != nil && (!partial || sig.Recv() == nil)
	}
	if !any {
		return false // the key is a type's name
	}
	api := newAPI(pkg)
	for j, e := range fp.entries {
		sig := sigs[j]
		if sig == nil {
			continue
		}
		for _, i := range e.Cfg {
			api.addType(sig.Params().At(i).Type())
		}
		if e.CfgFrom >= 0 {
			for i := e.CfgFrom; i < sig.Params().Len(); i++ {
				api.addType(sig.Params().At(i).Type())
			}
		}
		if e.Recv && sig.Recv() != nil {
			api.addType(sig.Recv().Type())
		}
	}
	matched := 0
	if w := fp.lib.Waits; w != nil {
		for _, role := range []struct {
			names []string
			fits  func(types.Type) bool
		}{{w.Base, typesx.IsDuration}, {w.Cap, typesx.IsDuration}, {w.Multiplier, isFloat}, {w.Randomization, isFloat}} {
			if len(role.names) == 0 {
				continue
			}
			if !api.has(role.names, role.fits) {
				return false
			}
			matched++
		}
	}
	for _, g := range fp.lib.Bound.Groups {
		var names []string
		for _, c := range g {
			names = append(names, c.Setting)
		}
		if !api.has(names, func(t types.Type) bool {
			return typesx.IsInteger(t) || !typesx.BasicIs(t, types.IsNumeric)
		}) {
			return false
		}
		matched++
	}
	return matched >= 2
}

// entrySig returns the signature of entry e in pkg: its function's, or
// its method's ("Type.Method"); nil when pkg has none.
func entrySig(scope *types.Scope, pkg *types.Package, e Entry) *types.Signature {
	var obj types.Object
	if typ, method, isMethod := strings.Cut(e.Func, "."); isMethod {
		if tn, ok := scope.Lookup(typ).(*types.TypeName); ok {
			obj, _, _ = types.LookupFieldOrMethod(tn.Type(), true, pkg, method)
		}
	} else if obj = scope.Lookup(e.Func); obj != nil && !obj.Exported() {
		return nil
	}
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	return fn.Signature()
}

// entryShape reports whether sig takes what entry e says: an operation
// (a func) at Op, a time.Duration at Interval, a parameter at each
// configuration index.
func entryShape(sig *types.Signature, e Entry) bool {
	n := sig.Params().Len()
	if e.Op >= 0 {
		if e.Op >= n {
			return false
		}
		// A function runner's operation is a func; a retrying client's
		// is the request it sends.
		if _, ok := sig.Params().At(e.Op).Type().Underlying().(*types.Signature); !ok && e.Sends == SendsNothing {
			return false
		}
	}
	return (!e.Poll || e.Interval < n && typesx.IsDuration(sig.Params().At(e.Interval).Type())) &&
		!slices.ContainsFunc(e.Cfg, func(i int) bool { return i >= n }) && e.CfgFrom < n
}

// An api is the exported names of a package and of the types its
// entries take: its package-level objects, and the fields and methods
// of its named types.
type api struct {
	fields map[string]types.Type
	names  map[string]bool
	seen   map[*types.Named]bool
}

func newAPI(pkg *types.Package) *api {
	a := &api{fields: map[string]types.Type{}, names: map[string]bool{}, seen: map[*types.Named]bool{}}
	scope := pkg.Scope()
	for _, n := range scope.Names() {
		obj := scope.Lookup(n)
		if !obj.Exported() {
			continue
		}
		a.names[n] = true
		if tn, ok := obj.(*types.TypeName); ok {
			a.addType(tn.Type())
		}
	}
	return a
}

// addType adds the exported fields and methods of t, the type it points
// to or the element type of its slice, when it is named.
func (a *api) addType(t types.Type) {
	for {
		switch u := t.(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		}
		break
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || a.seen[n] {
		return
	}
	a.seen[n] = true
	if st, ok := n.Underlying().(*types.Struct); ok {
		for f := range st.Fields() {
			if f.Exported() {
				a.fields[f.Name()] = f.Type()
			}
		}
	}
	for sel := range types.NewMethodSet(types.NewPointer(n)).Methods() {
		if m := sel.Obj(); m.Exported() {
			a.names[m.Name()] = true
		}
	}
}

// has reports whether one of names is in the API: a field whose type
// fits, or a function, method or other object.
func (a *api) has(names []string, fits func(types.Type) bool) bool {
	return slices.ContainsFunc(names, func(n string) bool {
		t, ok := a.fields[n]
		return ok && fits(t) || a.names[n]
	})
}

func isFloat(t types.Type) bool { return typesx.BasicIs(t, types.IsFloat) }
