package valueindex

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex/offcount"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// This file is the package-wide value index: for every struct field of
// the package and every package-level variable, each value the package
// gives it (values.go resolves them). It is built once per package, on
// first use, in one walk of the inspector over the files.
//
// A write is recorded with its value expression, or with none when the
// value cannot be known from the write alone: x += n, x++, a
// multi-value assignment, a range clause, a variable whose address is
// taken (&x may be written through), a field with a struct tag (decoded
// from configuration), an exported field of a struct the package passes
// to a decoder (Unmarshal, Decode, Process, ...); a decoded field whose
// zero the package replaces (below) is the user's, like a parameter's,
// and its default the value. A composite literal that
// omits a field writes its zero value, unless the function holding the
// literal writes the field too or calls the function that does
// (c.setDefaults(), withRetries(3)), or the package writes it under a
// test of its zero value (the defaulting shape: if c.n == 0 { c.n = 3 },
// or a switch case 0), in which cases the zero is a placeholder for the
// default. An exported field left out of a literal is left for the user
// to set: that zero is no value the package gives it. Test files are not
// indexed: what tests set does not reach production code.

// valueWrite is one write of a field or package variable.
type ValueWrite struct {
	// x is the value written; nil when it cannot be known (see above).
	X ast.Expr
	// decl is the function the write is in; nil at package level.
	Decl *ast.FuncDecl
	// at is where the write is, for the zero-placeholder rule.
	At token.Pos
	// zero is a composite literal's omitted field or a package variable
	// declared without a value: the type's zero value.
	Zero bool
	// omitted marks the zero of a field a composite literal leaves out.
	Omitted bool
	// Lit marks a write of a struct literal (settings.go).
	Lit bool
	// Decoded marks the unknown write of a decoder, for a field its tag
	// or its struct's type says a decoder fills: the data's value.
	Decoded bool
	// (The fields are in this order so that a write takes 40 bytes, not
	// 48: the index holds one per write of every field and package
	// variable.)
}

// valueIndex is the package-wide index of values.
type valueIndex struct {
	Writes map[*types.Var][]ValueWrite
	// guarded are the objects written under a test of their zero value.
	guarded map[*types.Var]bool
	// elemsWritten are the maps, slices and arrays the package writes
	// into (m[k] = v, m[k]++, delete, clear): ElemsWritten.
	elemsWritten map[*types.Var]bool
	// fieldsWritten are the struct-valued fields and package variables
	// the package writes a field of in place (v.g = x, v.g++, a method of
	// v's with a pointer receiver): their literals are not all they hold
	// (values.go, literalFieldInt).
	fieldsWritten map[*types.Var]bool
	// pick, while set, fixes the value of a field or variable with
	// several reaching values (values.go, boundOverValues); multi
	// collects such objects met while recording, used those resolved to
	// one value.
	pick  map[*types.Var]int64
	multi []*types.Var
	// used collects the objects resolved to one value (for Bound.Expr);
	// resolving guards against cycles (a = b, b = a).
	used      []*types.Var
	Resolving map[*types.Var]bool
	recording bool
	// calls are the calls of each unexported function of the package,
	// called the identifiers that name them in those calls; escapes the
	// functions also used as values (their calls are not all seen), built
	// on first use from called (Escapes). params maps each parameter of a
	// function declaration to its function and index, built on first use.
	calls   map[*types.Func][]*ast.CallExpr
	called  map[*ast.Ident]bool
	escapes map[*types.Func]bool
	// ownCalls are the package's own calls of its exported functions
	// and methods, with the declaration each is in, built on first use
	// (values.go, SetterCalls).
	ownCalls map[*types.Func][]ownCall
	params   map[*types.Var]ParamRef
	// ints caches intValues; operated caches onlyOperated.
	ints     map[*types.Var]intsResult
	Operated map[*types.Var]bool
	// funcs caches funcTargets by object (funcvals.go).
	funcs map[*types.Var]funcValues
	// crossing guards targetIntegration against cycles.
	crossing map[ast.Node]bool
	// captured caches capturedCounters by literal body (funcvals.go).
	captured map[*ast.BlockStmt]map[*types.Var]int64
	// noting, while set, collects in notes the defaults that values
	// resolved come from (values.go, collectDefaults).
	noting bool
	notes  []Note
	// traces is the stack of what the evaluations the interpreter keeps
	// (interp's inline memo) left in the index, innermost last (trace.go).
	traces [][]traceEvent
}

