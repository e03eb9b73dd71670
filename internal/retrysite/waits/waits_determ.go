package waits

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file decides, when the wait interpreter cannot run a wait (its
// values are fields it cannot follow, it is computed by a loop of its
// own over a counter kept in a field), whether the wait draws anything
// at random at all. A wait computed only from constants, parameters and
// fields that the package writes only from constants and parameters, by
// arithmetic and conversions, in a function that draws nothing at random,
// is the same on every run whatever its values: it has no jitter, which
// R-1 forbids whatever the base, the cap or the growth.
//
// A table of such values (a package variable holding a slice literal of
// constants) indexed by such a value is one too.
//
// A function of the package whose every return is such a value of its
// parameters (func e(x, y float64) int { return int(math.Pow(x, y)) })
// is one too.
//
// Silent when any other call than a conversion, min/max, package math
// or such a function feeds the wait, when the function or a function of the package it calls (three
// levels deep) draws a random number, when a local the wait reads is
// addressed or assigned from anything else, and when a field it reads
// is written from anything but constants, parameters and such fields.

// noJitterDesc describes such a wait in messages.
const noJitterDesc = "a delay computed with no random draw: no jitter"

// unjitteredWait reports whether x, a wait's duration in body, is
// computed with no random draw.
func (f Finder) unjitteredWait(body *ast.BlockStmt, x ast.Expr) bool {
	if body == nil || x == nil || f.Pkg != f.Pass.Pkg {
		return false
	}
	// A closure's wait may read what its function declares (a setting
	// parameter, a counter it captures): the function is judged whole.
	if fd := typesx.FuncDeclAt(f.Pass.Files, body.Pos()); fd != nil {
		body = fd.Body
	}
	reach := map[*ast.BlockStmt]bool{}
	if f.bodyDrawsRandom(body, 0, reach) {
		return false
	}
	d := &determ{f: f, body: body, seen: map[*types.Var]bool{}, determRun: &determRun{reach: reach, fields: map[*types.Var]bool{}, funcs: map[*types.Func]bool{}, draws: map[*ast.BlockStmt]bool{}}}
	// A wait a peer's value feeds (its Retry-After) is the package's own
	// only when it also grows with a count the package steps (a backoff
	// beside the Retry-After): else it is the peer's schedule.
	return d.expr(x) && (d.stepped || !d.peer)
}

// unjitteredHit reports whether the wait h of body is computed with no
// random draw: its duration, or, for a timer or ticker variable, every
// duration it is set to (the first one, before the loop, and the Reset
// in the loop's body after the receive: either may be the wait between
// two attempts).
func (f Finder) unjitteredHit(body *ast.BlockStmt, h *Hit) bool {
	if h.Expr == nil && h.Inner != nil && h.Inner.Inner == nil && h.Helper != nil {
		// A helper's own wait, made in its body (a helper that reaches
		// a wait through another call may run another retry's).
		return f.unjitteredHit(h.Helper.Body, h.Inner)
	}
	if h.TimerVar == nil {
		return f.unjitteredWait(body, h.Expr)
	}
	sets, all := f.timerSettings(h.TimerVar, body)
	return all && len(sets) > 0 && !slices.ContainsFunc(sets, func(s timerSet) bool { return !f.unjitteredWait(body, s.x) })
}

// computedBy returns the function of the package whose result the wait h
// of body is, through locals defined once, conversions and draw-free
// calls of the standard library (time.Until(bu), bu := c.backoffGet()):
// where a wait with no jitter is computed, and its fix goes. nil when the
// wait is computed where it is made.
func (f Finder) computedBy(body *ast.BlockStmt, h *Hit) *types.Func {
	if h.Expr == nil && h.Inner != nil && h.Inner.Inner == nil && h.Helper != nil {
		return f.computedBy(h.Helper.Body, h.Inner)
	}
	x := h.Expr
	for range 8 {
		switch e := ast.Unparen(x).(type) {
		case *ast.Ident:
			v, _ := f.Info.Uses[e].(*types.Var)
			if v == nil || v.Parent() == f.Pkg.Scope() {
				return nil
			}
			var def ast.Expr
			n := 0
			ast.Inspect(body, func(nd ast.Node) bool {
				if as, ok := nd.(*ast.AssignStmt); ok {
					for i, l := range as.Lhs {
						if id, ok := l.(*ast.Ident); ok && (f.Info.Defs[id] == v || f.Info.Uses[id] == v) {
							n++
							if len(as.Lhs) == len(as.Rhs) {
								def = as.Rhs[i]
							} else if len(as.Rhs) == 1 {
								def = as.Rhs[0]
							}
						}
					}
				}
				return true
			})
			if n != 1 || def == nil {
				return nil
			}
			x = def
		case *ast.CallExpr:
			if tv, ok := f.Info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
				x = e.Args[0]
				continue
			}
			fn := typesx.Callee(f.Info, e)
			switch {
			case fn == nil || fn.Pkg() == nil:
				return nil
			case fn.Pkg() == f.Pkg:
				return fn
			case drawFree(fn) && len(e.Args) == 1:
				x = e.Args[0]
			default:
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// randomPkgs are the packages whose draws are random.
var randomPkgs = map[string]bool{"math/rand": true, "math/rand/v2": true, "crypto/rand": true}

// bodyDrawsRandom reports whether body calls a random package, itself or
// through the package's functions it calls (depth levels deep at most).
func (f Finder) bodyDrawsRandom(body *ast.BlockStmt, depth int, seen map[*ast.BlockStmt]bool) bool {
	if body == nil || seen[body] {
		return false
	}
	seen[body] = true
	found := false
	return typesx.InspectUntil(&found, body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := f.M.FuncObj(call.Fun)
		if fn == nil || fn.Pkg() == nil {
			return true
		}
		if randomPkgs[fn.Pkg().Path()] {
			found = true
			return false
		}
		if depth < 3 {
			if d := f.M.FuncDecl(fn); d != nil && f.bodyDrawsRandom(d.Body, depth+1, seen) {
				found = true
			}
		}
		return !found
	})
}

// determ checks that expressions are deterministic.
type determ struct {
	f    Finder
	body *ast.BlockStmt
	seen map[*types.Var]bool // locals being checked
	*determRun
}

// determRun is what the checks of one wait share, in every function
// they look into.
type determRun struct {
	reach  map[*ast.BlockStmt]bool // body and the package's functions it calls, three calls deep
	fields map[*types.Var]bool     // fields checked or being checked
	funcs  map[*types.Func]bool    // functions checked or being checked
	draws  map[*ast.BlockStmt]bool // whether a writer of a field draws at random (written)
	// peer: a value a peer sent (a response's Header) feeds the wait;
	// stepped: a count the package steps (backoffCur++) does.
	peer, stepped bool
}

// in returns the check of values computed in body, another function.
func (d *determ) in(body *ast.BlockStmt) *determ {
	return &determ{f: d.f, body: body, seen: map[*types.Var]bool{}, determRun: d.determRun}
}

// expr reports whether x is computed with no call but conversions and
// min/max, from constants, parameters, deterministic locals of body and
// deterministic fields.
func (d *determ) expr(x ast.Expr) bool {
	info := d.f.Info
	if good, ok := d.arith(x, d.expr); ok {
		return good
	}
	switch x := x.(type) {
	case *ast.BasicLit:
		return true
	case *ast.CallExpr:
		if b, ok := info.Uses[typesx.IdentOf(x.Fun)].(*types.Builtin); ok && (b.Name() == "min" || b.Name() == "max") {
			return d.exprs(x.Args)
		}
		// A function of package math (math.Pow, math.Min): arithmetic; a
		// function of the package whose every result is such a value of
		// its parameters (func e(x, y float64) int { return
		// int(math.Pow(x, y)) }).
		fn := typesx.Callee(info, x)
		if fn == nil && d.libDefault(x) {
			return true
		}
		if fn == nil || fn.Pkg() == nil {
			return false
		}
		switch {
		case fn.Pkg().Path() == "math":
		case drawFree(fn), fn.Pkg() == d.f.Pkg && d.pure(fn):
			// A method's receiver is one more argument.
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && !typesx.IsPackageFunc(fn) && !d.expr(sel.X) {
				return false
			}
		default:
			return false
		}
		return d.exprs(x.Args)
	case *ast.IndexExpr:
		// An element of a table the package fills with such values.
		return d.expr(x.X) && d.expr(x.Index)
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		return ok && d.variable(v)
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[x]; ok {
			if sel.Kind() != types.FieldVal {
				return false
			}
			// The object a field is read from, a variable or a chain
			// of fields, draws nothing: only the field's writes matter.
			f, _ := sel.Obj().(*types.Var)
			return f != nil && d.field(f) && (d.shared(x.X) || d.expr(x.X))
		}
		// A package-qualified variable.
		v, ok := info.Uses[x.Sel].(*types.Var)
		return ok && v.Pkg() == d.f.Pkg && d.field(v)
	}
	return false
}

// libDefault reports whether call runs the backoff function a library
// client holds (knowledge BackoffFuncs: c.client.Backoff(min, max, i,
// resp)) when that is the library's default, one that draws nothing at
// random: the package never sets the field on any client, and the client
// it is called on is held in a field or local of the package written only
// with the library's constructors (retryablehttp.NewClient() sets
// DefaultBackoff). Its arguments are bounds and the attempt; the body
// draws nothing at random (unjitteredWait), so neither do they.
func (d *determ) libDefault(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := d.f.Info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return false
	}
	field, _ := s.Obj().(*types.Var)
	named, _ := types.Unalias(typesx.Deref(s.Recv())).(*types.Named)
	if field == nil || named == nil || named.Obj().Pkg() == nil {
		return false
	}
	var lib *knowledge.Library
	for _, l := range knowledge.All() {
		if b := l.Backoffs; b != nil && b.Setting == field.Name() && b.KeptClient == named.Obj().Name() && l.Has(named.Obj().Pkg().Path()) {
			lib = l
		}
	}
	if lib == nil || lib.Waits == nil {
		return false
	}
	if w, ok := lib.BackoffFunc(lib.Backoffs.Default); !ok || w.Shape != knowledge.FuncWaitExpoNoJitter {
		return false
	}
	holder, _ := d.f.Info.Uses[typesx.NameIdent(sel.X)].(*types.Var)
	if holder == nil || holder.Pkg() != d.f.Pkg || d.setsField(field) {
		return false
	}
	writes := d.writesOf(holder)
	made := func(x ast.Expr) bool {
		c, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := typesx.Callee(d.f.Info, c)
		return fn != nil && fn.Pkg() == named.Obj().Pkg() && slices.Contains(lib.Waits.DefaultIf, fn.Name())
	}
	for _, w := range writes {
		if !made(w) {
			// A local that holds such a client (r := NewClient(); ...
			// Client{client: r}).
			v := typesx.VarOf(d.f.Info, w)
			if v == nil || v.IsField() || v.Pkg() != d.f.Pkg || v.Parent() == d.f.Pkg.Scope() {
				return false
			}
			vw := d.writesOf(v)
			if len(vw) == 0 || slices.ContainsFunc(vw, func(x ast.Expr) bool { return !made(x) }) {
				return false
			}
		}
	}
	return len(writes) > 0
}

// setsField reports whether the package writes field f anywhere.
func (d *determ) setsField(f *types.Var) bool { return len(d.writesTo(f)) > 0 }

// writesOf returns every value the package gives v (a field, a local):
// assignments, keyed and unkeyed literals, declarations; nil when one
// cannot be told (a tuple assignment, its address taken, a step).
func (d *determ) writesOf(v *types.Var) []ast.Expr {
	ws := d.writesTo(v)
	xs := make([]ast.Expr, 0, len(ws))
	for _, w := range ws {
		if w.x == nil {
			return nil
		}
		xs = append(xs, w.x)
	}
	return xs
}

// A write is one place the package writes a variable or field: the value
// it gives (nil when a step, an address taken or a tuple assignment
// hides it), and whether that is a declaration's or a step (v++).
type write struct {
	x          ast.Expr
	decl, step bool
}

// writesTo returns the package's writes of v: assignments, steps,
// addresses taken, keyed and unkeyed literals, declarations.
func (d *determ) writesTo(v *types.Var) []write {
	var ws []write
	for _, file := range d.f.Pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IncDecStmt:
				if d.writes(n.X, v) {
					ws = append(ws, write{step: true})
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if !d.writes(l, v) {
						continue
					}
					if len(n.Lhs) == len(n.Rhs) {
						ws = append(ws, write{x: n.Rhs[i]})
					} else {
						ws = append(ws, write{})
					}
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND && d.writes(n.X, v) {
					ws = append(ws, write{})
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && d.f.Info.Uses[k] == v {
					ws = append(ws, write{x: n.Value})
				}
			case *ast.CompositeLit:
				// An unkeyed literal of v's struct: &E{time.Duration(n) * time.Second}.
				if i := unkeyedField(d.f.Info, n, v); i >= 0 {
					ws = append(ws, write{x: n.Elts[i]})
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if d.f.Info.Defs[name] == v && len(n.Values) > 0 {
						x, _ := specValue(n, i)
						ws = append(ws, write{x: x, decl: true})
					}
				}
			}
			return true
		})
	}
	return ws
}

