// Command sites prints the retry sites the model finds in packages, one
// line each (Site.Describe), to see what the model makes of real code:
//
//	go run ./internal/cmd/sites ./some/pkg
package main

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/singlechecker"
)

var show = &analysis.Analyzer{
	Name:     "sites",
	Doc:      "print every retry site the model finds",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
		for _, s := range res.Sites {
			var b strings.Builder
			b.WriteString(s.Describe())
			for _, w := range s.Waits {
				fmt.Fprintf(&b, " | wait %q shape=%d floors=%v at %v", w.Desc, w.Shape, w.Floors, pass.Fset.Position(w.Pos))
			}
			if !s.WaitsKnown {
				b.WriteString(" | waits?")
			}
			for _, op := range s.Ops {
				fmt.Fprintf(&b, " | op %s http=%v method=%q", types.ExprString(op.Call.Fun), op.HTTP, op.Method)
			}
			if r := s.Retried; r != nil {
				fmt.Fprintf(&b, " | retried http=%v grpc=%v cert=%v by %q", r.HTTP, r.GRPC, r.CertErrors, r.Decision)
			}
			if t := s.Timeouts; t != nil {
				fmt.Fprintf(&b, " | timeouts capped=%v cap=%v worst=%v callerctx=%v noattempt=%v calleronly=%v %q %q", t.Capped, t.TotalCap, t.Worst, t.CallerContext, t.NoAttemptTimeout != nil, t.CallerOnly, t.CapWhy, t.Note)
			}
			if s.Opaque {
				b.WriteString(" | opaque")
			}
			pass.Reportf(s.Pos, "%s", b.String())
		}
		return nil, nil
	},
}

func main() { singlechecker.Main(show) }
