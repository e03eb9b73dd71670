// Package corpustest holds the corpus regression test: retrylint over real
// modules that retry (testdata/corpus), compared with the classified
// findings kept in testdata/corpus/expected, one file per module, and with
// the retry sites labelled by hand in testdata/corpus/labels, one file per
// module. The first gives precision, the second recall.
//
// # Expected findings (precision)
//
// expected/<module>.txt holds every finding retrylint makes on the
// module's packages of packages.txt, each with a verdict (right or wrong)
// and a reason. A finding that appears or disappears fails the test.
// Precision is right / (right + wrong) over all expected files.
//
// # Labels (recall)
//
// labels/<module>.txt lists the retry sites of the module's packages of
// packages.txt, found independently of retrylint (by reading the code),
// one a line:
//
//	<module>@<version>/<path/file.go>:<from>-<to> <analyzer>[,<analyzer>...] -- <reason>
//	NOT <module>@<version>/<path/file.go>:<from>-<to> -- <reason>
//
// from-to is the line span of the retry site: the retry loop, the
// recursive function, or the library call statement with its
// configuration. The analyzers are those a careful reviewer would expect
// to report it (fixedinterval, maxretries, notimeout, nonretryable,
// idemkey). A NOT line marks a loop that looks like a retry and is not (a
// poll, a drain, pagination, an error-chain walk, a protocol exchange).
// Lines starting with # are comments.
//
// The matching rules:
//
//   - Each analyzer of a label is one labelled pair (site, analyzer).
//   - A pair is found when some finding of that analyzer, not classified
//     wrong, is in the label's file at a line from..to (inclusive; the
//     column does not matter). One finding may find several pairs (two
//     labels whose spans overlap), and several findings one pair.
//   - Recall is found pairs / labelled pairs, over all label files.
//   - A finding inside a NOT span (same file, line in the span) must be
//     classified wrong: one classified right fails the test.
//   - A finding classified right must find a labelled pair (a right
//     finding is a retry site the reviewer agreed with, so it must be
//     labelled): one that finds none fails the test.
//   - Every module of packages.txt has a label file (possibly empty but for
//     comments); every label names a file of a package listed in
//     packages.txt, at the version the corpus builds, within its lines.
//
// The test fails when total precision or recall drops below the
// thresholds minPrecision and minRecall (corpus_test.go).
package corpustest

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A label is one line of a label file.
type label struct {
	not       bool     // a NOT line: a trap, no retry
	file      string   // "module@version/path/file.go"
	from, to  int      // line span, inclusive
	analyzers []string // nil for a NOT line
	reason    string
	where     string // label file:line, for messages
}

// knownAnalyzers are the analyzers a label may name.
var knownAnalyzers = []string{"fixedinterval", "maxretries", "notimeout", "nonretryable", "idemkey"}

// parseLabels reads a label file; name is used in errors.
func parseLabels(name string, data []byte) ([]label, error) {
	var ls []label
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		l, err := parseLabel(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		l.where = fmt.Sprintf("%s:%d", name, n)
		ls = append(ls, l)
	}
	return ls, sc.Err()
}

// parseLabel parses one label line (not a comment).
func parseLabel(line string) (label, error) {
	head, reason, ok := strings.Cut(line, " -- ")
	if !ok || strings.TrimSpace(reason) == "" {
		return label{}, fmt.Errorf("no \" -- reason\" in %q", line)
	}
	var l label
	l.reason = strings.TrimSpace(reason)
	fields := strings.Fields(head)
	if len(fields) > 0 && fields[0] == "NOT" {
		l.not = true
		fields = fields[1:]
		if len(fields) != 1 {
			return label{}, fmt.Errorf("want NOT <file>:<from>-<to> -- <reason>, got %q", line)
		}
	} else if len(fields) != 2 {
		return label{}, fmt.Errorf("want <file>:<from>-<to> <analyzers> -- <reason>, got %q", line)
	}
	pos := fields[0]
	colon := strings.LastIndex(pos, ":")
	if colon < 0 {
		return label{}, fmt.Errorf("no :<from>-<to> in %q", pos)
	}
	l.file = pos[:colon]
	if !strings.Contains(l.file, "@") || !strings.HasSuffix(l.file, ".go") {
		return label{}, fmt.Errorf("want <module>@<version>/<file.go>, got %q", l.file)
	}
	from, to, ok := strings.Cut(pos[colon+1:], "-")
	if !ok {
		return label{}, fmt.Errorf("want a line span <from>-<to>, got %q", pos[colon+1:])
	}
	var err error
	if l.from, err = strconv.Atoi(from); err != nil {
		return label{}, fmt.Errorf("bad line %q in %q", from, pos)
	}
	if l.to, err = strconv.Atoi(to); err != nil {
		return label{}, fmt.Errorf("bad line %q in %q", to, pos)
	}
	if l.from < 1 || l.to < l.from {
		return label{}, fmt.Errorf("bad span %d-%d in %q", l.from, l.to, pos)
	}
	if l.not {
		return l, nil
	}
	for a := range strings.SplitSeq(fields[1], ",") {
		if !slices.Contains(knownAnalyzers, a) {
			return label{}, fmt.Errorf("unknown analyzer %q (want one of %s)", a, strings.Join(knownAnalyzers, ", "))
		}
		if slices.Contains(l.analyzers, a) {
			return label{}, fmt.Errorf("analyzer %q named twice", a)
		}
		l.analyzers = append(l.analyzers, a)
	}
	return l, nil
}

