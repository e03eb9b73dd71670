package valueindex

import (
	"go/ast"
	"go/types"
)

// The interpreter keeps what it computed for a same-package callee's
// body with given arguments (interp's inline memo), and gives it again
// instead of walking the body. Walking it also leaves marks in the index
// while a bound is computed: the objects resolved to one value (used),
// those met with several (multi), and the defaults the values came from
// (notes). So that an answer given again leaves the same marks, the
// index records, for each evaluation the interpreter keeps, what it
// left (a trace), and replays it when the answer is given again: each
// mark goes through the same door as the first time (recorded or not,
// noted or not, as the index is at the replay).

// traceKind says what a traceEvent marked.
type traceKind uint8

const (
	traceNote  traceKind = iota // a default noted (noteDefault)
	traceUsed                   // an object resolved to one value (mark)
	traceMulti                  // an object met with several values (mark)
)

// A traceEvent is one mark an evaluation left.
type traceEvent struct {
	kind traceKind
	v    *types.Var
	user ValueWrite
	at   ast.Expr
}

// trace adds e to the innermost trace being taken, if any.
func (vx *valueIndex) trace(e traceEvent) {
	if n := len(vx.traces); n > 0 {
		vx.traces[n-1] = append(vx.traces[n-1], e)
	}
}

// mark marks v, while a bound is recorded, as resolved to one value
// (traceUsed: used) or met with several (traceMulti: multi).
func (vx *valueIndex) mark(kind traceKind, v *types.Var) {
	vx.trace(traceEvent{kind: kind, v: v})
	list := &vx.used
	if kind == traceMulti {
		list = &vx.multi
	}
	if n := len(*list); vx.recording && (n == 0 || (*list)[n-1] != v) {
		*list = append(*list, v)
	}
}

// A Trace is what one kept evaluation left in the index.
type Trace []traceEvent

// BeginTrace starts taking a trace, inside any being taken.
func (x interpIndex) BeginTrace() {
	x.Index.Vx.traces = append(x.Index.Vx.traces, nil)
}

// EndTrace ends the innermost trace and returns it; what it holds is
// also what the trace around it, if any, holds.
func (x interpIndex) EndTrace() any {
	vx := x.Index.Vx
	n := len(vx.traces)
	t := vx.traces[n-1]
	vx.traces = vx.traces[:n-1]
	if n > 1 {
		vx.traces[n-2] = append(vx.traces[n-2], t...)
	}
	return Trace(t)
}

// Replay leaves the marks of a trace again.
func (x interpIndex) Replay(t any) {
	vx := x.Index.Vx
	for _, e := range t.(Trace) {
		switch e.kind {
		case traceNote:
			vx.NoteDefault(e.v, e.user, e.at)
		case traceUsed, traceMulti:
			vx.mark(e.kind, e.v)
		}
	}
}
