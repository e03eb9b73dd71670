package retrysite

// gaxWait reads a gax-go Backoff: each Pause draws from [1ns, cur] and
// cur grows by Multiplier up to Max (full jitter). A Multiplier below 1
// means 2, but a Multiplier of exactly 1 never grows the ceiling: every
// wait is drawn below the same Initial, which is no backoff.
// Source: github.com/googleapis/gax-go/v2@v2.26.2/call_option.go:186-205.
func (m *model) gaxWait(s *Site) *Wait {
	full := &Wait{Kind: WaitLibrary, Pos: s.Pos, Shape: ShapeFullJitter, Desc: "full jitter (gax Backoff draws from [0, ceiling))"}
	mst := s.Last("Multiplier")
	if mst == nil {
		return full
	}
	mult, ok := m.floatValue(mst.Arg(0))
	if !ok {
		return nil
	}
	if mult != 1 {
		return full
	}
	def := s.Lib.Defaults
	init, ok1 := m.settingDur(s.Last("Initial"), 0, def.Initial)
	max, ok2 := m.settingDur(s.Last("Max"), 0, def.Max)
	if !ok1 || !ok2 {
		return nil
	}
	if init <= 0 {
		init = def.Initial
	}
	if max <= 0 {
		max = def.Max
	}
	ceil := min(init, max)
	return &Wait{Setting: mst, Shape: ShapeConstant, Base: ceil,
		Desc: "random times below a fixed " + ceil.String() + " (gax Backoff Multiplier 1 never grows the ceiling)"}
}
