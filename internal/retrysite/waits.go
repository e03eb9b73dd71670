package retrysite

// loopWaits finds the waits between attempts of a hand-written site.
func (m *model) loopWaits(s *Site, fi *funcInfo, g *opGroup) {}
