package bodyscan

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// ContainsOp reports whether node contains one of the operation's calls
// (outside function literals).
func ContainsOp(node ast.Node, op map[*ast.CallExpr]bool) bool {
	if !opWithin(node, op) {
		return false
	}
	found := false
	return typesx.InspectNoLitsUntil(&found, node, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		found = ok && op[c]
		return true
	})
}

// CountOps counts the operation's calls node contains (outside function
// literals).
func CountOps(node ast.Node, op map[*ast.CallExpr]bool) int {
	if !opWithin(node, op) {
		return 0
	}
	c := 0
	typesx.InspectNoLits(node, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && op[call] {
			c++
		}
		return true
	})
	return c
}

// opWithin reports whether a call of op may lie within node: whether one
// lies within its extent. The walks ask ContainsOp and CountOps of every
// node they pass, most of which hold no call of the operation; a node
// that holds none in its extent needs no walk. (Operations have a few
// calls; for many, the walk is asked.)
func opWithin(node ast.Node, op map[*ast.CallExpr]bool) bool {
	if len(op) > 8 {
		return true
	}
	pos, end := node.Pos(), node.End()
	for c, in := range op {
		if in && pos <= c.Pos() && c.End() <= end {
			return true
		}
	}
	return false
}
