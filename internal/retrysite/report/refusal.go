package report

import (
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"golang.org/x/tools/go/analysis"
)

// Refusal returns the finding about a site whose library refuses its
// configuration before the first attempt (site.Refusal), when the
// refusal breaks one of rules, the reporting analyzer's own rule first.
// The finding is at the configuration, in the library's words after the
// subject: "R-2: retry.Do of fetch refuses its retry.Policy:
// MaxRetries 20 is outside the async event processing range 1-10". A
// refusal under another of the rules keeps its own in the words
// ("... needs a DeadLetter hook (R-8)").
func Refusal(s *site.Site, info *types.Info, rules ...string) (analysis.Diagnostic, bool) {
	r := s.Refused
	if r == nil || len(rules) == 0 || !slices.Contains(rules, r.Rule) {
		return analysis.Diagnostic{}, false
	}
	reason := r.Reason
	if r.Rule != rules[0] {
		reason = r.Error()
	}
	d := analysis.Diagnostic{
		Pos:     r.Pos,
		End:     r.End,
		Message: Message(rules[0], Subject(s, info), "refuses its "+r.Type+": "+reason),
	}
	if r.Pos != s.Pos {
		d.Related = []analysis.RelatedInformation{{Pos: s.Pos, Message: "the " + r.Type + " is given here, and no attempt is made"}}
	}
	return d, true
}
