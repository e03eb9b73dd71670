package retrysite

// loopOutcomes finds the outcomes that lead a hand-written site to
// another attempt.
func (m *model) loopOutcomes(s *Site, fi *funcInfo, g *opGroup) {}
