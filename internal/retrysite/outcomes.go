package retrysite

// loopOutcomes finds the outcomes that lead a hand-written site to
// another attempt.
func (m *model) loopOutcomes(s *Site, fi *funcInfo, g *opGroup) {}

// libOutcomes finds the outcomes a library site's settings retry.
func (m *model) libOutcomes(s *Site) {}