// drawFree reports whether fn, a function or method of the standard
// library, computes its result from its arguments (and receiver) with no
// random draw: time's arithmetic on instants and durations (time.Now,
// Until, Since, Time.Add, ParseDuration, but not the integer clock
// readings UnixNano or Nanosecond that code draws a pseudo-random number
// from), strconv's and strings' functions, and an http.Header's values
// (a server's Retry-After).
func drawFree(fn *types.Func) bool {
	switch fn.Pkg().Path() {
	case "time":
		switch fn.Name() {
		case "Now", "Since", "Until", "ParseDuration", "Add", "Sub", "AddDate", "Truncate", "Round",
			"After", "Before", "Equal", "IsZero", "Compare", "Seconds", "Milliseconds", "Microseconds", "Minutes", "Hours", "Abs":
			return true
		}
	case "strconv":
		return strings.HasPrefix(fn.Name(), "Parse") || fn.Name() == "Atoi"
	case "strings":
		return true
	case "net/http":
		return !typesx.IsPackageFunc(fn) && (fn.Name() == "Get" || fn.Name() == "Values")
	}
	return false
}

// unkeyedField returns the index of the element of lit, a literal of a
// struct with no keys, that gives field f; -1 when there is none.
func unkeyedField(info *types.Info, lit *ast.CompositeLit, f *types.Var) int {
	if len(lit.Elts) == 0 {
		return -1
	}
	if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed {
		return -1
	}
	st, ok := typesx.Deref(info.TypeOf(lit)).Underlying().(*types.Struct)
	if !ok {
		return -1
	}
	for i := 0; i < st.NumFields() && i < len(lit.Elts); i++ {
		if st.Field(i) == f {
			return i
		}
	}
	return -1
}

