package retrysite

// loopTimeouts finds the timeouts of a hand-written site.
func (m *model) loopTimeouts(s *Site, fi *funcInfo, g *opGroup) {}

// libTimeouts finds the timeouts of a library site.
func (m *model) libTimeouts(s *Site) {}
