package driver

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"maps"
	"os"
	"slices"
)

// applyFixes applies the first suggested fix of every finding, as the
// go/analysis drivers do: a fix whose edits overlap an accepted fix's
// (other than by repeating them) is skipped, as are fixes in generated
// files; each changed file is gofmt'ed. With cfg.Diff the changes are
// printed as a unified diff instead of written.
func applyFixes(cfg Config, fs []finding) error {
	accepted := make(map[string][]edit) // file -> sorted, disjoint edits
	var total, applied, generated int
	for _, f := range fs {
		if len(f.Fixes) == 0 {
			continue
		}
		fx := f.Fixes[0]
		total++
		if fx.Generated {
			generated++
			continue
		}
		next := make(map[string][]edit)
		ok := true
		for _, e := range fx.Edits {
			es, has := next[e.Filename]
			if !has {
				es = accepted[e.Filename]
			}
			es, ok = addEdit(es, e)
			if !ok {
				break
			}
			next[e.Filename] = es
		}
		if !ok {
			continue
		}
		maps.Copy(accepted, next)
		applied++
	}

	for _, file := range slices.Sorted(maps.Keys(accepted)) {
		old, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		neu, err := apply(old, accepted[file])
		if err != nil {
			return fmt.Errorf("%s: %v (was it changed during the run?)", file, err)
		}
		if formatted, err := format.Source(neu); err == nil {
			neu = formatted
		}
		if bytes.Equal(old, neu) {
			continue
		}
		if cfg.Diff {
			fmt.Fprint(cfg.Stdout, unified(file+" (old)", file+" (new)", string(old), string(neu)))
			continue
		}
		mode := os.FileMode(0o644)
		if st, err := os.Stat(file); err == nil {
			mode = st.Mode().Perm()
		}
		if err := os.WriteFile(file, neu, mode); err != nil {
			return err
		}
	}
	if skipped := total - applied - generated; skipped > 0 {
		if cfg.Diff {
			return fmt.Errorf("%d of %d fixes skipped: they overlap others", skipped, total)
		}
		return fmt.Errorf("applied %d of %d fixes; the others overlap them: run again to apply more", applied, total)
	}
	return nil
}

// addEdit adds e to the sorted, disjoint edits es. It reports false if e
// conflicts with one of them: the ranges overlap, an insertion falls
// inside a replacement, or two different insertions share a point. An
// edit equal to one already there is accepted once.
func addEdit(es []edit, e edit) ([]edit, bool) {
	for _, o := range es {
		if o == e {
			return es, true
		}
		switch {
		case e.Start < o.End && o.Start < e.End: // proper overlap
			return es, false
		case e.Start == e.End && o.Start < e.Start && e.Start < o.End: // insertion inside o
			return es, false
		case o.Start == o.End && e.Start < o.Start && o.Start < e.End: // o inserts inside e
			return es, false
		case e.Start == e.End && o.Start == o.End && e.Start == o.Start: // two insertions at one point
			return es, false
		}
	}
	out := append(slices.Clone(es), e)
	slices.SortStableFunc(out, func(a, b edit) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	return out, true
}

// apply applies sorted, disjoint edits to src.
func apply(src []byte, es []edit) ([]byte, error) {
	var b bytes.Buffer
	last := 0
	for _, e := range es {
		if e.Start < last || e.End < e.Start || e.End > len(src) {
			return nil, fmt.Errorf("edit [%d,%d) out of bounds", e.Start, e.End)
		}
		b.Write(src[last:e.Start])
		b.WriteString(e.New)
		last = e.End
	}
	b.Write(src[last:])
	return b.Bytes(), nil
}
