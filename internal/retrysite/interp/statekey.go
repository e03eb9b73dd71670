package interp

import "encoding/binary"

// The path walks memoise the states they visit: a block, a node within
// it, and the values of the tracked variables. Keys are written into a
// reused byte buffer; a map lookup with string(buf) does not allocate, so
// only states seen for the first time cost an allocation.

// appendState appends a key for (block, node index, env) to buf.
func (fi *funcInfo) AppendState(buf []byte, block int32, from int, e env) []byte {
	buf = binary.AppendUvarint(buf, uint64(block))
	buf = binary.AppendUvarint(buf, uint64(from))
	return fi.appendEnv(buf, e)
}

// appendEnv appends the environment in the function's variable order,
// so equal environments give equal keys.
func (fi *funcInfo) appendEnv(buf []byte, e env) []byte {
	type entry struct {
		idx int
		v   value
	}
	var small [16]entry
	es := small[:0]
	for v, x := range e {
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
		buf = binary.AppendUvarint(buf, uint64(en.idx))
		if en.v.K == vUnknown {
			buf = append(buf, 0xff)
			continue
		}
		buf = append(buf, byte(en.v.K))
		buf = binary.AppendVarint(buf, en.v.I)
	}
	return buf
}