type intsResult struct {
	vals []int64
	at   []ast.Expr
	ok   bool
	// user is the first write of the user's value left out (values.go,
	// reachingDefaults); its x is nil when there is none.
	user ValueWrite
}

type ParamRef struct {
	Fn *types.Func
	I  int
}

// paramOf returns the index of parameters of the package's functions.
func (vx *valueIndex) ParamOf(m *Index) map[*types.Var]ParamRef {
	if vx.params != nil {
		return vx.params
	}
	vx.params = make(map[*types.Var]ParamRef)
	for fn, d := range m.decls {
		for i, v := range typesx.FuncParams(m.info, d.Type) {
			if v != nil {
				vx.params[v] = ParamRef{Fn: fn, I: i}
			}
		}
	}
	return vx.params
}

// vx returns the value index, made (not built: ValueIndexOf) on first use.
func (m *Index) vx() *valueIndex {
	if m.Vx == nil {
		m.Vx = &valueIndex{}
	}
	return m.Vx
}

// valueIndexOf returns the package's value index, building it once.
func (m *Index) ValueIndexOf() *valueIndex {
	vx := m.vx()
	if vx.Writes != nil {
		return vx
	}
	vx.Writes, vx.guarded = make(map[*types.Var][]ValueWrite), make(map[*types.Var]bool)
	vx.elemsWritten, vx.fieldsWritten = make(map[*types.Var]bool), make(map[*types.Var]bool)
	vx.Resolving = make(map[*types.Var]bool)
	vx.ints = make(map[*types.Var]intsResult)
	vx.funcs = make(map[*types.Var]funcValues)
	vx.captured = make(map[*ast.BlockStmt]map[*types.Var]int64)
	vx.calls, vx.called = make(map[*types.Func][]*ast.CallExpr), make(map[*ast.Ident]bool)
	// The objects indexed (IndexedVar) are those whose every write the
	// package shows.
	objOf := func(x ast.Expr) *types.Var {
		switch x := ast.Unparen(x).(type) {
		case *ast.Ident:
			if v := typesx.VarOf(m.info, x); m.IndexedVar(v) {
				return v
			}
		case *ast.SelectorExpr:
			if v, _ := m.info.Uses[x.Sel].(*types.Var); m.IndexedVar(v) {
				return v
			}
		}
		return nil
	}
	// elemOf returns the indexed object x writes into, when x is an
	// index expression (c.m[k]).
	elemOf := func(x ast.Expr) *types.Var {
		if ix, ok := ast.Unparen(x).(*ast.IndexExpr); ok {
			return objOf(ix.X)
		}
		return nil
	}
	// inPlace records the struct-valued object x writes a field of in
	// place (v.g in v.g = x): fieldsWritten.
	inPlace := func(x ast.Expr) {
		if sel, ok := ast.Unparen(x).(*ast.SelectorExpr); ok {
			if s, ok := m.info.Selections[sel]; ok && s.Kind() == types.FieldVal {
				if v := objOf(sel.X); v != nil {
					vx.fieldsWritten[v] = true
				}
			}
		}
	}
	unknowable := make(map[*types.Var]bool)
	addressed := make(map[*types.Var]bool) // unknowable for its address taken, not a decoder
	// structs are the package's struct type declarations.
	type structSpec struct {
		tn *types.TypeName
		st *ast.StructType
	}
	var structs []structSpec
	decoded := make(map[*types.TypeName]bool)
	insp := m.pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	// The declaration being read, and the guards and switch cases seen in
	// it so far: add records a write under them. (Made once, reset for
	// each declaration.)
	var (
		decl   *ast.FuncDecl
		guards []*ast.IfStmt
		cases  []zeroCase
	)
	add := func(v *types.Var, w ValueWrite) {
		w.Decl = decl
		vx.Writes[v] = append(vx.Writes[v], w)
		if w.X != nil && !w.Zero {
			for _, g := range guards {
				if g.Body.Pos() <= w.At && w.At < g.Body.End() && zeroTestOf(m.info, g.Cond, v) {
					vx.guarded[v] = true
				}
			}
			for _, c := range cases {
				if c.clause.Pos() <= w.At && w.At < c.clause.End() && c.tests(m.info, v) {
					vx.guarded[v] = true
				}
			}
		}
	}
	for fc := range insp.Root().Children() {
		f, ok := fc.Node().(*ast.File)
		if !ok || strings.HasSuffix(m.pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		for dc := range fc.Children() {
			decl, _ = dc.Node().(*ast.FuncDecl)
			if _, ok := dc.Node().(ast.Decl); !ok {
				continue // the package name, comments
			}
			guards, cases = guards[:0], cases[:0]
			// (Inspect, not Preorder: its visitor is not allocated per declaration.)
			dc.Inspect(indexedNodes, func(c inspector.Cursor) bool {
				switch n := c.Node().(type) {
				case *ast.IfStmt:
					guards = append(guards, n)
				case *ast.SwitchStmt:
					if n.Tag != nil {
						for _, c := range n.Body.List {
							if cc, ok := c.(*ast.CaseClause); ok {
								cases = append(cases, zeroCase{tag: n.Tag, clause: cc})
							}
						}
					}
				case *ast.TypeSpec:
					tn, _ := m.info.Defs[n.Name].(*types.TypeName)
					if st, ok := n.Type.(*ast.StructType); ok && tn != nil {
						// The fields are looked up only when their type
						// turns out decoded (below), or their tag says so.
						structs = append(structs, structSpec{tn, st})
						for _, fl := range st.Fields.List {
							if fl.Tag == nil || skippedByDecoders(fl.Tag.Value) { // inlinedefault.go
								continue
							}
							for _, name := range fl.Names {
								if v, ok := m.info.Defs[name].(*types.Var); ok {
									unknowable[v] = true
								}
							}
						}
					}
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						if v := elemOf(l); v != nil {
							vx.elemsWritten[v] = true
							continue
						}
						if _, isID := l.(*ast.Ident); isID && n.Tok == token.DEFINE {
							continue // := in a function defines locals only
						}
						inPlace(l)
						v := objOf(l)
						if v == nil {
							continue
						}
						w := ValueWrite{At: n.Pos()}
						if len(n.Lhs) == len(n.Rhs) && n.Tok == token.ASSIGN {
							w.X = n.Rhs[i]
						}
						add(v, w)
					}
				case *ast.IncDecStmt:
					inPlace(n.X)
					if v := objOf(n.X); v != nil {
						add(v, ValueWrite{At: n.Pos()})
					} else if v := elemOf(n.X); v != nil {
						vx.elemsWritten[v] = true
					}
				case *ast.RangeStmt:
					for _, x := range []ast.Expr{n.Key, n.Value} {
						if v := objOf(x); v != nil {
							add(v, ValueWrite{At: n.Pos()})
						}
					}
				case *ast.UnaryExpr:
					if n.Op == token.AND {
						if v := objOf(n.X); v != nil {
							unknowable[v], addressed[v] = true, true
						}
					}
				case *ast.ValueSpec:
					if decl != nil {
						return true
					}
					for i, name := range n.Names {
						v, _ := m.info.Defs[name].(*types.Var)
						if !m.IndexedVar(v) {
							continue
						}
						switch {
						case len(n.Values) == 0:
							add(v, ValueWrite{Zero: true, At: name.Pos()})
						case len(n.Values) == len(n.Names):
							add(v, ValueWrite{X: n.Values[i], At: name.Pos()})
						default:
							add(v, ValueWrite{At: name.Pos()})
						}
					}
				case *ast.CompositeLit:
					m.indexLiteral(n, add)
				case *ast.CallExpr:
					id := typesx.NameIdent(n.Fun)
					if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
						// v.setDefaults() on a struct value: &v.
						if s, ok := m.info.Selections[sel]; ok && s.Kind() == types.MethodVal {
							if sig, _ := s.Obj().Type().(*types.Signature); sig != nil && sig.Recv() != nil {
								if _, ptrRecv := sig.Recv().Type().(*types.Pointer); ptrRecv {
									if v := objOf(sel.X); v != nil {
										vx.fieldsWritten[v] = true
									}
								}
							}
						}
					}
					if id != nil {
						if fn := m.unexportedFunc(id); fn != nil {
							vx.called[id] = true
							vx.calls[fn] = append(vx.calls[fn], n)
						}
					}
					if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) > 0 && (id.Name == "delete" || id.Name == "clear") {
						if b, ok := m.info.Uses[id].(*types.Builtin); ok && b.Name() == id.Name {
							if v := objOf(n.Args[0]); v != nil {
								vx.elemsWritten[v] = true
							}
						}
					}
					if isDecodeCall(m.info, n) {
						for _, a := range n.Args {
							if tn := structTypeName(m.info.TypeOf(a)); tn != nil {
								decoded[tn] = true
							}
						}
					}
				}
				return true
			})
		}
	}
	// A decoder fills nested structs too.
	var nest func(t types.Type)
	nest = func(t types.Type) {
		for {
			switch t.(type) {
			case *types.Pointer, *types.Slice, *types.Map:
				t = t.(interface{ Elem() types.Type }).Elem()
				continue
			}
			break
		}
		tn := structTypeName(t)
		if tn == nil || tn.Pkg() != m.pkg {
			return
		}
		st := tn.Type().Underlying().(*types.Struct)
		for i := 0; i < st.NumFields(); i++ {
			if f := st.Field(i); f.Exported() || f.Embedded() {
				if ft := structTypeName(f.Type()); ft != nil && !decoded[ft] {
					decoded[ft] = true
					nest(f.Type())
				}
			}
		}
	}
	for tn := range decoded {
		nest(tn.Type())
	}
	for _, sp := range structs {
		if !decoded[sp.tn] {
			continue
		}
		for _, fl := range sp.st.Fields.List {
			for _, name := range fl.Names {
				if v, ok := m.info.Defs[name].(*types.Var); ok && v.Exported() {
					unknowable[v] = true
				}
			}
		}
	}
	for v := range unknowable {
		if vx.guarded[v] && !addressed[v] {
			continue // the decoder's value is the user's, its zero the package's default
		}
		vx.Writes[v] = append(vx.Writes[v], ValueWrite{Decoded: !addressed[v]})
	}
	return vx
}