// specValue returns the value a declaration gives its name i: its own,
// or the one call that gives them all (a, _ = time.ParseDuration("1s")).
func specValue(n *ast.ValueSpec, i int) (ast.Expr, bool) {
	switch {
	case len(n.Values) == len(n.Names):
		return n.Values[i], true
	case len(n.Values) == 1:
		return n.Values[0], true
	}
	return nil, false
}

// shared reports whether x, the object a field is read from, is a
// pointer held in a variable (whose address nothing takes) or a chain
// of fields, with no call: shared
// state whose fields are what the wait reads, however the pointer was
// found (ch := c.getHost(name); ch.backoffCur). A struct value in a
// local is not: its fields are the local's, written through it (its
// address handed to a decoder).
func (d *determ) shared(x ast.Expr) bool {
	if _, ok := d.f.Info.TypeOf(x).Underlying().(*types.Pointer); !ok {
		return false
	}
	for {
		switch e := ast.Unparen(x).(type) {
		case *ast.Ident:
			// Not one a callee fills (errors.As(err, &rl)).
			v, _ := d.f.Info.Uses[e].(*types.Var)
			return v != nil && !typesx.AddressTaken(d.f.Info, d.body, v)
		case *ast.SelectorExpr:
			x = e.X
		default:
			return false
		}
	}
}

