package driver

import (
	"cmp"
	"encoding/json"
	"go/token"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"

	"github.com/retrylint/retrylint/internal/rules"
	"golang.org/x/tools/go/analysis"
)

// Doc splits an analyzer's Doc into the one-line summary (without the
// "name: " prefix) and the full description.
func Doc(a *analysis.Analyzer) (summary, full string) {
	first, rest, _ := strings.Cut(a.Doc, "\n")
	summary = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(first), a.Name+":"))
	return summary, strings.TrimSpace(rest)
}

const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	toolURI      = "https://github.com/retrylint/retrylint"
	srcRoot      = "%SRCROOT%"
	standardName = "Retry Policy"
)

type sarifLog struct {
	Version string     `json:"version"`
	Schema  string     `json:"$schema"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                `json:"tool"`
	Invocations        []sarifInvocation        `json:"invocations"`
	OriginalURIBaseIDs map[string]sarifArtifact `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                   `json:"columnKind"`
	Results            []sarifResult            `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string            `json:"name"`
	Version         string            `json:"version"`
	SemanticVersion string            `json:"semanticVersion,omitempty"`
	InformationURI  string            `json:"informationUri"`
	Rules           []sarifRule       `json:"rules"`
	Properties      *sarifDriverProps `json:"properties,omitempty"`
}

// sarifDriverProps name the commit retrylint was built from, when its
// build recorded it.
type sarifDriverProps struct {
	Revision string `json:"vcs.revision"`
	Modified bool   `json:"vcs.modified"`
}

type sarifRule struct {
	ID                   string         `json:"id"`
	Name                 string         `json:"name"`
	ShortDescription     sarifText      `json:"shortDescription"`
	FullDescription      sarifText      `json:"fullDescription"`
	Help                 sarifHelp      `json:"help"`
	HelpURI              string         `json:"helpUri,omitempty"`
	DefaultConfiguration sarifRuleConf  `json:"defaultConfiguration"`
	Properties           sarifRuleProps `json:"properties"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRuleConf struct {
	Level string `json:"level"`
}

type sarifRuleProps struct {
	Tags []string `json:"tags"`
	// Standard and StandardRules name the rules of the Retry Policy
	// standard the analyzer enforces.
	Standard      string   `json:"standard"`
	StandardRules []string `json:"standardRules"`
	Precision     string   `json:"precision"`
	Severity      string   `json:"problem.severity"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        int             `json:"ruleIndex"`
	Level            string          `json:"level"`
	Message          sarifText       `json:"message"`
	Locations        []sarifLocation `json:"locations"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
	Fixes            []sarifFix      `json:"fixes,omitempty"`
	Properties       map[string]any  `json:"properties,omitempty"`
}

type sarifLocation struct {
	ID               int           `json:"id,omitempty"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifText    `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifRegion struct {
	StartLine   int  `json:"startLine,omitempty"`
	StartColumn int  `json:"startColumn,omitempty"`
	EndLine     int  `json:"endLine,omitempty"`
	EndColumn   int  `json:"endColumn,omitempty"`
	ByteOffset  *int `json:"byteOffset,omitempty"`
	ByteLength  *int `json:"byteLength,omitempty"`
}

type sarifFix struct {
	Description     sarifText           `json:"description"`
	ArtifactChanges []sarifArtifactDiff `json:"artifactChanges"`
}

type sarifArtifactDiff struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent sarifText   `json:"insertedContent"`
}

// writeSARIF writes the findings as a SARIF 2.1.0 log with one run, whose
// tool is retrylint's build and whose rules are the analyzers, described
// from their Doc, URL and the rules of the standard they enforce. Paths
// are relative to base (the %SRCROOT% base id) when inside it; columns
// count UTF-16 code units, SARIF's default.
func writeSARIF(w io.Writer, build Build, analyzers []*analysis.Analyzer, fs []finding, errs []problem, base string) error {
	drv := sarifDriver{Name: "retrylint", Version: cmp.Or(build.Version, Devel), InformationURI: toolURI}
	if v, ok := strings.CutPrefix(build.Version, "v"); ok {
		drv.SemanticVersion = v // a module version is "v" and a SemVer 2.0 version
	}
	if build.Revision != "" {
		drv.Properties = &sarifDriverProps{Revision: build.Revision, Modified: build.Modified}
	}
	index := make(map[string]int)
	for _, a := range analyzers {
		index[a.Name] = len(drv.Rules)
		drv.Rules = append(drv.Rules, sarifRuleFor(a))
	}
	lines := newLineCache()
	results := []sarifResult{}
	for _, f := range fs {
		r := sarifResult{
			RuleID:    f.Analyzer.Name,
			RuleIndex: index[f.Analyzer.Name],
			Level:     "error",
			Message:   sarifText{f.Message},
			Locations: []sarifLocation{{PhysicalLocation: physical(f.Posn, f.End, base, lines)}},
		}
		if f.Category != "" {
			r.Properties = map[string]any{"category": f.Category}
		}
		for i, rel := range f.Related {
			r.RelatedLocations = append(r.RelatedLocations, sarifLocation{
				ID:               i + 1,
				PhysicalLocation: physical(rel.Posn, rel.End, base, lines),
				Message:          &sarifText{rel.Message},
			})
		}
		for _, fx := range f.Fixes {
			sf := sarifFix{Description: sarifText{fx.Message}}
			byFile := make(map[string]int)
			for _, e := range fx.Edits {
				i, ok := byFile[e.Filename]
				if !ok {
					i = len(sf.ArtifactChanges)
					byFile[e.Filename] = i
					sf.ArtifactChanges = append(sf.ArtifactChanges, sarifArtifactDiff{ArtifactLocation: artifact(e.Filename, base)})
				}
				off, n := e.Start, e.End-e.Start
				sf.ArtifactChanges[i].Replacements = append(sf.ArtifactChanges[i].Replacements, sarifReplacement{
					DeletedRegion:   sarifRegion{ByteOffset: &off, ByteLength: &n},
					InsertedContent: sarifText{e.New},
				})
			}
			r.Fixes = append(r.Fixes, sf)
		}
		results = append(results, r)
	}
	inv := sarifInvocation{ExecutionSuccessful: len(errs) == 0}
	for _, e := range errs {
		n := sarifNotification{Level: "error", Message: sarifText{e.Msg}}
		if e.Posn.Filename != "" {
			n.Locations = []sarifLocation{{PhysicalLocation: physical(e.Posn, token.Position{}, base, lines)}}
		}
		inv.Notifications = append(inv.Notifications, n)
	}
	run := sarifRun{
		Tool:        sarifTool{drv},
		Invocations: []sarifInvocation{inv},
		ColumnKind:  "utf16CodeUnits",
		Results:     results,
	}
	if base != "" {
		u := url.URL{Scheme: "file", Path: filepath.ToSlash(base) + "/"}
		run.OriginalURIBaseIDs = map[string]sarifArtifact{srcRoot: {URI: u.String()}}
	}
	log := sarifLog{Version: "2.1.0", Schema: sarifSchema, Runs: []sarifRun{run}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(log)
}

func sarifRuleFor(a *analysis.Analyzer) sarifRule {
	summary, full := Doc(a)
	r, _ := rules.Lookup(a.Name)
	tags := append([]string{"retry", "reliability"}, r.Rules...)
	help := cmp.Or(full, summary)
	// The help is what -explain prints: the standard's text of the
	// rules, then what is reported and how to fix it.
	if std := standardText(a); std != "" {
		help = std + "\n\n" + help
	}
	var md strings.Builder
	md.WriteString("**" + summary + "**\n\n")
	md.WriteString(help + "\n\nSuppress a finding with `//retrylint:ignore " + a.Name + " <reason>` on its line or the line above, or above its retry site (a loop, a recursive function, a retry call) for every finding of the site.")
	return sarifRule{
		ID:                   a.Name,
		Name:                 a.Name,
		ShortDescription:     sarifText{summary},
		FullDescription:      sarifText{help},
		Help:                 sarifHelp{Text: help, Markdown: md.String()},
		HelpURI:              a.URL,
		DefaultConfiguration: sarifRuleConf{Level: "error"},
		Properties: sarifRuleProps{
			Tags:          tags,
			Standard:      standardName,
			StandardRules: r.Rules,
			Precision:     "high",
			Severity:      "error",
		},
	}
}

func physical(posn, end token.Position, base string, lines *lineCache) sarifPhysical {
	reg := sarifRegion{StartLine: posn.Line, StartColumn: lines.utf16Col(posn.Filename, posn.Line, posn.Column)}
	if end.IsValid() && end.Filename == posn.Filename && (end.Line > posn.Line || end.Line == posn.Line && end.Column > posn.Column) {
		reg.EndLine = end.Line
		reg.EndColumn = lines.utf16Col(end.Filename, end.Line, end.Column)
	}
	return sarifPhysical{ArtifactLocation: artifact(posn.Filename, base), Region: reg}
}

func artifact(filename, base string) sarifArtifact {
	if rel, ok := relative(filename, base); ok {
		u := url.URL{Path: filepath.ToSlash(rel)}
		return sarifArtifact{URI: u.String(), URIBaseID: srcRoot}
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(filename)}
	return sarifArtifact{URI: u.String()}
}

// relative returns filename relative to base, if it is inside it.
func relative(filename, base string) (string, bool) {
	if base == "" || !filepath.IsAbs(filename) {
		return filename, !filepath.IsAbs(filename)
	}
	rel, err := filepath.Rel(base, filename)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

// baseDir returns the absolute directory paths are made relative to.
func baseDir(dir string) string {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	return abs
}

// A lineCache converts byte columns to UTF-16 columns, reading each file
// once.
type lineCache struct {
	files map[string][]string
}

func newLineCache() *lineCache { return &lineCache{files: make(map[string][]string)} }

// utf16Col converts the 1-based byte column col of line to a 1-based
// column in UTF-16 code units. It returns col when the line is unknown.
func (c *lineCache) utf16Col(filename string, line, col int) int {
	ls, ok := c.files[filename]
	if !ok {
		if data, err := os.ReadFile(filename); err == nil {
			ls = strings.Split(string(data), "\n")
		}
		c.files[filename] = ls
	}
	if line < 1 || line > len(ls) || col < 1 {
		return col
	}
	s := ls[line-1]
	if col-1 > len(s) {
		return col
	}
	n := 0
	for _, r := range s[:col-1] {
		n += utf16.RuneLen(r)
	}
	return n + 1
}