// ElemsWritten reports whether the package writes into v, a map, slice
// or array field or package variable (v[k] = x, v[k]++, delete, clear).
func (vx *valueIndex) ElemsWritten(v *types.Var) bool { return vx.elemsWritten[v] }

// Guarded reports whether the package writes v under a test of its zero
// value (if c.codes == nil { c.codes = ... }): a default it fills.
func (vx *valueIndex) Guarded(v *types.Var) bool { return vx.guarded[v] }

// indexedNodes are the nodes the value index reads.
var indexedNodes = []ast.Node{
	(*ast.IfStmt)(nil), (*ast.SwitchStmt)(nil), (*ast.TypeSpec)(nil),
	(*ast.AssignStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.RangeStmt)(nil),
	(*ast.UnaryExpr)(nil), (*ast.ValueSpec)(nil), (*ast.CompositeLit)(nil),
	(*ast.CallExpr)(nil),
}

// unexportedFunc returns the unexported function of the package an
// identifier uses, if any (methods are not: they may be called through
// interfaces).
func (m *Index) unexportedFunc(id *ast.Ident) *types.Func {
	if token.IsExported(id.Name) {
		return nil // no lookup: the function is named by id
	}
	fn, ok := m.info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() != m.pkg || fn.Exported() || fn.Type().(*types.Signature).Recv() != nil {
		return nil
	}
	return fn
}

