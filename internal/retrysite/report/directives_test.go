package report_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/policy"
)

// fakeRule returns an analyzer named like a retrylint rule that reports,
// through a Reporter, every call of the function named callee, as a
// finding of the innermost for loop around it (a retry site of its own)
// or of no site; with owner, it also reports the directive problems, as
// the directives analyzer does.
func fakeRule(name, callee string, owner bool) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: name,
		Doc:  "report calls of " + callee,
		Run: func(pass *analysis.Pass) (any, error) {
			dirs, _ := report.Parse(pass.Fset, pass.Files, pass.ReadFile, policy.SyncAPI)
			rep := report.NewReporter(pass, dirs)
			defer rep.Done()
			if owner {
				report.ReportDirectiveProblems(pass, dirs)
			}
			for _, f := range pass.Files {
				var stack []ast.Node
				ast.Inspect(f, func(n ast.Node) bool {
					if n == nil {
						stack = stack[:len(stack)-1]
						return true
					}
					stack = append(stack, n)
					if call, ok := n.(*ast.CallExpr); ok {
						if id, ok := call.Fun.(*ast.Ident); ok && id.Name == callee {
							rep.Report(loopAround(stack), analysis.Diagnostic{Pos: call.Pos(), Message: name + " finding"})
						}
					}
					return true
				})
			}
			return nil, nil
		},
	}
}

// loopAround returns the innermost for loop of stack as a retry site, in
// the body of the innermost function around it, or nil.
func loopAround(stack []ast.Node) *site.Site {
	for i := len(stack) - 1; i >= 0; i-- {
		if loop, ok := stack[i].(*ast.ForStmt); ok {
			s := &site.Site{Kind: site.Loop, Node: loop, Pos: loop.Pos()}
			for j := i - 1; j >= 0 && s.Func == nil; j-- {
				switch fn := stack[j].(type) {
				case *ast.FuncDecl:
					s.Func = fn.Body
				case *ast.FuncLit:
					s.Func = fn.Body
				}
			}
			return s
		}
	}
	return nil
}

// TestIgnoreOwner runs a rule that also reports, as the directives
// analyzer does, malformed directives and names of no analyzer.
func TestIgnoreOwner(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), fakeRule("maxretries", "many", true), "ignore")
}

// TestIgnoreOtherRule runs another rule: it uses and checks only the
// directives naming it.
func TestIgnoreOtherRule(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), fakeRule("fixedinterval", "slow", false), "ignoretwo")
}

// TestIgnoreSite runs a rule whose findings belong to retry sites: a
// directive covering the line where a site starts suppresses the rule's
// findings of the site wherever they are.
func TestIgnoreSite(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), fakeRule("fixedinterval", "slow", false), "ignoresite")
}
