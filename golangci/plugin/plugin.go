// Package plugin registers retrylint's analyzers as golangci-lint module
// plugins (github.com/golangci/plugin-module-register), one linter per
// analyzer: fixedinterval, maxretries, notimeout, nonretryable, idemkey.
// Each linter is named after its analyzer, so `enable` lists,
// `//nolint:fixedinterval` and SARIF rule ids name the rule. Each
// finding is one issue: related positions are not reported (see
// oneIssue), so //nolint:NAME on a finding suppresses all of it.
//
// Every linter accepts the same settings, the options shared by all
// retrylint analyzers (the flags of the retrysite analyzer, which the
// retrylint binary and go vet expose as -context, -ranges and
// -key-headers):
//
//	settings:
//	  context: async             # -context
//	  ranges: {sync: "1-3"}      # -ranges=sync=1-3
//	  key-headers: [X-Request-Key] # -key-headers=X-Request-Key
//
// Settings are decoded strictly (an unknown key is an error). They are
// shared: give them on one linter or on several, but linters that give
// the same setting must agree.
package plugin

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/golangci/plugin-module-register/register"
	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis"
)

func init() {
	for _, a := range analyzers.All() {
		register.Plugin(a.Name, func(conf any) (register.LinterPlugin, error) {
			return newLinter(a, conf)
		})
	}
}

// Settings are a linter's settings in .golangci.yml.
type Settings struct {
	// Context is the retry context of code with no
	// //retrylint:context directive (-context).
	Context string `json:"context"`
	// Ranges tighten the allowed retry ranges per context, as
	// {sync: "1-3", webhook: "3-6"} (-ranges).
	Ranges map[string]string `json:"ranges"`
	// KeyHeaders are extra header names accepted as idempotency keys
	// (-key-headers).
	KeyHeaders []string `json:"key-headers"`
}

// flagValues renders s as values of the retrysite analyzer's flags,
// keyed by flag name; settings not given are absent.
func (s Settings) flagValues() map[string]string {
	m := make(map[string]string)
	if s.Context != "" {
		m["context"] = s.Context
	}
	if len(s.Ranges) > 0 {
		var parts []string
		for _, c := range slices.Sorted(maps.Keys(s.Ranges)) {
			parts = append(parts, c+"="+s.Ranges[c])
		}
		m["ranges"] = strings.Join(parts, ",")
	}
	if len(s.KeyHeaders) > 0 {
		m["key-headers"] = strings.Join(s.KeyHeaders, ",")
	}
	return m
}

// shared records which linter set each shared option, so that linters
// giving the same setting differently are an error whatever the order
// golangci-lint builds them in. It is driver state, written while
// golangci-lint loads its configuration, never during analysis.
var shared struct {
	sync.Mutex
	by    map[string]string // flag name -> linter that set it
	value map[string]string // flag name -> value
}

type linter struct {
	a *analysis.Analyzer
}

// oneIssue returns a copy of a that reports its diagnostics without
// their related information. golangci-lint turns each related position
// into an issue of its own ("NAME(related information): ..."), which
// would count one finding several times and survive a //nolint:NAME on
// the finding; the finding's message already names the retried
// operation and the evidence, and the other drivers keep the related
// positions. The copy shares a's name, flags and requirements (the
// retrysite model is computed once for all linters).
func oneIssue(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	c.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			d.Related = nil
			pass.Report(d)
		}
		return a.Run(&p)
	}
	return &c
}

func newLinter(a *analysis.Analyzer, conf any) (*linter, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, fmt.Errorf("%s settings (want context, ranges, key-headers): %w", a.Name, err)
	}
	if err := apply(a.Name, s.flagValues()); err != nil {
		return nil, err
	}
	return &linter{a: oneIssue(a)}, nil
}

// apply sets the retrysite analyzer's flags from one linter's settings.
func apply(name string, vals map[string]string) error {
	shared.Lock()
	defer shared.Unlock()
	if shared.by == nil {
		shared.by = make(map[string]string)
		shared.value = make(map[string]string)
	}
	for _, flagName := range slices.Sorted(maps.Keys(vals)) {
		v := vals[flagName]
		if prev, ok := shared.value[flagName]; ok {
			if prev != v {
				return fmt.Errorf("%s settings: %s %q conflicts with %q set by %s: the retrylint linters share their settings", name, flagName, v, prev, shared.by[flagName])
			}
			continue
		}
		if err := retrysite.Analyzer.Flags.Set(flagName, v); err != nil {
			return fmt.Errorf("%s settings: %s: %w", name, flagName, err)
		}
		shared.by[flagName], shared.value[flagName] = name, v
	}
	return nil
}

func (l *linter) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{l.a}, nil
}

// GetLoadMode is typesinfo: the analyzers need types, not SSA or the
// syntax of dependencies.
func (l *linter) GetLoadMode() string { return register.LoadModeTypesInfo }
