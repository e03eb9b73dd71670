package retrysite

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/libsite"
	"github.com/retrylint/retrylint/internal/retrysite/netio"
	"github.com/retrylint/retrylint/internal/retrysite/notretry"
	"github.com/retrylint/retrylint/internal/retrysite/ops"
	"github.com/retrylint/retrylint/internal/retrysite/peritem"
	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/requeue"
	"github.com/retrylint/retrylint/internal/retrysite/timeouts"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex/rangelen"
	"github.com/retrylint/retrylint/internal/retrysite/waitnum"
	"github.com/retrylint/retrylint/internal/retrysite/waits"
)

// model holds what the retry-site analysis knows of one package. The
// value interpreter (package interp) and the value index (package
// valueindex) are embedded: their exported methods are the model's, and
// the model is the interpreter's Host (host.go).
type model struct {
	interp.Model
	valueindex.Index
	// pass, info and pkg are the interpreter's own, kept here for the
	// discovery code (rebindDescribers keeps both in step).
	pass *analysis.Pass
	info *types.Info
	pkg  *types.Package
	// integ caches whether a same-package function may cross an
	// integration boundary (integration.go).
	integ map[*types.Func]bool
	// moduleLocal caches whether a function of another package of the
	// module only computes (integration.go moduleComputesOnly).
	moduleLocal map[*types.Func]bool
	// refCursors are the references to the package's functions
	// (asyncrun.go).
	refCursors map[*types.Func][]inspector.Cursor
	// isLocalStd caches localStd: 0 unknown, 1 yes, -1 no.
	isLocalStd int
	// nr holds the not-a-retry rules and their caches (package notretry,
	// glue_notretry.go).
	nr notretry.Rules
	// funcTypes caches funcTypeIsIntegration (funclits.go): 1 yes, 0
	// no, -1 unknown.
	funcTypes map[*types.Named]int8
	// funcLits caches HeldFuncLit by variable (forms.go).
	funcLits map[*types.Var]*ast.FuncLit
	// deciders caches deciderOf by variable (decider.go).
	deciders map[*types.Var]*decider
	// boolFail caches boolfail's Fails by function (package boolfail).
	boolFail map[*ast.BlockStmt]bool
	// reentries caches ReentryDecl (reentry.go).
	reentries map[[2]*types.Func]*ast.FuncDecl
	// namedFuncs caches funcsNamedIn (reentry.go).
	namedFuncs map[*types.Func]map[*types.Func]bool
	// trackerImpls caches TrackerMethod by local (host.go).
	trackerImpls map[*types.Var]*types.Func
	// items tells what a loop's iterations give its operation (package
	// peritem).
	items *peritem.Finder
	// requeue finds the requeue sites (package requeue, glue_requeue.go).
	requeue *requeue.Finder
	// findLit holds, for a site with a known bound, what finds the
	// literal that sets it (Bound.Lit); run only for bounds outside the
	// allowed range, once the site's context is known (retrysite.go).
	findLit map[*Site]func()
	// opts are the run's options (report.Flags).
	opts *report.Options
	// timeouts describes the sites' timeouts (package timeouts).
	timeouts *timeouts.Describer
	// ops describes the sites' operations (package ops).
	ops *ops.Describer
	// wnum runs the sites' waits (package waitnum).
	wnum *waitnum.Interp
	// copies recognises library packages copied under another path
	// (knowledge.Copies), cached for the pass; copies of the model
	// share it.
	copies *knowledge.Copies
	// net tells the io calls that go over a network connection (package
	// netio).
	net *netio.Finder
	// verdicts caches responseVerdict by function and result
	// (package waits).
	verdicts map[verdictKey]verdict
	// waited caches whether a loop holds a wait (package waits,
	// Finder.Waited).
	waited map[ast.Node]bool
	// helperWaits caches the waits of same-package helpers (package
	// waits, Finder.Helpers).
	helperWaits map[waits.HelperKey]waits.HelperWaits
	// impls caches implementers (integration.go) by interface.
	impls map[*types.Named][]*types.Named
	// x follows calls into other packages of the module (xpkg.go); the
	// interpreter's Xbind binds the parameters of such a callee to the
	// caller's arguments while its body is studied.
	x *xpkgState
	// srcOf is the package of the module this model reads from source,
	// nil for the analysed package's own model (xpkg.go).
	srcOf *xpkg
	// srcSettings caches SourceSetting for srcOf's fields.
	srcSettings map[*types.Var]bool
	// modTypes caches moduleTypes (xpkg.go), soleImpls
	// soleImplementation.
	modTypes  *[]types.Type
	soleImpls map[*types.Func]*types.Func
	// lib reads the library sites (package libsite, glue_libsite.go).
	lib *libsite.Reader
}

func newModel(pass *analysis.Pass, opts *report.Options) *model {
	m := &model{
		pass:  pass,
		opts:  opts,
		info:  pass.TypesInfo,
		pkg:   pass.Pkg,
		integ: make(map[*types.Func]bool),

		moduleLocal: make(map[*types.Func]bool),

		findLit: make(map[*Site]func()),

		funcTypes: make(map[*types.Named]int8),
		funcLits:  make(map[*types.Var]*ast.FuncLit),
		boolFail:  make(map[*ast.BlockStmt]bool),

		trackerImpls: make(map[*types.Var]*types.Func),
		soleImpls:    make(map[*types.Func]*types.Func),
	}
	m.Model.Init(pass, m)
	m.Index.Init(&m.Model)
	m.Model.SetRanges(rangelen.New(&m.Index))
	m.timeouts = timeouts.New(pass, m.info, m.pkg, m)
	m.ops = ops.New(pass, m.info, m.pkg, m, opts.KeyHeaders)
	m.wnum = waitnum.New(pass, m.info, m.pkg, wnumModel{m})
	m.copies = knowledge.NewCopies()
	m.net = netio.New(pass.Files, m.info, m.pkg, m)
	m.requeue = requeue.New(pass.Files, m.info, m)
	m.items = peritem.New(m.info, m)
	return m
}

// insp returns the pass's inspector (the Analyzer requires it).
func (m *model) insp() *inspector.Inspector {
	return m.pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
}
