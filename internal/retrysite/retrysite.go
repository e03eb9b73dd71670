package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/libsite"
	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/policy"
)

// Analyzer finds the retry sites of a package. It reports nothing; its
// Result is the model every retrylint rule reads.
var Analyzer = &analysis.Analyzer{
	Name:       "retrysite",
	Doc:        "find retry sites (hand-written retry loops and retry library calls) for the retrylint rules",
	URL:        "https://github.com/retrylint/retrylint/tree/main/internal/retrysite",
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
}

var analyzerFlags report.Flags

func init() {
	analyzerFlags.Register(&Analyzer.Flags)
}

// Result is the retry-site model of one package.
type Result struct {
	// Sites are the retry sites, in source order.
	Sites []*Site
	// Options are the run's shared options.
	Options *report.Options
	// Directives are the package's //retrylint:ignore directives,
	// applied by each rule's report.Reporter.
	Directives *report.Directives
}

func run(pass *analysis.Pass) (any, error) {
	opts := analyzerFlags.Options()
	dirs, cs := report.Parse(pass.Fset, pass.Files, pass.ReadFile, opts.Context)
	m := newModel(pass, opts)
	if isReferencePackage(pass.Pkg.Path()) {
		// The reference retry package implements the standard; its own
		// loop is bounded through its configuration and verified by its
		// tests. Its callers are what the rules are about.
		return &Result{Options: opts, Directives: dirs}, nil
	}
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	var sites []*Site
	generated := make(map[*ast.File]bool)
	for _, f := range pass.Files {
		// Generated files: their authors cannot fix findings there.
		// Test files: retries in tests poll test servers and wait for
		// ports; they cross no production integration boundary. So do
		// the test support files a package ships for its own and its
		// users' tests (a testing.go, a shared test suite): a file that
		// imports "testing" is test code wherever it lies.
		if ast.IsGenerated(f) || strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") || importsTesting(f) {
			generated[f] = true
		}
	}
	// One walk over the functions: a generated or test file, and a test
	// helper with the literals in it, are skipped whole.
	insp.Root().Inspect(funcTypes, func(c inspector.Cursor) bool {
		var fb funcBody
		switch n := c.Node().(type) {
		case *ast.File:
			return !generated[n] // generated and test files (above)
		case *ast.FuncDecl:
			if n.Body == nil {
				return false
			}
			fb = funcBody{body: n.Body, typ: n.Type, decl: n, cur: c.ChildAt(edge.FuncDecl_Body, -1)}
			fb.obj, _ = pass.TypesInfo.Defs[n.Name].(*types.Func)
		case *ast.FuncLit:
			fb = funcBody{body: n.Body, typ: n.Type, cur: c.ChildAt(edge.FuncLit_Body, -1)}
			fb.decl, fb.obj = timerAttempt(pass.TypesInfo, c)
		}
		sc := m.prefilter(fb)
		sites = append(sites, m.handWrittenIn(fb, sc)...)
		sites = append(sites, m.requeueSites(fb, sc)...)   // package requeue
		sites = append(sites, m.rescheduleSites(fb)...)    // requeue/reschedule.go
		sites = append(sites, m.selfQueueSites(fb, sc)...) // requeue/selfqueue.go
		return true
	})
	libs := libsite.ReachesLibrary(pass.Pkg, m.copies)
	for fc := range insp.Root().Children() {
		if f, ok := fc.Node().(*ast.File); ok && !generated[f] && libs {
			sites = append(sites, m.libs().LibrarySites(fc)...)
			sites = append(sites, m.libs().KeptClientSites(fc)...) // keptcount.go
		}
	}
	libsite.LinkKeptClients(pass.TypesInfo, sites)                        // keptcount.go
	m.nestedRetries(sites)                                                // nested.go
	sites = append(sites, m.crossPackageSites(insp, generated, sites)...) // xpkg.go
	sites = m.Rules().DropReadinessWaits(sites)                           // readiness.go
	m.libs().PacedLoops(pass, sites)                                      // paced.go
	for _, s := range sites {
		if s.OwnContext {
			continue // its configuration names it (a retry.Policy's Context)
		}
		if s.Lib == nil || !s.Lib.ForcesContext {
			s.Context = cs.At(s.Pos)
			if s.Context == policy.SyncAPI && !opts.ContextSet && !cs.Named(s.Pos) && m.runsAsync(s) {
				s.Context = policy.AsyncEvent // a worker's retry (asyncrun.go)
			}
		} else {
			s.Context = s.Lib.Context
		}
	}
	m.countSteps(sites) // countstep.go
	for _, s := range sites {
		chooseBound(s, opts) // values.go
		if find := m.findLit[s]; find != nil && s.Bound.Kind == BoundKnown && s.Bound.Retries != 0 && !opts.Limits(s.Context).Retries.Contains(s.Bound.Retries) {
			find()
		}
	}
	sort.SliceStable(sites, func(i, j int) bool { return typesx.PosLess(pass.Fset, sites[i].Pos, sites[j].Pos) })
	return &Result{Sites: sites, Options: opts, Directives: dirs}, nil
}

