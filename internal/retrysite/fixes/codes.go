package fixes

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/policy"
	"golang.org/x/tools/go/analysis"
)

// Codes returns the R-4 fix of s: the non-retryable codes bad removed
// from the library's list of retried codes (knowledge.CodeList: a
// go-grpc-middleware WithCodes call, a gax OnCodes literal) when every
// code is a constant and a retryable code remains.
func Codes(pass *analysis.Pass, s *site.Site, bad []policy.GRPCCode) (analysis.SuggestedFix, bool) {
	if len(bad) == 0 || s.Retried == nil || len(s.Retried.HTTP) > 0 || s.Lib == nil || s.Lib.Advice.Codes.Setting == "" {
		return analysis.SuggestedFix{}, false
	}
	cl := s.Lib.Advice.Codes
	sts := s.All(cl.Setting)
	if len(sts) != 1 || len(cl.Overrides) > 0 && len(s.All(cl.Overrides...)) > 0 {
		return analysis.SuggestedFix{}, false
	}
	list := sts[0].Args
	if cl.Literal {
		lit, ok := ast.Unparen(sts[0].Arg(0)).(*ast.CompositeLit)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		list = lit.Elts
	}
	var keep []string
	removed := 0
	for _, a := range list {
		tv, ok := pass.TypesInfo.Types[a]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
			return analysis.SuggestedFix{}, false
		}
		v, ok := constant.Int64Val(tv.Value)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		if slices.Contains(bad, policy.GRPCCode(v)) {
			removed++
			continue
		}
		keep = append(keep, types.ExprString(a))
	}
	if removed == 0 || len(keep) == 0 || len(list) == 0 {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message: "Retry only " + strings.Join(keep, ", "),
		TextEdits: []analysis.TextEdit{{
			Pos:     list[0].Pos(),
			End:     list[len(list)-1].End(),
			NewText: []byte(strings.Join(keep, ", ")),
		}},
	}, true
}
