package interp

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/internal/retrysite/interp/bodyscan"
	"github.com/retrylint/retrylint/internal/retrysite/interp/exits"
	"github.com/retrylint/retrylint/internal/retrysite/interp/outcomeval"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Model is the value interpreter of one package: what it knows of the
// package. The retry-site model embeds it, and gives it, as its Host,
// what the interpreter asks of discovery.
type Model struct {
	host  Host
	pass  *analysis.Pass
	info  *types.Info
	pkg   *types.Package
	decls map[*types.Func]*ast.FuncDecl
	Infos map[*ast.BlockStmt]*FuncInfo
	// defs indexes how each variable of the package is defined, built
	// on first use (outcomeval/outcomes_eval.go).
	Defs outcomeval.Defs
	// ix is the package-wide value index (package valueindex), given by
	// SetIndex.
	ix Index
	// ranges answers what the index knows of ranges (SetRanges).
	ranges Ranges
	// xbind binds the parameters of a callee of another package of the
	// module to the caller's arguments while its body is studied
	// (retrysite's xpkg.go).
	Xbind map[*types.Var]ast.Expr
	// flags caches flagField by field (package exits).
	flags exits.Flags
	// ctxErr caches ctxErrOnly (decide.go); Rebind drops it.
	ctxErr map[*types.Func]bool
	// carried caches typesx.CarriedError by named type (the evaluator
	// asks it of every field it reads: outcomeval/carried.go).
	carried typesx.CarriedErrors
	// fnKeys caches funcKey.
	fnKeys map[*types.Func]string
	// spare is the scratch the walks borrow (scratch.go), nil while lent.
	spare *scratch
	// listPick fixes the list a local holds while OverListChoices
	// decides once per list, and listMet notes the locals a decision
	// found several lists in (membership.go).
	listPick map[*types.Var]int
	listMet  []listChoice
}

// Init makes m the interpreter of the package pass analyses, asking host
// what it cannot see itself.
func (m *Model) Init(pass *analysis.Pass, host Host) {
	*m = Model{
		host:  host,
		pass:  pass,
		info:  pass.TypesInfo,
		pkg:   pass.Pkg,
		decls: make(map[*types.Func]*ast.FuncDecl),
		Infos: make(map[*ast.BlockStmt]*FuncInfo),
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					m.decls[fn] = fd
				}
			}
		}
	}
}

// Decls returns the declarations of the package's functions.
func (m *Model) Decls() map[*types.Func]*ast.FuncDecl { return m.decls }

// DeclAt returns the package's function declaration holding pos, or nil.
func (m *Model) DeclAt(pos token.Pos) *ast.FuncDecl {
	for _, d := range m.decls {
		if d.Pos() <= pos && pos < d.End() {
			return d
		}
	}
	return nil
}

// Rebind points m, a copy of another interpreter, at other type
// information and another host (retrysite's xpkg.go reads packages of
// the module from source with copies of the model).
func (m *Model) Rebind(info *types.Info, pkg *types.Package, host Host) {
	m.info, m.pkg, m.host = info, pkg, host
	m.ctxErr = nil
}

// funcKey returns "path.Name" for a function of a package, the key of
// the knowledge tables: the evaluator asks the tables of every call it
// evaluates, and the key is built once per function, not per question.
func (m *Model) funcKey(fn *types.Func) string {
	return typesx.Cached(&m.fnKeys, fn, func() string { return fn.Pkg().Path() + "." + fn.Name() })
}

// funcDecl returns the declaration of a same-package function.
func (m *Model) FuncDecl(fn *types.Func) *ast.FuncDecl {
	if fn == nil {
		return nil
	}
	return m.decls[fn.Origin()]
}