// Escapes reports whether the package uses fn, one of its unexported
// functions, other than by calling it in a file that is not a test: its
// calls are then not all seen. The uses are read from types.Info.Uses
// once, on the first question, rather than by visiting every identifier
// of the package in the index's walk: an identifier outside the calls
// ValueIndexOf recorded (called) uses the function as a value.
func (vx *valueIndex) Escapes(m *Index, fn *types.Func) bool {
	if vx.escapes == nil {
		vx.escapes = make(map[*types.Func]bool)
		var test map[*token.File]bool
		for id, obj := range m.info.Uses {
			f, ok := obj.(*types.Func)
			if !ok || f.Pkg() != m.pkg || f.Exported() || vx.called[id] || f.Type().(*types.Signature).Recv() != nil {
				continue
			}
			tf := m.pass.Fset.File(id.Pos())
			if !typesx.Cached(&test, tf, func() bool { return tf == nil || strings.HasSuffix(tf.Name(), "_test.go") }) {
				vx.escapes[f] = true
			}
		}
	}
	return vx.escapes[fn]
}

// indexLiteral records the fields a struct literal sets, and the zero
// value of those it omits.
func (m *Index) indexLiteral(lit *ast.CompositeLit, add func(*types.Var, ValueWrite)) {
	t := m.info.TypeOf(lit)
	if t == nil {
		return
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || st.NumFields() == 0 || !m.IndexedVar(st.Field(0)) {
		// A struct's fields are all of the package that declares it:
		// a literal of another package's struct writes nothing the
		// index holds.
		return
	}
	// set marks the fields the literal sets, by index (no map: a
	// literal is met for each one the package writes).
	var small [32]bool
	set := small[:]
	if n := st.NumFields(); n > len(small) {
		set = make([]bool, n)
	}
	// Keys are mostly written in the fields' order: each key's field is
	// looked for from the one after the last key's on, round.
	next := 0
	for i, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				if v, _ := m.info.Uses[k].(*types.Var); v != nil {
					for n, j := st.NumFields(), 0; j < n; j++ {
						if f := (next + j) % n; st.Field(f) == v {
							set[f] = true
							next = f + 1
							break
						}
					}
					if m.IndexedVar(v) {
						add(v, ValueWrite{X: kv.Value, At: kv.Pos(), Lit: true})
					}
				}
			}
			continue
		}
		if i < st.NumFields() {
			v := st.Field(i)
			set[i] = true
			if m.IndexedVar(v) {
				add(v, ValueWrite{X: el, At: el.Pos(), Lit: true})
			}
		}
	}
	for i := 0; i < st.NumFields(); i++ {
		if v := st.Field(i); !set[i] && m.IndexedVar(v) {
			add(v, ValueWrite{Zero: true, Omitted: true, At: lit.Pos(), Lit: true})
		}
	}
}

