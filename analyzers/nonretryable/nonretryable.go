package nonretryable

import (
	_ "embed"
	"sort"
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

// Analyzer reports retries of outcomes that must not be retried: client
// errors, non-retryable gRPC codes and TLS certificate errors.
var Analyzer = &analysis.Analyzer{
	Name:     "nonretryable",
	Doc:      analysisdoc.MustExtract(doc, "nonretryable"),
	URL:      "https://github.com/retrylint/retrylint/tree/main/analyzers/nonretryable",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	rep := report.NewReporter(pass, res.Directives)
	defer rep.Done()
	for _, s := range res.Sites {
		if !s.Reports() || s.Retried == nil {
			continue
		}
		o := s.Retried
		var statuses []int
		for _, c := range o.HTTP {
			if policy.ClassifyHTTPStatus(c) == policy.NonRetryable {
				statuses = append(statuses, c)
			}
		}
		var codes []policy.GRPCCode
		for _, c := range o.GRPC {
			if policy.ClassifyGRPCCode(c) == policy.NonRetryable {
				codes = append(codes, c)
			}
		}
		sort.Slice(codes, func(i, j int) bool { return codes[i] < codes[j] })
		if len(statuses) > 0 || len(codes) > 0 {
			var what []string
			if len(statuses) > 0 {
				what = append(what, policy.DescribeHTTPStatuses(statuses))
			}
			if len(codes) > 0 {
				what = append(what, "gRPC "+grpcNames(codes))
			}
			d := analysis.Diagnostic{
				Pos: s.Pos,
				Message: report.Message("R-4", report.Subject(s, pass.TypesInfo), "retries "+strings.Join(what, " and ")+decision(o),
					"; "+fixHint(s), "; they must not be retried"),
			}
			if o.Pos.IsValid() && o.Pos != s.Pos {
				d.Related = []analysis.RelatedInformation{{Pos: o.Pos, Message: "the retry decision is made here"}}
			}
			if fix, ok := fixes.Codes(pass, s, codes); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
			rep.Report(s, d)
			decidedHere(rep, s, pass, "R-4", "retries "+strings.Join(what, " and "), "; they must not be retried")
		}
		if o.ConfigErrors != "" {
			d := analysis.Diagnostic{
				Pos: s.Pos,
				Message: report.Message("R-4", report.Subject(s, pass.TypesInfo), "retries "+o.ConfigErrors+" it tests for"+decision(o),
					"; return the error at once: waiting cannot fix it", "; it must not be retried"),
			}
			if o.Pos.IsValid() && o.Pos != s.Pos {
				d.Related = []analysis.RelatedInformation{{Pos: o.Pos, Message: "the error is classified here"}}
			}
			rep.Report(s, d)
		}
		if o.CertErrors {
			d := analysis.Diagnostic{
				Pos: s.Pos,
				Message: report.Message("R-9", report.Subject(s, pass.TypesInfo), certWhat(o)+decision(o),
					"; surface them at once: they may be a MITM", "; surface them at once"),
			}
			if o.Pos.IsValid() && o.Pos != s.Pos {
				d.Related = []analysis.RelatedInformation{{Pos: o.Pos, Message: "the retry decision is made here"}}
			}
			rep.Report(s, d)
			decidedHere(rep, s, pass, "R-9", certWhat(o), "; surface them at once")
		}
	}
	return nil, nil
}

// decidedHere reports, where the fix goes, a copy of a finding at the
// retry decision when another function of the package makes it (a
// CheckRetry literal installed by a configure function): once per
// decision.
func decidedHere(rep *report.Reporter, s *site.Site, pass *analysis.Pass, rule, what, hint string) {
	rep.ReportCopy(s, analysis.Diagnostic{
		Message: report.Message(rule, report.Subject(s, pass.TypesInfo), what+", the decision made here", hint),
	}, s.Retried.Pos, "")
}

// certWhat says how a site retries certificate errors.
func certWhat(o *site.Outcomes) string {
	switch {
	case o.Unclassified:
		return "retries every error, TLS certificate errors included"
	case o.CertTest != "":
		return "retries TLS certificate errors: its " + o.CertTest + " test never matches an HTTP client's error"
	}
	return "retries TLS certificate errors"
}

func decision(o *site.Outcomes) string {
	if o.Decision == "" {
		return ""
	}
	return " (" + o.Decision + ")"
}

func grpcNames(cs []policy.GRPCCode) string {
	var names []string
	for _, c := range cs {
		names = append(names, c.String())
	}
	return strings.Join(names, ", ")
}

// fixHint says how to stop retrying, in the terms of the site's library.
func fixHint(s *site.Site) string {
	if s.Lib == nil {
		return "return or break on them instead of retrying"
	}
	for _, h := range s.Lib.Advice.StopIf {
		if s.Last(h.Setting) != nil {
			return h.Hint
		}
	}
	if s.Lib.Advice.Stop != "" {
		return s.Lib.Advice.Stop
	}
	return "stop retrying them"
}
