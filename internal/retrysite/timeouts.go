package retrysite

// loopTimeouts finds the timeouts of a hand-written site.
func (m *model) loopTimeouts(s *Site, fi *funcInfo, g *opGroup) {}