// arith reads what expr, simple and stored read alike: a constant, and
// parentheses, operators (not a receive, not an address) and conversions
// whose operands each accepts. ok is false for any other expression,
// which the caller reads.
func (d *determ) arith(x ast.Expr, each func(ast.Expr) bool) (good, ok bool) {
	if tv, isConst := d.f.Info.Types[x]; isConst && tv.Value != nil {
		return true, true
	}
	switch x := x.(type) {
	case *ast.ParenExpr:
		return each(x.X), true
	case *ast.BinaryExpr:
		return each(x.X) && each(x.Y), true
	case *ast.UnaryExpr:
		return x.Op != token.ARROW && x.Op != token.AND && each(x.X), true
	case *ast.CallExpr:
		if tv, isType := d.f.Info.Types[x.Fun]; isType && tv.IsType() && len(x.Args) == 1 {
			return each(x.Args[0]), true
		}
	}
	return false, false
}

// exprs reports whether expr accepts each of xs.
func (d *determ) exprs(xs []ast.Expr) bool {
	return !slices.ContainsFunc(xs, func(x ast.Expr) bool { return !d.expr(x) })
}

// pure reports whether every return of fn gives values computed as
// expr accepts them from fn's parameters: no draw, no state.
func (d *determ) pure(fn *types.Func) bool {
	if done, ok := d.funcs[fn]; ok {
		return done
	}
	decl := d.f.M.FuncDecl(fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	d.funcs[fn] = true // assumed while its returns are checked
	sub := d.in(decl.Body)
	good := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok {
			good = len(r.Results) > 0 && sub.exprs(r.Results)
		}
		_, lit := n.(*ast.FuncLit)
		return good && !lit
	})
	d.funcs[fn] = good
	return good
}

