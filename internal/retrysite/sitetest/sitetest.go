// Package sitetest holds the analyzers the model's tests run over their
// testdata to state, with // want comments, what the model sees: Show
// (every site, described in one line), ShowWaits (every site's waits)
// and WithRules (one of them and some rules over one pass). The tests of
// package retrysite and of the packages it is split into (waits,
// notretry...) share them; the model itself never imports this package.
package sitetest

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/retrysite"
)

// Show reports every site the model finds, described in one line, so
// that testdata can state what the model must see with // want comments,
// and what it must not see by the absence of one.
var Show = &analysis.Analyzer{
	Name:     "showsites",
	Doc:      "report every retry site the model finds",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
		for _, s := range res.Sites {
			pass.Reportf(s.Pos, "%s", s.Describe())
		}
		return nil, nil
	},
}

// ShowCorpus reports every site the model finds with what it knows of the
// site's waits: "; waits unknown", "; no wait" or "; N waits".
var ShowCorpus = &analysis.Analyzer{
	Name:     "showcorpus",
	Doc:      "report every retry site the model finds, with its waits",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
		for _, s := range res.Sites {
			waits := fmt.Sprintf("%d waits", len(s.Waits))
			switch {
			case !s.WaitsKnown:
				waits = "waits unknown"
			case len(s.Waits) == 0:
				waits = "no wait"
			}
			pass.Reportf(s.Pos, "%s; %s", s.Describe(), waits)
		}
		return nil, nil
	},
}

// ShowWaits reports what the model knows of every site's waits: each
// wait at its position ("sleep exponential backoff without jitter:
// doubles from 1s"), "no wait" at a site that retries at once, "waits
// unknown" at a site whose waits the model cannot see.
var ShowWaits = &analysis.Analyzer{
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
				msg := fmt.Sprintf("%s %s: %s", KindName(w.Kind), w.Shape, w.Desc)
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

// KindName is the word ShowWaits gives a wait's kind.
func KindName(k retrysite.WaitKind) string {
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

// WithRules returns an analyzer that runs a model-showing analyzer and
// then the given rules over one pass, so that one test package states
// what the model sees and what each rule reports, without a copy of it
// in each rule's testdata.
func WithRules(show *analysis.Analyzer, rules ...*analysis.Analyzer) *analysis.Analyzer {
	return Together(show.Name+"withrules", append([]*analysis.Analyzer{show}, rules...)...)
}

// Together returns an analyzer, named name, that runs the analyzers as
// over one pass, as the drivers do. Each runs with a copy of the pass that
// names it, so that its Reporter matches directives by its name.
func Together(name string, as ...*analysis.Analyzer) *analysis.Analyzer {
	seen := make(map[*analysis.Analyzer]bool)
	var req []*analysis.Analyzer
	for _, a := range as {
		for _, r := range a.Requires {
			if !seen[r] {
				seen[r] = true
				req = append(req, r)
			}
		}
	}
	return &analysis.Analyzer{
		Name:     name,
		Doc:      "run the analyzers " + name + " holds together",
		Requires: req,
		Run: func(pass *analysis.Pass) (any, error) {
			for _, a := range as {
				p := *pass
				p.Analyzer = a
				if _, err := a.Run(&p); err != nil {
					return nil, err
				}
			}
			return nil, nil
		},
	}
}
