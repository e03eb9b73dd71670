package retrysite

// loopWaits finds the waits between attempts of a hand-written site.
func (m *model) loopWaits(s *Site, fi *funcInfo, g *opGroup) {}

// libWaits finds the waits a library site's settings configure.
func (m *model) libWaits(s *Site) {}
