package waits_test

import (
	"fmt"
	"testing"

	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// The waits package runs inside the retrysite Analyzer; its tests run
// the Analyzer over testdata/src/waits and check the waits every site
// gets.

// showWaits reports what the model knows of every site's waits: each wait
// at its position ("sleep exponential backoff without jitter: doubles
// from 1s"), "no wait" at a site that retries at once, "waits unknown" at
// a site whose waits the model cannot see.
var showWaits = &analysis.Analyzer{
	Name:     "showwaits",
	Doc:      "report the waits of every retry site the model finds",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
		for _, s := range res.Sites {
			if !s.Reports() {
				// A helper call shares its helper's waits.
				pass.Reportf(s.Pos, "helper call: %d waits, known %v", len(s.Waits), s.WaitsKnown)
				continue
			}
			switch {
			case !s.WaitsKnown:
				pass.Reportf(s.Pos, "waits unknown")
			case len(s.Waits) == 0:
				pass.Reportf(s.Pos, "no wait")
			}
			for _, w := range s.Waits {
				msg := fmt.Sprintf("%s %s: %s", kindName(w.Kind), w.Shape, w.Desc)
				if w.Attempt != nil {
					msg += " [attempt " + w.Attempt.Name() + "]"
				}
				if w.Default != "" {
					msg += " [" + w.Default + "]"
				}
				pass.Reportf(w.Pos, "%s", msg)
			}
		}
		return nil, nil
	},
}

func kindName(k retrysite.WaitKind) string {
	switch k {
	case retrysite.WaitSleep:
		return "sleep"
	case retrysite.WaitAfter:
		return "after"
	case retrysite.WaitTimer:
		return "timer"
	case retrysite.WaitTicker:
		return "ticker"
	case retrysite.WaitLibrary:
		return "library"
	case retrysite.WaitHelper:
		return "helper"
	}
	return "?"
}

// TestWaits covers the waits of hand-written sites: the primitives,
// helpers, timers and tickers, channel variables, select forms, response
// predicates and waits computed with no random draw.
func TestWaits(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), showWaits, "waits")
}
