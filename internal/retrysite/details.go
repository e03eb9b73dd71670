package retrysite

// attachLoopDetails fills in what the rules need to know of a
// hand-written site beyond its bound: its waits, the outcomes it retries,
// its timeouts. A site retried only on a failure path of a loop that
// comes back on success too has only its waits (handWrittenIn).
func (m *model) attachLoopDetails(s *Site, fi *funcInfo, g *opGroup) {
	m.loopWaits(s, fi, g)
	m.loopOutcomes(s, fi, g)
	m.timeouts.Loop(s)
}
