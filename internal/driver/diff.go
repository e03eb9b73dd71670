package driver

import (
	"fmt"
	"slices"
	"strings"
)

// unified returns the unified diff of old and neu, with three lines of
// context, or "" if they are equal. It diffs lines with Myers'
// algorithm.
func unified(oldName, newName, old, neu string) string {
	if old == neu {
		return ""
	}
	a, b := splitLines(old), splitLines(neu)
	ops := diffLines(a, b)

	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	const ctx = 3
	// Group the ops into hunks: runs of changes with up to 2*ctx equal
	// lines between them.
	i := 0
	for i < len(ops) {
		if ops[i].kind == '=' {
			i++
			continue
		}
		start := max(i-ctx, 0)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != '=' {
				end = j + 1
				continue
			}
			if j-end >= 2*ctx {
				break
			}
		}
		stop := min(end+ctx, len(ops))
		h := ops[start:stop]
		aStart, bStart, aLen, bLen := h[0].a, h[0].b, 0, 0
		for _, op := range h {
			if op.kind != '+' {
				aLen++
			}
			if op.kind != '-' {
				bLen++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(aStart, aLen), hunkRange(bStart, bLen))
		for _, op := range h {
			line := b
			idx := op.b
			if op.kind == '-' {
				line, idx = a, op.a
			}
			prefix := " "
			if op.kind != '=' {
				prefix = string(op.kind)
			}
			out.WriteString(prefix + line[idx])
			if !strings.HasSuffix(line[idx], "\n") {
				out.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = stop
	}
	return out.String()
}

func hunkRange(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start) // the line before the empty range
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// splitLines splits s after each newline; the last line may lack one.
func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// An op is one line of an edit script: '=' (in both), '-' (only in a)
// or '+' (only in b), with the line's index in a and b (for '+', a is
// the index of the next line of a; for '-', b that of the next line of b).
type op struct {
	kind byte
	a, b int
}

// diffLines returns an edit script turning a into b: the common prefix
// and suffix, and Myers' shortest script for the lines between.
func diffLines(a, b []string) []op {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	q := 0
	for q < len(a)-p && q < len(b)-p && a[len(a)-1-q] == b[len(b)-1-q] {
		q++
	}
	var ops []op
	for i := range p {
		ops = append(ops, op{'=', i, i})
	}
	for _, o := range myers(a[p:len(a)-q], b[p:len(b)-q]) {
		ops = append(ops, op{o.kind, o.a + p, o.b + p})
	}
	for i := range q {
		ops = append(ops, op{'=', len(a) - q + i, len(b) - q + i})
	}
	return ops
}

// myers returns a shortest edit script turning a into b, in the number
// of inserted and deleted lines (Myers 1986, "An O(ND) Difference
// Algorithm"), keeping the diagonals of each step to walk back.
func myers(a, b []string) []op {
	n, m := len(a), len(b)
	maxD := n + m
	off := maxD + 1
	v := make([]int, 2*maxD+3)
	// trace[d] holds v[off-d-1 : off+d+2] as it was before step d.
	var trace [][]int
	dEnd := 0
search:
	for d := 0; d <= maxD; d++ {
		trace = append(trace, slices.Clone(v[off-d-1:off+d+2]))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1] // down: an insertion
			} else {
				x = v[off+k-1] + 1 // right: a deletion
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				dEnd = d
				break search
			}
		}
	}
	// Walk back from (n, m) through the trace.
	var rev []op
	x, y := n, m
	for d := dEnd; d > 0; d-- {
		prev := trace[d]
		at := func(k int) int { return prev[k+d+1] }
		k := x - y
		prevK := k - 1
		if k == -d || k != d && at(k-1) < at(k+1) {
			prevK = k + 1
		}
		prevX := at(prevK)
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
			rev = append(rev, op{'=', x, y})
		}
		if x == prevX {
			y--
			rev = append(rev, op{'+', x, y})
		} else {
			x--
			rev = append(rev, op{'-', x, y})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		rev = append(rev, op{'=', x, y})
	}
	slices.Reverse(rev)
	return rev
}
