package interp

import "encoding/binary"

// The path walks memoise the states they visit: a block, a node within
// it, and the values of the tracked variables. Keys are written into a
// reused byte buffer; a map lookup with string(buf) does not allocate, so
// only states seen for the first time cost an allocation.

// appendState appends a key for (block, node index, env) to buf.
func (fi *FuncInfo) AppendState(buf []byte, block int32, from int, e Env) []byte {
	buf = binary.AppendUvarint(buf, uint64(block))
	buf = binary.AppendUvarint(buf, uint64(from))
	return fi.appendEnv(buf, e)
}

// appendEnv appends the environment in the function's variable order,
// so equal environments give equal keys.
func (fi *FuncInfo) appendEnv(buf []byte, e Env) []byte {
	if len(fi.ordered) <= 2*e.Len() {
		// Few variables for the environment's size: look each up in
		// order (a scan of the few bindings), with no sort.
		for i, v := range fi.ordered {
			if x, ok := e.Get(v); ok {
				buf = appendEntry(buf, i, x)
			}
		}
		return buf
	}
	type entry struct {
		idx int
		v   Value
	}
	var small [16]entry
	es := small[:0]
	for v, x := range e.All() {
		i, ok := fi.order[v]
		if !ok {
			continue
		}
		es = append(es, entry{i, x})
	}
	// Insertion sort: environments are small, and sort.Slice's closure
	// would move the array to the heap.
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && es[j].idx < es[j-1].idx; j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
	for _, en := range es {
		buf = appendEntry(buf, en.idx, en.v)
	}
	return buf
}

// appendEntry appends the key of variable number idx holding v.
func appendEntry(buf []byte, idx int, v Value) []byte {
	buf = binary.AppendUvarint(buf, uint64(idx))
	if v.K == vUnknown {
		return append(buf, 0xff)
	}
	buf = append(buf, byte(v.K))
	return binary.AppendVarint(buf, v.I)
}
