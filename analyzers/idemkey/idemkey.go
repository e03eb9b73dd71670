package idemkey

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisdoc"
	"github.com/retrylint/retrylint/internal/retrysite"
	"github.com/retrylint/retrylint/internal/retrysite/fixes"
	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/policy"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports retries of POST and PATCH requests that do not carry
// one stable Idempotency-Key per operation.
var Analyzer = &analysis.Analyzer{
	Name:     "idemkey",
	Doc:      analysisdoc.MustExtract(doc, "idemkey"),
	URL:      "https://github.com/retrylint/retrylint/tree/main/analyzers/idemkey",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	rep := report.NewReporter(pass, res.Directives)
	defer rep.Done()
	reported := make(map[token.Pos]bool)
	fixed := make(map[ast.Expr]bool)
	for _, s := range res.Sites {
		if !s.Reports() || s.Bound.NeverRetries() {
			continue
		}
		for _, op := range s.Ops {
			if op == nil || op.Call == nil || !op.HTTP || op.Key == nil || !(policy.RequiresIdempotencyKey(op.Method) || op.Method == site.MethodAny) {
				continue
			}
			d, ok := diagnose(pass, s, op)
			if !ok || reported[d.Pos] {
				continue
			}
			reported[d.Pos] = true
			if op.Key.State == site.KeyPerAttempt && op.Key.GenExpr != nil && !fixed[op.Key.GenExpr] {
				if fix, ok := fixes.HoistKey(pass, s, op.Key.GenExpr); ok {
					fixed[op.Key.GenExpr] = true
					d.SuggestedFixes = []analysis.SuggestedFix{fix}
				}
			}
			rep.Report(s, d)
		}
	}
	return nil, nil
}

// diagnose builds the finding for one operation, if its key breaks R-6.
func diagnose(pass *analysis.Pass, s *site.Site, op *site.Op) (analysis.Diagnostic, bool) {
	subject := report.Subject(s, pass.TypesInfo)
	what := ""
	if op.Method == site.MethodAny {
		what = "retries whatever request it is handed, POST and PATCH included, and "
	} else if !strings.Contains(subject, "("+op.Method) {
		what = fmt.Sprintf("retries a %s request", op.Method)
		if op.Callee != nil && op.Callee.Pkg() == pass.Pkg {
			what += " (sent by " + op.Callee.Name() + ")"
		}
		what += " and "
	}
	d := analysis.Diagnostic{Pos: op.Call.Pos(), End: op.Call.End()}
	sentAt := token.NoPos // the send, when the finding goes elsewhere
	switch {
	case op.Method == site.MethodAny && s.Kind == site.Library && s.Node != nil && (op.Call.Pos() < s.Node.Pos() || s.Node.End() < op.Call.End()):
		// A retrying client installed for every request the package
		// is handed: the finding goes where it is installed.
		d.Pos, d.End, sentAt = s.Node.Pos(), s.Node.End(), op.Call.Pos()
	case s.Policy != nil && s.Policy.Node != nil:
		// A send through a client kept in a field: the finding goes
		// where the client's retry policy is set.
		d.Pos, d.End, sentAt = s.Policy.Node.Pos(), s.Policy.Node.End(), op.Call.Pos()
	}
	k := op.Key
	switch k.State {
	case site.KeyMissing:
		d.Message = report.Message("R-6", subject, what+"sends no "+policy.IdempotencyKeyHeader+" header",
			"; set one key per operation on every attempt", "; add one per operation")
	case site.KeyPerAttempt:
		gen := "a new key"
		if k.GenExpr != nil {
			gen = types.ExprString(k.GenExpr)
			if len(gen) > 30 {
				gen = "its generator"
			}
		}
		d.Message = report.Message("R-6", subject, what+fmt.Sprintf("makes a new %s on every attempt (%s)", policy.IdempotencyKeyHeader, gen),
			"; make it once, before the first attempt", "; make it once")
		if k.Gen.IsValid() {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: k.Gen, Message: "the key is generated here, on every attempt"})
		}
	case site.KeyConstant:
		key := "a constant " + policy.IdempotencyKeyHeader
		if k.Value != "" {
			key = fmt.Sprintf("the constant %s %q", policy.IdempotencyKeyHeader, abbrev(k.Value))
		}
		long := ""
		if n := len(k.Value); n > policy.MaxIdempotencyKeyLength {
			long = fmt.Sprintf(" of %d characters (at most %d)", n, policy.MaxIdempotencyKeyLength)
		}
		d.Message = report.Message("R-6", subject, what+"sends "+key+long+" for every operation",
			"; use one UUID v4 per operation", "; use one per operation")
		if k.Set.IsValid() && k.Set != op.Call.Pos() {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: k.Set, Message: "the constant key is set here"})
		}
	default:
		return d, false
	}
	if op.MethodPos.IsValid() && op.MethodPos != op.Call.Pos() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: op.MethodPos, Message: "the method is " + op.Method + " here"})
	}
	if sentAt.IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: sentAt, Message: "the request is sent here"})
	} else if s.Pos.IsValid() && s.Pos != op.Call.Pos() && !op.Users {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: s.Pos, Message: "the " + s.Title() + " is here"})
	}
	return d, true
}

func abbrev(s string) string {
	if len(s) > 24 {
		return s[:21] + "..."
	}
	return s
}
