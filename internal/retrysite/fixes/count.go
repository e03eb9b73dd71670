package fixes

import (
	"fmt"
	"strconv"

	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"golang.org/x/tools/go/analysis"
)

// Count returns the R-2 fix of s: the literal that sets the count
// rewritten so that the site makes want retries, in the unit the literal
// counts.
func Count(s *site.Site, want int) (analysis.SuggestedFix, bool) {
	lit := s.Bound.Lit
	if lit == nil {
		return analysis.SuggestedFix{}, false
	}
	v := want - s.Bound.LitOffset
	unit := "retries"
	if s.Bound.LitIsAttempts {
		v = want + 1 - s.Bound.LitOffset
		unit = "attempts"
	}
	if v < 0 {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message: fmt.Sprintf("Set the count to %d %s (%d %s)", v, unit, want, report.Plural(want, "retry", "retries")),
		TextEdits: []analysis.TextEdit{{
			Pos:     lit.Pos(),
			End:     lit.End(),
			NewText: []byte(strconv.Itoa(v)),
		}},
	}, true
}
