package libsite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/libread"
	"github.com/retrylint/retrylint/internal/retrysite/ops"
	"github.com/retrylint/retrylint/internal/retrysite/outcomes"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/timeouts"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex"
	"github.com/retrylint/retrylint/internal/retrysite/waitnum"
)

// Host is what the library readers need of the model (package
// retrysite) beyond the interpreter, the value index and the
// description packages: the questions its discovery and not-a-retry
// rules answer.
type Host interface {
	// libread.Model: the value index's writes and durations, which
	// the library reader of package libread asks for (GaxWait,
	// ServiceConfig).
	libread.Model
	// outcomes.Model: what rereads (outcomes.Describer.Rereads) asks.
	outcomes.Model
	// MayBeOp reports whether call may be the operation a loop retries.
	MayBeOp(call *ast.CallExpr) bool
	// OpRoots returns the configuration and the operation arguments of
	// a call of the library entry e.
	OpRoots(e knowledge.Entry, call *ast.CallExpr) (cfg, ops []ast.Expr)
	// RetriesNothing reports whether a library site's settings make it
	// retry nothing.
	RetriesNothing(s *site.Site) bool
	// PollRetries reports whether a poll of the library entry e, at
	// call, retries a failure (polls.go).
	PollRetries(call *ast.CallExpr, e knowledge.Entry) bool
	// PollWait returns the wait of a poll (polls.go).
	PollWait(s *site.Site) *site.Wait
}

// A Reader reads the library call sites of one package: their bounds,
// waits, timeouts and outcomes, from the internal/knowledge tables and
// the interpreters.
type Reader struct {
	host Host
	*interp.Model
	*valueindex.Index
	pass     *analysis.Pass
	info     *types.Info
	pkg      *types.Package
	timeouts *timeouts.Describer
	ops      *ops.Describer
	wnum     *waitnum.Interp
	copies   *knowledge.Copies
}

// Config is what a Reader is made of: the model's interpreter, value
// index and description packages, and the model itself as Host.
type Config struct {
	Host     Host
	Model    *interp.Model
	Index    *valueindex.Index
	Pass     *analysis.Pass
	Info     *types.Info
	Pkg      *types.Package
	Timeouts *timeouts.Describer
	Ops      *ops.Describer
	Wnum     *waitnum.Interp
	// Copies recognises the library packages copied under another
	// path (knowledge.Copies), once per pass.
	Copies *knowledge.Copies
}

// New returns the Reader c describes.
func New(c Config) *Reader {
	return &Reader{host: c.Host, Model: c.Model, Index: c.Index, pass: c.Pass, info: c.Info, pkg: c.Pkg,
		timeouts: c.Timeouts, ops: c.Ops, wnum: c.Wnum, copies: c.Copies}
}

// Made reports whether r was made of c (the model keeps one Reader and
// makes a new one when a copy of it is rebound to other code).
func (r *Reader) Made(c Config) bool {
	return r.host == c.Host && r.Model == c.Model && r.Index == c.Index && r.pass == c.Pass &&
		r.info == c.Info && r.pkg == c.Pkg && r.timeouts == c.Timeouts && r.ops == c.Ops && r.wnum == c.Wnum && r.copies == c.Copies
}

// lookup returns the table and entry of fn, a library's or a copy's;
// none for nil.
func (m *Reader) lookup(fn *types.Func) (*knowledge.Library, knowledge.Entry, bool) {
	if fn == nil {
		return nil, knowledge.Entry{}, false
	}
	return m.copies.Lookup(fn.Origin())
}

// inLib reports whether pkg is one of lib's packages, or a copy of one.
func (m *Reader) inLib(lib *site.Lib, pkg *types.Package) bool {
	return pkg != nil && lib.Has(m.copies.Path(pkg))
}

// callsLib reports whether call calls a function or method of lib.
func (m *Reader) callsLib(lib *site.Lib, call *ast.CallExpr) bool {
	fn := typesx.Callee(m.info, call)
	return fn != nil && m.inLib(lib, fn.Pkg())
}

// rereads reports whether the code of node before pos reads an object
// again or gives it a new name (outcomes.Describer.Rereads).
func (m *Reader) rereads(node ast.Node, before token.Pos) bool {
	return outcomes.New(m.info, m.pkg, m.host).Rereads(node, before)
}

// libread returns the library reader of package libread over the
// model's view of the code.
func (m *Reader) libread() *libread.Reader {
	return libread.New(m.info, m.pkg, m.pass.Files, m.host)
}

// inspector returns the pass's inspector of the package's files.
func (m *Reader) inspector() *inspector.Inspector {
	return m.pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
}