// funcTypes are the nodes run walks: the files, and the functions in them.
var funcTypes = []ast.Node{(*ast.File)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)}

// importsTesting reports whether f imports the testing package.
func importsTesting(f *ast.File) bool {
	for _, imp := range f.Imports {
		if imp.Path.Value == `"testing"` {
			return true
		}
	}
	return false
}

// isReferencePackage reports whether path is the project's reference
// retry package or one of its subpackages.
func isReferencePackage(path string) bool {
	return path == knowledge.RetryPackage || strings.HasPrefix(path, knowledge.RetryPackage+"/")
}

// timerAttempt returns, for the literal at c that a function of the
// package schedules with time.AfterFunc(d, lit) and that calls that
// function again, a stand-in declaration of the function whose body is
// the literal's: the literal is the attempt, and its call of the
// function (on a failure) arms the timer again, the wait between two
// attempts (typesx.HeldSelfCalls). Only when what the function does
// besides arming the timer is the same on every attempt: it only returns
// early on a test of ==, != or a bool, with no call, that reads nothing
// the literal writes (a state check, no count), and every call of it in
// the literal passes constants or its own parameters in their places
// (no step). It returns nils otherwise.
func timerAttempt(info *types.Info, c inspector.Cursor) (*ast.FuncDecl, *types.Func) {
	lit := c.Node().(*ast.FuncLit)
	call, ok := c.Parent().Node().(*ast.CallExpr)
	if !ok || !typesx.IsAfterFunc(info, call) || call.Args[1] != lit {
		return nil, nil
	}
	e := c.Parent().Parent()
	if _, ok := e.Node().(ast.Stmt); !ok {
		return nil, nil
	}
	d, ok := e.Parent().Parent().Node().(*ast.FuncDecl)
	if !ok || e.Parent().Node() != d.Body {
		return nil, nil // armed at the top level of a declaration's body
	}
	fn, _ := info.Defs[d.Name].(*types.Func)
	if fn == nil || !typesx.CallsFunc(info, lit.Body, fn) {
		return nil, nil
	}
	written := typesx.AssignedVars(info, lit.Body)
	for _, st := range d.Body.List {
		if st == e.Node() {
			continue
		}
		ifs, ok := st.(*ast.IfStmt)
		if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 || typesx.UsesAny(info, ifs.Cond, written) {
			return nil, nil
		}
		_, ok = ifs.Body.List[0].(*ast.ReturnStmt)
		ast.Inspect(ifs.Cond, func(n ast.Node) bool {
			if b, isBin := n.(*ast.BinaryExpr); isBin && b.Op != token.EQL && b.Op != token.NEQ && b.Op != token.LAND && b.Op != token.LOR {
				ok = false
			} else if _, isCall := n.(*ast.CallExpr); isCall {
				ok = false // a count may hide in a call
			}
			return ok
		})
		if !ok {
			return nil, nil
		}
	}
	ps := fn.Signature().Params()
	for _, sc := range typesx.CallsOf(info, lit.Body, fn) {
		for i, a := range sc.Args {
			if info.Types[a].Value == nil && (i >= ps.Len() || typesx.VarOf(info, a) != ps.At(i)) {
				return nil, nil
			}
		}
	}
	return &ast.FuncDecl{Recv: d.Recv, Name: d.Name, Type: d.Type, Body: lit.Body}, fn
}
