// Package caller walks a tree through another package's recursive
// helper: no retry, and the model must come back from the helper's
// self-binding (it once recursed without end, hashicorp/hcl's ast.Walk).
package caller

import "example.com/walkrec/tree"

func Flatten(root *tree.Node) int {
	n := 0
	tree.Walk(root, func(x *tree.Node) (*tree.Node, bool) {
		if x != nil {
			n++
		}
		return x, true
	})
	return n
}