// variable checks a local, a parameter or a package variable.
func (d *determ) variable(v *types.Var) bool {
	if v.Pkg() != d.f.Pkg {
		return false
	}
	if d.isParam(v) {
		return true
	}
	if v.Parent() == d.f.Pkg.Scope() {
		return d.field(v)
	}
	if v.Pos() < d.body.Pos() || v.Pos() >= d.body.End() {
		return false // a captured variable of an enclosing function
	}
	if d.seen[v] {
		return true // its other writes are being checked
	}
	d.seen[v] = true
	return d.assigned(d.body, v, d.expr)
}

// assigned reports whether every value body gives its local v is one
// value accepts, and body neither takes v's address nor ranges into it
// (v++ keeps it deterministic).
func (d *determ) assigned(body *ast.BlockStmt, v *types.Var, value func(ast.Expr) bool) bool {
	good := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND && typesx.UsesAny(d.f.Info, n.X, map[*types.Var]bool{v: true}) {
				good = false
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if typesx.VarOf(d.f.Info, l) != v {
					continue
				}
				switch {
				case len(n.Lhs) == len(n.Rhs):
					good = value(n.Rhs[i])
				case len(n.Rhs) == 1:
					good = value(n.Rhs[0]) // v, err := strconv.Atoi(s)
				default:
					good = false
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if d.f.Info.Defs[name] == v && len(n.Values) > 0 {
					x, ok := specValue(n, i)
					good = good && ok && value(x)
				}
			}
		case *ast.RangeStmt:
			if typesx.VarOf(d.f.Info, n.Key) == v || typesx.VarOf(d.f.Info, n.Value) == v {
				good = false
			}
		}
		return good
	})
	return good
}

// field checks every write the package makes to a field or package
// variable: assignments and keyed literals from deterministic values of
// their own function (constants, parameters, other such fields).
func (d *determ) field(f *types.Var) bool {
	if f.Pkg() != d.f.Pkg {
		// Another package's: its writes are not at hand, but the
		// standard library's (a response's Header, its StatusCode)
		// hold what a peer sent or the code set, never a draw.
		if f.Pkg() == nil || strings.Contains(strings.Split(f.Pkg().Path(), "/")[0], ".") {
			return false
		}
		d.peer = true
		return true
	}
	if done, ok := d.fields[f]; ok {
		return done
	}
	d.fields[f] = true // assumed while its writes are checked
	good := true
	for _, w := range d.writesTo(f) {
		switch {
		case w.step:
			d.stepped = true // a count: no draw
		case w.x == nil:
			good = false
		case w.decl:
			good = d.simple(w.x)
		default:
			good = d.written(w.x)
		}
		if !good {
			break
		}
	}
	d.fields[f] = good
	return good
}

