package ops_test

import (
	"fmt"
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/retrysite"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// showOps reports every HTTP operation of every site, with its method and
// what the model knows of its Idempotency-Key.
var showOps = &analysis.Analyzer{
	Name:     "showops",
	Doc:      "report the HTTP operations of every retry site",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
		for _, s := range res.Sites {
			if !s.Reports() {
				continue
			}
			for _, op := range s.Ops {
				if !op.HTTP {
					continue
				}
				pass.Reportf(op.Call.Pos(), "op %s %s %s", s.Kind, orQ(op.Method), describeKey(op.Key))
			}
		}
		return nil, nil
	},
}

func orQ(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

func describeKey(k *site.IdemKey) string {
	if k == nil {
		return "key=nil"
	}
	switch k.State {
	case site.KeyMissing:
		return "key=missing"
	case site.KeyPerAttempt:
		s := "key=per-attempt"
		if k.GenExpr != nil {
			s += " gen=" + types.ExprString(k.GenExpr)
		}
		return s
	case site.KeyConstant:
		return fmt.Sprintf("key=constant value=%q", k.Value)
	case site.KeyStable:
		return "key=stable"
	}
	return "key=unknown"
}

func TestOps(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), showOps, "ops")
}
