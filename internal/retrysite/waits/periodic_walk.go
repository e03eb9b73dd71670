package waits

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// backWalk is the state failurePathRetry's walks share: one function, one
// loop, up to five scenarios walked over the same nodes. What it keeps
// depends on the function's body only, so each walk reads it instead of
// finding it again (the waits of each node).
type backWalk struct {
	*Walk
	hits map[ast.Node][]*Hit // waitsIn's hits, whether or not it was sure
	// visits counts, in a walk that widens, the times each block was
	// taken (periodic_backoff.go); nil in a walk that does not.
	visits map[int32]int
	// seen, queue and kb are pathsBack's, kept from one walk to the
	// next for their memory only (each walk empties them first).
	seen  interp.StateKeys
	queue []backItem
	kb    []byte
}

// backItem is a state pathsBack's walk queues: a block, the node to
// start at, the values carried and the path so far.
type backItem struct {
	bi   int32
	from int
	e    interp.Env
	p    failPath
}

// hitsIn returns the waits of node as waitsIn finds them. waitsIn keeps
// only the answers it is sure of; the walk reads the hits alone, which
// do not change from one asking to the next.
func (w *backWalk) hitsIn(node ast.Node) []*Hit {
	return typesx.Cached(&w.hits, node, func() []*Hit {
		hs, _ := w.WaitsIn(node)
		return hs
	})
}
