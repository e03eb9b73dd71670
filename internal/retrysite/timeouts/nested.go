package timeouts

import (
	"fmt"
	"go/ast"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/site"
)

// Nested describes a retry whose every attempt is a whole retry of a
// retrying client the package keeps (a loop over a helper that sends
// through a go-retryablehttp client): each attempt lasts up to the
// client's own worst case, so the loop's worst case is the product,
// with the loop's waits between (issue: "a retrying client called from
// inside a hand-written retry loop multiplies both"). It applies to a
// loop with a known count and known waits that nothing caps, when the
// product is more than the worst case found without it; inner is the
// client's worst case, via its name for the message.
func (d *Describer) Nested(s *site.Site, inner time.Duration, via string) {
	t := s.Timeouts
	if t == nil || t.Capped || t.OffByDefault || inner <= 0 || !s.Bound.Known() || !s.WaitsKnown {
		return
	}
	r := d.m.newTres([]ast.Node{s.Node})
	worst, calc, _ := worstCase(s.Bound.Retries+1, inner, r.loopWaitsFact(s))
	if worst <= t.Worst {
		return // the attempts' own timeouts, or the waits alone, give more
	}
	t.Worst = worst
	n := s.Bound.Retries + 1
	head := fmt.Sprintf("%d %s x %s timeout", n, report.Plural(n, "attempt", "attempts"), report.FormatDuration(inner))
	t.WorstCalc = fmt.Sprintf("%d %s, each a %s retry of up to %s", n, report.Plural(n, "attempt", "attempts"), via, report.FormatDuration(inner)) + strings.TrimPrefix(calc, head)
}
