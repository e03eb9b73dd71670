package libsite

import (
	"go/ast"
	"go/types"
)

// This file reads libraries that pace a hand-written loop
// (knowledge.Entry.LoopCond): grafana/dskit's for b.Ongoing() { ...;
// b.Wait() }.

// pacedLoop returns the for statement whose condition is the site's
// call.
func pacedLoop(s *Site) *ast.ForStmt {
	var loop *ast.ForStmt
	if s.Func == nil {
		return nil
	}
	ast.Inspect(s.Func, func(n ast.Node) bool {
		if fs, ok := n.(*ast.ForStmt); ok && fs.Cond != nil && ast.Unparen(fs.Cond) == s.Node {
			loop = fs
		}
		return loop == nil
	})
	return loop
}

// callsOn reports whether body calls a method of the site's library
// named one of names (b.Wait()), outside function literals.
func (m *Reader) callsOn(s *Site, body *ast.BlockStmt, names ...string) bool {
	return m.callsLibMethod(s.Lib, body, names...)
}

// callsLibMethod reports whether body calls a method of lib named one of
// names, outside function literals.
func (m *Reader) callsLibMethod(lib *Lib, body *ast.BlockStmt, names ...string) bool {
	found := false
	if len(names) == 0 {
		return false
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			fn := typeutilCallee(m.info, n)
			if fn == nil || fn.Pkg() == nil || !lib.Has(fn.Pkg().Path()) {
				return true
			}
			if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
				for _, name := range names {
					if fn.Name() == name {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// dskitWait: each b.Wait() sleeps a random time in [d, 2d), d being
// MinBackoff doubled per retry (the floor of half the ceiling is equal
// jitter; once the floor reaches MaxBackoff every wait is MaxBackoff
// exactly); MinBackoff 0 never waits. A loop that does not call Wait (it may call NextDelay and sleep
// itself) is left unknown.
func (m *Reader) dskitWait(s *Site) *Wait {
	loop := pacedLoop(s)
	if loop == nil || !m.callsOn(s, loop.Body, "Wait") || m.callsOn(s, loop.Body, "NextDelay") {
		return nil
	}
	// Whatever the Config, the waits are never full jitter: [d, 2d),
	// a fixed MinBackoff when MaxBackoff < 2×MinBackoff, or none.
	anyConfig := &Wait{Pos: s.Pos, Shape: ShapeEqualJitter, Spread: "at least half of the backoff",
		Desc: "equal jitter whatever its Config: each wait drawn from [d, 2d), or fixed, never from 0"}
	if s.Opaque || s.Last("Config") == nil {
		return anyConfig
	}
	minSt, maxSt := s.Last("MinBackoff"), s.Last("MaxBackoff")
	min, ok1 := m.settingDur(minSt, 0, 0)
	max, ok2 := m.settingDur(maxSt, 0, 0)
	if !ok1 || !ok2 {
		return anyConfig
	}
	if min <= 0 {
		return &Wait{Setting: minSt, Shape: ShapeNone, Desc: "no wait (MinBackoff 0: dskit's Wait returns at once)"}
	}
	if max < 2*min {
		return &Wait{Setting: minSt, Shape: ShapeConstant, Base: min, Desc: "a fixed " + min.String() + " (MaxBackoff " + max.String() + " leaves no room to grow)"}
	}
	return &Wait{Setting: minSt, Shape: ShapeEqualJitter, Base: min, Cap: max, Spread: "at least half of the backoff",
		Desc: "equal jitter: each wait drawn from [d, 2d), d " + waitExpo(2, min, max)}
}