// written reports whether x, a value written to a field, leaves the
// field deterministic: simple where it is written, or, written in a
// function the wait's function does not reach (three calls deep) and
// that draws nothing at random, a stored value (a setting read from a
// configuration, a pointer or another field: see stored). Such a write
// happens before the retry or beside it, not between two attempts: the
// field is the same for every attempt, whatever its value.
func (d *determ) written(x ast.Expr) bool {
	if d.simple(x) {
		return true
	}
	fd := typesx.FuncDeclAt(d.f.Pass.Files, x.Pos())
	if fd == nil || fd.Body == nil {
		return false
	}
	if d.reach[fd.Body] {
		// Written between two attempts (backoffLast = next): a value
		// computed there with no draw, as expr accepts it in its own
		// function, which draws nothing (unjitteredWait's reach).
		return d.in(fd.Body).expr(x)
	}
	// One function writes many settings (a configuration update): ask
	// once whether it draws.
	draws := typesx.Cached(&d.draws, fd.Body, func() bool {
		return d.f.bodyDrawsRandom(fd.Body, 0, map[*ast.BlockStmt]bool{})
	})
	return !draws && d.stored(x, fd.Body, map[*types.Var]bool{})
}

// stored reports whether x, in body, is computed by arithmetic and
// conversions from constants, parameters, the locals of body so computed
// and values read from fields, pointers or package variables (of the
// package: deterministic ones; of other packages: any). The object a
// field is read from does not matter, only the field.
func (d *determ) stored(x ast.Expr, body *ast.BlockStmt, seen map[*types.Var]bool) bool {
	info := d.f.Info
	if good, ok := d.arith(x, func(x ast.Expr) bool { return d.stored(x, body, seen) }); ok {
		return good
	}
	switch x := x.(type) {
	case *ast.StarExpr:
		return d.stored(x.X, body, seen)
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[x]; ok {
			f, _ := sel.Obj().(*types.Var)
			return sel.Kind() == types.FieldVal && f != nil && (f.Pkg() != d.f.Pkg || d.field(f))
		}
		v, ok := info.Uses[x.Sel].(*types.Var)
		return ok && (v.Pkg() != d.f.Pkg || d.field(v))
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		switch {
		case !ok:
			return false
		case d.isParam(v):
			return true
		case v.Parent() == d.f.Pkg.Scope():
			return d.field(v)
		case v.Pos() < body.Pos() || v.Pos() >= body.End():
			return false
		}
		if seen[v] {
			return true
		}
		seen[v] = true
		return d.assigned(body, v, func(x ast.Expr) bool { return d.stored(x, body, seen) })
	}
	return false
}

// writes reports whether l writes f (a field selected on anything, or
// the package variable itself).
func (d *determ) writes(l ast.Expr, f *types.Var) bool {
	switch l := ast.Unparen(l).(type) {
	case *ast.SelectorExpr:
		return d.f.Info.Uses[l.Sel] == f
	case *ast.Ident:
		return d.f.Info.Uses[l] == f || d.f.Info.Defs[l] == f
	}
	return false
}

// simple reports whether a value written to a field is deterministic
// where it is written: a constant, a parameter, another such field, their
// arithmetic and conversions.
func (d *determ) simple(x ast.Expr) bool {
	info := d.f.Info
	if good, ok := d.arith(x, d.simple); ok {
		return good
	}
	switch x := x.(type) {
	case *ast.CallExpr:
		if fn := typesx.Callee(info, x); fn != nil && drawFree(fn) {
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			return (!ok || typesx.IsPackageFunc(fn) || d.simple(sel.X)) && !slices.ContainsFunc(x.Args, func(a ast.Expr) bool { return !d.simple(a) })
		}
		return false
	case *ast.CompositeLit:
		// A table of durations: every element such a value.
		for _, e := range x.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				e = kv.Value
			}
			if !d.simple(e) {
				return false
			}
		}
		return true
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || v.Pkg() != d.f.Pkg {
			return false
		}
		return d.isParam(v) || v.Parent() == d.f.Pkg.Scope() && d.field(v)
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[x]; ok {
			f, _ := sel.Obj().(*types.Var)
			return sel.Kind() == types.FieldVal && f != nil && d.field(f) && d.simple(x.X)
		}
		v, ok := info.Uses[x.Sel].(*types.Var)
		return ok && v.Pkg() == d.f.Pkg && d.field(v)
	}
	return false
}

// isParam reports whether v is a parameter or receiver of a function of
// the package. The variable says so itself (Kind): a parameter of an
// interface method or a func type, which no expression can read, is the
// only other kind of parameter, so no walk of the package's functions is
// needed.
func (d *determ) isParam(v *types.Var) bool {
	switch v.Kind() {
	case types.ParamVar, types.RecvVar:
		return v.Pkg() == d.f.Pkg
	}
	return false
}
