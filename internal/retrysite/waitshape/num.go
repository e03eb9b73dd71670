package waitshape

import (
	"go/token"
	"math"
)

// Num is a number the interpreter computed.
type Num struct {
	V  float64
	OK bool
	// IsBool marks booleans (V is 0 or 1).
	IsBool bool
	// Rnd: depends on a random draw; Raw: an unbounded random integer
	// (rand.Int63()) waiting for a modulo.
	Rnd, Raw bool
	// Opq: depends on a stand-in for a value the model cannot see.
	Opq bool
	// Decor: a random draw whose range depends on an earlier draw
	// (decorrelated jitter).
	Decor bool
	// Sched: taken from an explicit list of durations; End: an index
	// past the list's end.
	Sched, End bool
	// Skip: the path did not reach the wait this attempt (the first
	// attempt of `if attempt > 0 { sleep }`); an unknown value is not
	// one.
	Skip bool
	// Vary: changes from one attempt to the next (a counter, a value
	// carried over, a random draw).
	Vary bool
}

// Known returns the known value v; Bool a known boolean; Unknown a
// value the interpreter could not compute.
func Known(v float64) Num { return Num{V: v, OK: true} }
func Bool(b bool) Num     { return Num{V: b2f(b), OK: true, IsBool: true} }
func Unknown() Num        { return Num{} }

// Flags returns a's marks without its value.
func (a Num) Flags() Num {
	return Num{Rnd: a.Rnd, Opq: a.Opq, Decor: a.Decor, Sched: a.Sched, Vary: a.Vary}
}

// Merge returns a with b's marks added.
func (a Num) Merge(b Num) Num {
	a.Rnd = a.Rnd || b.Rnd
	a.Opq = a.Opq || b.Opq
	a.Decor = a.Decor || b.Decor
	a.Sched = a.Sched || b.Sched
	a.Vary = a.Vary || b.Vary
	return a
}

// Limit reports whether a is an unknown limit (an opaque value that does
// not change between attempts) and b is not: min(cap, x) with cap unseen
// is taken not to bind over the attempts the interpreter runs.
func Limit(a, b Num) bool { return a.Opq && !a.Vary && !(b.Opq && !b.Vary) }

// Compare applies the comparison op (==, !=, <, <=, >, >=) to a and b;
// false for any other operator.
func Compare(op token.Token, a, b float64) bool {
	switch op {
	case token.EQL:
		return a == b
	case token.NEQ:
		return a != b
	case token.LSS:
		return a < b
	case token.LEQ:
		return a <= b
	case token.GTR:
		return a > b
	case token.GEQ:
		return a >= b
	}
	return false
}

// Binary computes a op b; mode is where a random draw lands in its range
// (rand.Int63() % n draws mode*n) and integer marks an integer division.
func Binary(op token.Token, a, b Num, mode float64, integer bool) Num {
	if !a.OK || !b.OK {
		return Unknown()
	}
	if a.Raw {
		// rand.Int63() % n draws from [0, n).
		if op == token.REM && !b.Raw {
			r := b.Flags()
			r.OK, r.Rnd, r.V = true, true, mode*b.V
			if b.Rnd {
				r.Decor = true
			}
			return r
		}
		return Unknown()
	}
	if b.Raw {
		return Unknown()
	}
	r := a.Merge(b)
	r.OK = true
	switch op {
	case token.ADD:
		r.V = a.V + b.V
	case token.SUB:
		r.V = a.V - b.V
	case token.MUL:
		r.V = a.V * b.V
	case token.QUO:
		if b.V == 0 {
			return Unknown()
		}
		r.V = a.V / b.V
		if integer {
			r.V = math.Trunc(r.V)
		}
	case token.REM:
		if b.V == 0 {
			return Unknown()
		}
		r.V = math.Mod(a.V, b.V)
	case token.SHL:
		if b.V < 0 || b.V > 200 {
			return Unknown()
		}
		r.V = a.V * math.Exp2(b.V)
	case token.SHR:
		if b.V < 0 || b.V > 200 {
			return Unknown()
		}
		r.V = math.Trunc(a.V / math.Exp2(b.V))
	case token.AND, token.OR, token.XOR, token.AND_NOT:
		return Unknown()
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		if r.Opq || r.Rnd {
			return Unknown()
		}
		return Bool(Compare(op, a.V, b.V))
	default:
		return Unknown()
	}
	return r
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// MinMax computes the builtin min (isMin) or max of vals; an unseen
// limit among them is taken not to bind (Limit).
func MinMax(isMin bool, vals []Num) Num {
	if len(vals) == 0 {
		return Unknown()
	}
	var r Num
	for i, x := range vals {
		if i == 0 {
			r = x
			continue
		}
		switch {
		case Limit(x, r):
			continue
		case Limit(r, x):
			r = x
			continue
		}
		v := r.V
		if isMin {
			v = math.Min(v, x.V)
		} else {
			v = math.Max(v, x.V)
		}
		r = r.Merge(x)
		r.V = v
	}
	return r
}

// Math computes math.name (Pow, Min, Max, Exp2, Floor, IsInf...) over
// vals; a function it does not know gives an unknown value.
func Math(name string, vals []Num) Num {
	r := Num{OK: true}
	for _, v := range vals {
		r = r.Merge(v)
	}
	one := func(f func(float64) float64) Num {
		if len(vals) != 1 {
			return Unknown()
		}
		r.V = f(vals[0].V)
		return r
	}
	two := func(f func(a, b float64) float64) Num {
		if len(vals) != 2 {
			return Unknown()
		}
		r.V = f(vals[0].V, vals[1].V)
		return r
	}
	if (name == "Min" || name == "Max") && len(vals) == 2 {
		switch {
		case Limit(vals[0], vals[1]):
			return vals[1]
		case Limit(vals[1], vals[0]):
			return vals[0]
		}
	}
	switch name {
	case "IsInf":
		// An overflow guard: a backoff the interpreter computed is a
		// finite number over the attempts it runs.
		if len(vals) == 2 {
			return Bool(math.IsInf(vals[0].V, int(vals[1].V)))
		}
		return Unknown()
	case "IsNaN":
		if len(vals) == 1 {
			return Bool(math.IsNaN(vals[0].V))
		}
		return Unknown()
	}
	if f, ok := mathOne[name]; ok {
		return one(f)
	}
	if f, ok := mathTwo[name]; ok {
		return two(f)
	}
	return Unknown()
}

// mathOne and mathTwo are the functions of package math of one and two
// arguments that Math computes.
var (
	mathOne = map[string]func(float64) float64{
		"Exp2": math.Exp2, "Exp": math.Exp, "Floor": math.Floor, "Ceil": math.Ceil,
		"Round": math.Round, "Trunc": math.Trunc, "Abs": math.Abs, "Sqrt": math.Sqrt,
	}
	mathTwo = map[string]func(a, b float64) float64{
		"Pow": math.Pow, "Min": math.Min, "Max": math.Max,
		"Ldexp": func(a, b float64) float64 { return a * math.Exp2(b) },
	}
)
