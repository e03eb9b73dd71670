package driver

import (
	"cmp"
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// A finding is one diagnostic of a root action, with its positions
// resolved.
type finding struct {
	// Pkg is the ID of the package it is reported in; of a package and
	// its test variant, the package.
	Pkg      string
	Analyzer *analysis.Analyzer
	Posn     token.Position
	End      token.Position
	Message  string
	Category string
	Related  []related
	Fixes    []fix
}

type related struct {
	Posn, End token.Position
	Message   string
}

// A fix is a suggested fix with its edits resolved to byte offsets.
type fix struct {
	Message string
	Edits   []edit
	// Generated is set when an edit falls in a generated file; such
	// fixes are not applied.
	Generated bool
}

type edit struct {
	Filename   string
	Start, End int // byte offsets
	New        string
}

// collect returns the findings of the graph's root actions, without the
// duplicates of files analyzed in two packages (p and its test variant),
// sorted by position.
func collect(g *checker.Graph) []finding {
	type key struct {
		posn, end token.Position
		analyzer  string
		message   string
	}
	seen := make(map[key]int) // index in out
	var out []finding
	for act := range g.All() {
		if !act.IsRoot || act.Err != nil || len(act.Diagnostics) == 0 {
			continue
		}
		fset := act.Package.Fset
		generated := make(map[*token.File]bool)
		for _, f := range act.Package.Syntax {
			if ast.IsGenerated(f) {
				generated[fset.File(f.FileStart)] = true
			}
		}
		for _, d := range act.Diagnostics {
			f := finding{
				Analyzer: act.Analyzer,
				Posn:     fset.Position(d.Pos),
				End:      fset.Position(cmp.Or(d.End, d.Pos)),
				Message:  d.Message,
				Category: d.Category,
			}
			k := key{f.Posn, f.End, act.Analyzer.Name, d.Message}
			if i, ok := seen[k]; ok {
				// The same file in p and in its test variant
				// "p [p.test]": attribute it to p.
				if len(act.Package.ID) < len(out[i].Pkg) {
					out[i].Pkg = act.Package.ID
				}
				continue
			}
			seen[k] = len(out)
			f.Pkg = act.Package.ID
			for _, r := range d.Related {
				f.Related = append(f.Related, related{fset.Position(r.Pos), fset.Position(cmp.Or(r.End, r.Pos)), r.Message})
			}
			for _, sf := range d.SuggestedFixes {
				fx := fix{Message: sf.Message}
				for _, e := range sf.TextEdits {
					tf := fset.File(e.Pos)
					if tf == nil {
						continue
					}
					end := cmp.Or(e.End, e.Pos)
					fx.Edits = append(fx.Edits, edit{tf.Name(), tf.Offset(e.Pos), tf.Offset(end), string(e.NewText)})
					fx.Generated = fx.Generated || generated[tf]
				}
				f.Fixes = append(f.Fixes, fx)
			}
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b finding) int {
		return cmp.Or(
			cmp.Compare(a.Posn.Filename, b.Posn.Filename),
			cmp.Compare(a.Posn.Offset, b.Posn.Offset),
			cmp.Compare(a.Analyzer.Name, b.Analyzer.Name),
			cmp.Compare(a.Message, b.Message),
		)
	})
	return out
}