// funcInfo holds the control-flow graph of one function body and the
// variables the simulation tracks in it.
type FuncInfo struct {
	M    *Model
	Body *ast.BlockStmt
	typ  *ast.FuncType
	Cfg  *cfg.CFG
	// tracked are the integer and boolean locals (parameters included)
	// that decide control flow: attempt counters, flags, limits.
	Tracked map[*types.Var]bool
	// outcomes are the error and response locals: the simulation binds
	// them to an operation's assumed outcome.
	outcomes map[*types.Var]bool
	// order numbers tracked and outcome variables for memo keys;
	// ordered lists them in that order.
	order   map[*types.Var]int
	ordered []*types.Var
	// caseTag maps each case expression of an expression switch to the
	// switch's tag (nil for a tagless switch).
	caseTag map[ast.Expr]ast.Expr
	// typeTests are the forks of type switches on errors (typeswitch.go),
	// built on first use.
	typeTests map[*cfg.Block]typeTest
	// rangeX maps the range expression of each range statement to it;
	// rangeCounter holds a synthetic iteration counter for each range
	// statement with a known number of iterations, rangeLen that number.
	rangeX       map[ast.Expr]*ast.RangeStmt
	rangeCounter map[*ast.RangeStmt]*types.Var
	rangeLen     map[*ast.RangeStmt]int64
	// rangeVals holds the elements of a range over a known list of
	// integers (values_list.go).
	rangeVals map[*ast.RangeStmt][]int64
	// rangeNotes are the defaults a range's length comes from (a range
	// over a retry iterator given the package's default count).
	rangeNotes map[*ast.RangeStmt][]defaultNote
	// blockOf maps each node of the graph to its block and index.
	blockOf map[ast.Node]NodeRef
	// chans are the channels the function wakes itself on and the
	// channel locals its selects receive from (package exits'
	// exits/selftrigger.go).
	chans exits.Channels
	// assigns holds the expressions assigned to each local variable
	// (outside function literals), and statelessMemo caches
	// statelessVar.
	assigns       map[*types.Var][]ast.Expr
	statelessMemo map[*types.Var]bool
	// once is the range statement a copy of the funcInfo runs once per
	// entry (OnceRange, rounds.go), or nil.
	once *ast.RangeStmt
	// companions are the bool locals assigned only beside an outcome's
	// error, from the same call (canRetry, err := t.post(body)), with
	// those calls: what the operation said of its failure
	// (companionTest).
	companions map[*types.Var][]*ast.CallExpr
	// Recursive is set for a function that calls itself: an outcome
	// predicate given nil errors says no there (outcomepred.go).
	Recursive bool
	// nonCount caches nonCountFork by block index: 1 yes, -1 no, 0 not
	// yet known.
	nonCount []int8
	// counter caches counterFork the same way.
	counter []int8
	// invariant caches loopInvariant.
	invariant map[*types.Var]bool
	// inlined caches returnsMemo and resultAtMemo (eval.go) by depth,
	// result and parameter values.
	inlined map[string]inlined
	// paramFields holds the variables that stand for the fields of
	// struct parameters a caller binds (paramfields.go).
	paramFields map[paramField]*types.Var
	// clamps holds the conditions of the function's clamps (clamp.go).
	clamps map[ast.Expr]bool
	// idents, sels, calls, bins and lhs hold what the evaluator reads of
	// a node that does not depend on the walk's state (nodefacts.go).
	idents map[*ast.Ident]identFact
	sels   map[*ast.SelectorExpr]selFact
	calls  map[*ast.CallExpr]callFact
	bins   map[*ast.BinaryExpr]*binFact
	lhs    map[*ast.AssignStmt][]*types.Var
}

type NodeRef struct {
	Block int32
	Index int
}

// funcInfo returns (and caches) the funcInfo of a body.
func (m *Model) FuncInfo(body *ast.BlockStmt, typ *ast.FuncType) *FuncInfo {
	if body == nil {
		return nil
	}
	if fi, ok := m.Infos[body]; ok {
		return fi
	}
	fi := &FuncInfo{
		M:            m,
		Body:         body,
		typ:          typ,
		Tracked:      make(map[*types.Var]bool),
		outcomes:     make(map[*types.Var]bool),
		order:        make(map[*types.Var]int),
		caseTag:      make(map[ast.Expr]ast.Expr),
		rangeX:       make(map[ast.Expr]*ast.RangeStmt),
		rangeCounter: make(map[*ast.RangeStmt]*types.Var),
		rangeLen:     make(map[*ast.RangeStmt]int64),
		rangeNotes:   make(map[*ast.RangeStmt][]defaultNote),
		blockOf:      make(map[ast.Node]NodeRef),
	}
	m.Infos[body] = fi
	fi.Cfg = cfg.New(body, m.MayReturn)
	for _, b := range fi.Cfg.Blocks {
		for i, n := range b.Nodes {
			fi.blockOf[n] = NodeRef{b.Index, i}
		}
	}
	fi.scan()
	return fi
}

