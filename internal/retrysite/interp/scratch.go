package interp

import "unsafe"

// The walks of sim.go remember every state they reach, by a key made of
// the block and the environment (statekey.go): tens of thousands of keys
// in a large function, walked again for every site and scenario. Made
// afresh for each walk, the table and its keys were a fifth of what the
// model allocated over the corpus, garbage that pushed a run over the
// collector's goal. A model keeps one scratch and lends it to one walk at
// a time; a walk that starts while another holds it (a helper's walk
// inside a caller's) makes its own.

// scratch is what one walk borrows.
type scratch struct {
	keys  StateKeys
	memos []runsMemo // MaxRuns
	kb    []byte
	// Reach's queue and, by block, which nodes hold a target.
	queue   []reachItem
	targets [][]bool
}

// reachItem is a state Reach has yet to explore: a place in a block,
// the environment there, and whether the path to it is certain or free
// (reachResult).
type reachItem struct {
	bi            int32
	from          int
	e             Env
	certain, free bool
}

// blocks returns the scratch's targets with n blocks, each nil.
func (s *scratch) blocks(n int) [][]bool {
	if cap(s.targets) < n {
		s.targets = make([][]bool, n)
	}
	s.targets = s.targets[:n]
	clear(s.targets)
	return s.targets
}

// runsMemo is what MaxRuns knows of a state: on the current path
// (onStack, with the runs so far on the path when it was entered) until
// it is done (n, inf).
type runsMemo struct {
	n       int
	at      int32 // at most maxRunsCap
	inf     bool
	onStack bool
}

// borrow lends the model's scratch, emptied, or a new one if it is lent.
func (m *Model) borrow() *scratch {
	s := m.spare
	if s == nil {
		return &scratch{}
	}
	m.spare = nil
	s.keys.Reset()
	s.memos = s.memos[:0]
	return s
}

// giveBack returns a scratch to the model once its walk is over.
func (m *Model) giveBack(s *scratch) { m.spare = s }

// StateKeys maps walk states' keys (AppendState's) to numbers, or holds
// them as a set (Add): the walks of this package and of package waits
// remember what they reached in one. The keys are copied into an arena of
// a few large blocks rather than one string each: a string made by
// unsafe.String views bytes of a block that are never written again while
// the key is in the map (Reset empties the map before the block is
// reused). The zero StateKeys is empty and ready to use.
type StateKeys struct {
	index map[string]int32
	arena []byte
}

// Get returns the number of key k, if it has one.
func (t *StateKeys) Get(k []byte) (int32, bool) {
	i, ok := t.index[string(k)] // no string is made for a lookup
	return i, ok
}

// Put numbers key k, which must not be empty, i.
func (t *StateKeys) Put(k []byte, i int32) {
	if t.index == nil {
		t.index = make(map[string]int32)
	}
	if cap(t.arena)-len(t.arena) < len(k) {
		// A new block: the keys in the old one keep it alive.
		t.arena = make([]byte, 0, max(2*cap(t.arena), 1<<12, len(k)))
	}
	start := len(t.arena)
	t.arena = append(t.arena, k...)
	t.index[unsafe.String(&t.arena[start], len(k))] = i
}

// Add adds key k, which must not be empty, and reports whether it was
// not there yet.
func (t *StateKeys) Add(k []byte) bool {
	if _, seen := t.Get(k); seen {
		return false
	}
	t.Put(k, 0)
	return true
}

// Reset forgets every key; the map keeps its room and the arena its
// newest block.
func (t *StateKeys) Reset() {
	clear(t.index)
	t.arena = t.arena[:0]
}