// module returns the module path of a label's file.
func (l label) module() string {
	m, _, _ := strings.Cut(l.file, "@")
	return m
}

// contains reports whether a position is in the label's span.
func (l label) contains(file string, line int) bool {
	return file == l.file && l.from <= line && line <= l.to
}

// A scored finding is one finding of the run with its verdict.
type scoredFinding struct {
	key      string // as in the expected files
	file     string // "module@version/path/file.go"
	line     int
	analyzer string
	verdict  string // right, wrong, ? (not classified)
}

// parseFinding splits a finding key "module@version/file.go:line:col analyzer".
func parseFinding(key, verdict string) (scoredFinding, error) {
	pos, analyzer, ok := strings.Cut(key, " ")
	if !ok {
		return scoredFinding{}, fmt.Errorf("no analyzer in finding %q", key)
	}
	parts := strings.Split(pos, ":")
	if len(parts) < 3 {
		return scoredFinding{}, fmt.Errorf("want file:line:col in finding %q", key)
	}
	line, err := strconv.Atoi(parts[len(parts)-2])
	if err != nil {
		return scoredFinding{}, fmt.Errorf("bad line in finding %q", key)
	}
	return scoredFinding{
		key:      key,
		file:     strings.Join(parts[:len(parts)-2], ":"),
		line:     line,
		analyzer: analyzer,
		verdict:  verdict,
	}, nil
}

// A pair is one labelled (site, analyzer) pair.
type pair struct {
	label    label
	analyzer string
}

func (p pair) String() string {
	return fmt.Sprintf("%s:%d-%d %s -- %s", p.label.file, p.label.from, p.label.to, p.analyzer, p.label.reason)
}

// A score is what the matching rules give for one module (or, added up,
// for the corpus).
type score struct {
	right, wrong int      // findings by verdict
	unclassified int      // findings marked ?
	pairs, found int      // labelled pairs, and those found
	sites        int      // labelled sites (not NOT lines)
	missed       []pair   // pairs no finding found
	rightInNot   []string // findings classified right inside a NOT span
	unlabelled   []string // findings classified right that find no pair
}

func (s *score) add(o score) {
	s.right += o.right
	s.wrong += o.wrong
	s.unclassified += o.unclassified
	s.pairs += o.pairs
	s.found += o.found
	s.sites += o.sites
	s.missed = append(s.missed, o.missed...)
	s.rightInNot = append(s.rightInNot, o.rightInNot...)
	s.unlabelled = append(s.unlabelled, o.unlabelled...)
}

// precision is right / (right + wrong); 1 when there is no finding.
func (s score) precision() float64 {
	if s.right+s.wrong == 0 {
		return 1
	}
	return float64(s.right) / float64(s.right+s.wrong)
}

// recall is found / labelled pairs; 1 when nothing is labelled.
func (s score) recall() float64 {
	if s.pairs == 0 {
		return 1
	}
	return float64(s.found) / float64(s.pairs)
}

// match applies the matching rules (see the package doc) to the labels and
// findings of one module.
func match(labels []label, findings []scoredFinding) score {
	var s score
	for _, f := range findings {
		switch f.verdict {
		case "right":
			s.right++
		case "wrong":
			s.wrong++
		default:
			s.unclassified++
		}
	}
	usedRight := map[string]bool{}
	for _, l := range labels {
		if l.not {
			for _, f := range findings {
				if f.verdict == "right" && l.contains(f.file, f.line) {
					s.rightInNot = append(s.rightInNot, fmt.Sprintf("%s (in NOT %s:%d-%d, %s)", f.key, l.file, l.from, l.to, l.where))
				}
			}
			continue
		}
		s.sites++
		for _, a := range l.analyzers {
			s.pairs++
			found := false
			for _, f := range findings {
				if f.analyzer == a && f.verdict != "wrong" && l.contains(f.file, f.line) {
					found = true
					usedRight[f.key] = true
				}
			}
			if found {
				s.found++
			} else {
				s.missed = append(s.missed, pair{l, a})
			}
		}
	}
	for _, f := range findings {
		if f.verdict == "right" && !usedRight[f.key] {
			s.unlabelled = append(s.unlabelled, f.key)
		}
	}
	return s
}