// mayReturn reports whether a call may return: not panic, os.Exit,
// log.Fatal and friends, or testing's Fatal.
func (m *Model) MayReturn(call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := m.info.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
			return false
		}
	}
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() == nil {
		return true
	}
	switch fn.Pkg().Path() {
	case "os":
		return fn.Name() != "Exit"
	case "log":
		switch fn.Name() {
		case "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln":
			return false
		}
	case "testing":
		switch fn.Name() {
		case "Fatal", "Fatalf", "FailNow", "Skip", "Skipf", "SkipNow":
			return false
		}
	}
	return true
}

// scan finds the variables to track and the switch and range structure.
func (fi *FuncInfo) scan() {
	info := fi.M.info
	candidates := make(map[*types.Var]bool)
	escapes := make(map[*types.Var]bool)
	asAddr := make(map[ast.Expr]bool)
	asTargets := make(map[*types.Var]bool)
	besideErr := make(map[*types.Var]bool) // a result beside an error kept in a variable
	// The calls that assign each variable beside an error variable, and
	// the variables also assigned otherwise (companions).
	type beside struct {
		err  *types.Var
		call *ast.CallExpr
	}
	besides := make(map[*types.Var][]beside)
	otherwise := make(map[*types.Var]bool)
	isLocal := func(v *types.Var) bool {
		return v != nil && !v.IsField() && v.Pos() >= fi.bodyStart() && v.Pos() < fi.Body.End()
	}
	// Parameters and named results.
	if fi.typ != nil {
		for _, fl := range []*ast.FieldList{fi.typ.Params, fi.typ.Results} {
			for _, v := range typesx.FieldVars(info, fl) {
				if v != nil {
					candidates[v] = true
				}
			}
		}
	}
	var conds []ast.Expr
	deps := make(map[*types.Var][]ast.Expr) // var -> expressions assigned to it
	var inLit int
	// A literal called where it is written (done := func() bool {...}())
	// decides like the code around it (iife.go): its conditions are the
	// function's too, so the variables they read from outside are kept.
	iife := make(map[*ast.FuncLit]bool)
	inIIFE := 0
	// A variable of the enclosing function that the body (a literal's)
	// writes before any read (err captured by a retried closure:
	// resp, err = c.Do(req)) holds, in each run, what the body wrote:
	// studied as a local.
	written := make(map[*ast.Ident]bool)
	seenOuter := make(map[*types.Var]bool)
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			inLit++
			if iife[n] && inIIFE == inLit-1 {
				inIIFE++
				defer func() { inIIFE-- }()
			}
			ast.Inspect(n.Body, visit)
			inLit--
			return false
		case *ast.Ident:
			if v, ok := info.Defs[n].(*types.Var); ok && isLocal(v) {
				candidates[v] = true
			}
			if v, ok := info.Uses[n].(*types.Var); ok && inLit == 0 && !v.IsField() && !isLocal(v) && v.Pkg() == fi.M.pkg && v.Parent() != fi.M.pkg.Scope() && !seenOuter[v] {
				seenOuter[v] = true
				if written[n] && fi.typ != nil && v.Pos() < fi.typ.Pos() {
					candidates[v] = true // declared before the literal, written first
				}
			}
		case *ast.CallExpr:
			if lit, ok := ast.Unparen(n.Fun).(*ast.FuncLit); ok && len(n.Args) == 0 {
				iife[lit] = true
			}
			// errors.As(err, &target) writes target, whose address
			// does not escape otherwise (outcomeval/statuserr.go).
			if v, _ := typesx.AsTarget(info, n); v != nil && statusField(v.Type()) != nil {
				asAddr[ast.Unparen(n.Args[1])] = true
				asTargets[v] = true
				deps[v] = append(deps[v], n.Args[0])
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && !asAddr[n] {
				if v := fi.LhsVar(n.X); v != nil {
					escapes[v] = true
				}
			}
		case *ast.AssignStmt:
			if n.Tok == token.ASSIGN {
				for _, l := range n.Lhs {
					if id := typesx.IdentOf(l); id != nil {
						written[id] = true
					}
				}
			}
			for i, l := range n.Lhs {
				v := fi.LhsVar(l)
				if v == nil {
					continue
				}
				if inLit > 0 && n.Tok != token.DEFINE {
					escapes[v] = true
				}
				if len(n.Lhs) == len(n.Rhs) {
					deps[v] = append(deps[v], n.Rhs[i])
					otherwise[v] = true
				} else if len(n.Rhs) == 1 {
					deps[v] = append(deps[v], n.Rhs[0])
					if ta, ok := ast.Unparen(n.Rhs[0]).(*ast.TypeAssertExpr); ok && i == 0 && ta.Type != nil && typesx.IsErrorType(info.TypeOf(ta.X)) {
						// v, ok := err.(*url.Error): the error, seen as
						// one of its types (outcomeval/certerr.go).
						asTargets[v] = true
					}
					if k := typesx.ErrorResult(info.TypeOf(n.Rhs[0])); k >= 0 && k != i && k < len(n.Lhs) && fi.LhsVar(n.Lhs[k]) != nil {
						besideErr[v] = true // conn, err := dial(): eval.go's opResult
						if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
							besides[v] = append(besides[v], beside{fi.LhsVar(n.Lhs[k]), call})
						} else {
							otherwise[v] = true
						}
					} else {
						otherwise[v] = true
					}
				}
			}
		case *ast.IncDecStmt:
			if v := fi.LhsVar(n.X); v != nil && inLit > 0 {
				escapes[v] = true
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if v, ok := info.Defs[name].(*types.Var); ok && i < len(n.Values) {
					deps[v] = append(deps[v], n.Values[i])
				}
			}
		case *ast.IfStmt:
			if inLit == inIIFE {
				conds = append(conds, n.Cond)
			}
		case *ast.ReturnStmt:
			// What a predicate returns decides its caller's flow:
			// shouldRetry(code int) bool { return code >= 500 }.
			if inLit == inIIFE {
				conds = append(conds, n.Results...)
			}
		case *ast.ForStmt:
			if inLit == inIIFE && n.Cond != nil {
				conds = append(conds, n.Cond)
			}
		case *ast.TypeSwitchStmt:
			// Its operand decides which clause runs (typeswitch.go).
			if inLit == inIIFE {
				if x := typeSwitchOperand(n); x != nil {
					conds = append(conds, x)
				}
			}
		case *ast.SwitchStmt:
			if inLit == inIIFE {
				for _, c := range n.Body.List {
					for _, x := range c.(*ast.CaseClause).List {
						fi.caseTag[x] = n.Tag
						conds = append(conds, x)
					}
				}
				if n.Tag != nil {
					conds = append(conds, n.Tag)
				}
			}
		case *ast.RangeStmt:
			if inLit == 0 {
				fi.rangeX[n.X] = n
				l, ok := fi.rangeLength(n)
				if !ok {
					var notes []defaultNote
					// a retry iterator of the package (iterrange.go)
					if l, notes, ok = fi.M.iterLength(n.X); ok && len(notes) > 0 {
						fi.rangeNotes[n] = notes
					}
				}
				if ok {
					fi.rangeLen[n] = l
					if vals, ok := fi.rangeList(n); ok && int64(len(vals)) == l && n.Value != nil { // values_list.go
						if fi.rangeVals == nil {
							fi.rangeVals = make(map[*ast.RangeStmt][]int64)
						}
						fi.rangeVals[n] = vals
					}
					c := types.NewVar(n.For, fi.M.pkg, "range#", types.Typ[types.Int])
					fi.rangeCounter[n] = c
					fi.Tracked[c] = true
				}
			}
		}
		return true
	}
	ast.Inspect(fi.Body, visit)
	fi.assigns = deps
	// A held literal's counters shared with its function (funcvals.go).
	for v := range fi.M.ix.CapturedCounters(fi.Body) {
		candidates[v] = true
	}

	// Relevant variables: those in conditions, and transitively those
	// assigned into relevant variables.
	relevant := make(map[*types.Var]bool)
	var work []*types.Var
	mark := func(x ast.Expr) {
		typesx.InspectNoLits(x, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && candidates[v] && !relevant[v] {
					relevant[v] = true
					work = append(work, v)
				}
			}
			return true
		})
	}
	for _, c := range conds {
		mark(c)
	}
	// A result tested for nil beside its error's nil test (conn != nil
	// && err == nil): the success test is the error's (opResult).
	nilTested := make(map[*types.Var]bool)
	nilCmp := func(x ast.Expr) *types.Var {
		if y, _ := typesx.NilCompared(info, x); y != nil {
			return typesx.VarOf(info, y)
		}
		return nil
	}
	for _, c := range conds {
		ast.Inspect(c, func(n ast.Node) bool {
			if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) {
				if x, y := nilCmp(b.X), nilCmp(b.Y); x != nil && y != nil {
					nilTested[x] = nilTested[x] || typesx.IsErrorType(y.Type())
					nilTested[y] = nilTested[y] || typesx.IsErrorType(x.Type())
				}
			}
			return true
		})
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, x := range deps[v] {
			mark(x)
		}
	}
	blind := bodyscan.BlindCounters(info, fi.Body, relevant, isLocal, func(t types.Type) bool {
		return IsIntegerOrBool(t) || typesx.IsErrorType(t) || IsResponseType(t)
	})
	for v := range relevant {
		if escapes[v] || blind[v] {
			continue
		}
		switch {
		case IsIntegerOrBool(v.Type()):
			fi.Tracked[v] = true
		case typesx.IsErrorType(v.Type()) || IsResponseType(v.Type()) || asTargets[v]:
			fi.outcomes[v] = true
		case readsHeader(info, v, deps[v]): // decide.go
			fi.Tracked[v] = true
		case besideErr[v] && nilTested[v] && zeroValue(v.Type()).K == VNil: // can be nil
			fi.outcomes[v] = true
		}
	}
	for v, bs := range besides {
		if fi.Tracked[v] && typesx.IsBool(v.Type()) && !otherwise[v] && !slices.ContainsFunc(bs, func(b beside) bool { return !fi.outcomes[b.err] }) {
			if fi.companions == nil {
				fi.companions = make(map[*types.Var][]*ast.CallExpr)
			}
			for _, b := range bs {
				fi.companions[v] = append(fi.companions[v], b.call)
			}
		}
	}
	fi.chans.Scan(exitsFunc{fi}, fi.Tracked, escapes) // exits' selftrigger.go
	// Stable numbering for memo keys, by declaration position.
	all := append(slices.Collect(maps.Keys(fi.Tracked)), slices.Collect(maps.Keys(fi.outcomes))...)
	sortVars(all)
	for i, v := range all {
		fi.order[v] = i
	}
	fi.ordered = all
	// The scan evaluated range expressions (rangeLength) before the
	// tracked variables were all known: what the node tables hold of
	// them is dropped (nodefacts.go).
	fi.idents, fi.sels, fi.calls, fi.bins, fi.lhs = nil, nil, nil, nil, nil
}