// zeroTestOf reports whether cond tests v against its zero value: v ==
// 0, v <= 0, v < 1, v == nil, v == "" (alone or in a && / || chain).
// v == 3 is not a zero test: a write under it does not default v.
func zeroTestOf(info *types.Info, cond ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if b.Op == token.LAND || b.Op == token.LOR {
		return zeroTestOf(info, b.X, v) || zeroTestOf(info, b.Y, v)
	}
	if b.Op != token.EQL && b.Op != token.LEQ && b.Op != token.LSS {
		return false
	}
	is := func(x ast.Expr) bool {
		id := typesx.NameIdent(x)
		return id != nil && info.Uses[id] == v
	}
	// zero reports whether x is the zero value, or 1 for v < 1.
	zero := func(x ast.Expr) bool {
		tv := info.Types[x]
		if tv.Value == nil {
			return tv.IsNil()
		}
		switch tv.Value.ExactString() {
		case "0", `""`:
			return true
		case "1":
			return b.Op == token.LSS
		}
		return false
	}
	return is(b.X) && zero(b.Y) || is(b.Y) && zero(b.X) && b.Op == token.EQL
}

// zeroCase is a case clause of a switch on a value: switch c.n { case 0:
// c.n = 3 } defaults c.n like an if does.
type zeroCase struct {
	tag    ast.Expr
	clause *ast.CaseClause
}

// tests reports whether the clause is taken when v, the switch's tag, is
// zero.
func (c zeroCase) tests(info *types.Info, v *types.Var) bool {
	for _, x := range c.clause.List {
		if zeroTestOf(info, &ast.BinaryExpr{X: c.tag, Op: token.EQL, Y: x}, v) && offcount.IsZeroOrNil(info, x) {
			return true
		}
	}
	return false
}

// isDecodeCall reports whether call decodes into its arguments: a
// function or method named like the decoders of encoding/json, yaml,
// envconfig, viper, flag sets and the like.
func isDecodeCall(info *types.Info, call *ast.CallExpr) bool {
	id := typesx.NameIdent(call.Fun)
	return id != nil && slices.ContainsFunc(decoderNames, func(p string) bool {
		return strings.HasPrefix(id.Name, p) || strings.HasSuffix(id.Name, p)
	})
}

// decoderNames are the names (prefixes or suffixes) of decoders.
var decoderNames = []string{"Unmarshal", "Decode", "Process", "Load", "Parse", "Bind", "Scan", "Fill", "Read"}

// structTypeName returns the named struct type of t or *t.
func structTypeName(t types.Type) *types.TypeName {
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if _, ok := n.Underlying().(*types.Struct); ok {
			return n.Obj()
		}
	}
	return nil
}
