package waits

import "slices"

// withHits returns hits followed by the waits of more that it does not
// hold yet, in a new slice. A path that goes round the loop through a
// `continue` before it reaches the operation again passes the loop's wait
// once per round; the wait is the same node, and what the site says of
// it is the same: a path holds each wait once, so that the walk's states
// repeat and a loop with many ways round (a dial, a handshake, an open,
// each failing to a continue) is walked to its end instead of giving up.
func withHits(hits []*Hit, more ...*Hit) []*Hit {
	res := append([]*Hit(nil), hits...)
	for _, h := range more {
		if !slices.ContainsFunc(res, func(k *Hit) bool { return k.Node == h.Node }) {
			res = append(res, h)
		}
	}
	return res
}
