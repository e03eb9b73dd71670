// Package tree walks a tree with a visitor that its recursion passes on:
// the visitor parameter of the recursive call is bound to itself.
package tree

type Node struct {
	Next *Node
	Kids []*Node
}

type WalkFunc func(*Node) (*Node, bool)

func Walk(n *Node, fn WalkFunc) *Node {
	rewritten, ok := fn(n)
	if !ok {
		return rewritten
	}
	if n.Next != nil {
		n.Next = Walk(n.Next, fn)
	}
	for i, k := range n.Kids {
		n.Kids[i] = Walk(k, fn)
	}
	fn(nil)
	return rewritten
}