// namedResult reports whether v is one of the function's named results.
func (fi *FuncInfo) namedResult(v *types.Var) bool {
	return v != nil && fi.typ != nil && slices.Contains(typesx.FieldVars(fi.M.info, fi.typ.Results), v)
}

func (fi *FuncInfo) bodyStart() token.Pos {
	if fi.typ != nil {
		return fi.typ.Pos()
	}
	return fi.Body.Pos()
}

// rangeLength returns the number of iterations of a range statement when
// it is a constant: range over an int constant, an array, or a slice or
// array literal.
func (fi *FuncInfo) rangeLength(r *ast.RangeStmt) (int64, bool) {
	info := fi.M.info
	tv, ok := info.Types[r.X]
	if !ok {
		return 0, false
	}
	if tv.Value != nil {
		ev := &Evaluator{Fi: fi}
		if v := ev.Eval(r.X, Env{}); v.K == VInt {
			return v.I, true
		}
		return 0, false
	}
	switch t := tv.Type.Underlying().(type) {
	case *types.Array:
		return t.Len(), true
	case *types.Pointer:
		if a, ok := t.Elem().Underlying().(*types.Array); ok {
			return a.Len(), true
		}
	}
	if lit, ok := ast.Unparen(r.X).(*ast.CompositeLit); ok {
		if _, ok := tv.Type.Underlying().(*types.Slice); ok {
			if slices.ContainsFunc(lit.Elts, func(e ast.Expr) bool { _, kv := e.(*ast.KeyValueExpr); return kv }) {
				return 0, false
			}
			return int64(len(lit.Elts)), true
		}
	}
	if l, ok := fi.rangeList(r); ok { // values_list.go
		return int64(len(l)), true
	}
	return 0, false
}

// lhsVar returns the variable an assignment target names, if it is a
// plain identifier.
func (fi *FuncInfo) LhsVar(x ast.Expr) *types.Var { return typesx.VarOf(fi.M.info, x) }
