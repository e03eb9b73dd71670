// Package waitshape is the number domain of the wait interpreter and the
// reading of a wait's shape from its samples. It is pure: no syntax, no
// types of the analysed code, no model; package waitnum (the interpreter)
// computes the numbers and asks it what they mean.
//
// # Numbers (num.go)
//
// A Num is one number the interpreter computed: known or not, and how it
// came to be — a random draw (Rnd; Raw for an unbounded random integer
// waiting for a modulo; Decor for a draw whose range depends on an
// earlier draw), a stand-in for a value the model cannot see (Opq), an
// element of an explicit list of durations (Sched; End past its end),
// something that changes from one attempt to the next (Vary). Binary is
// the arithmetic and comparison over Nums (a random draw lands at the
// interpreter's mode: 0, 0.5 or 1 of its range); Merge carries the
// marks over; Limit tells an unseen cap (min(cap, x)) that is taken not
// to bind.
//
// # Shapes (shape.go)
//
// Classify reads the shape of a wait from its values at the three modes
// over successive attempts: how the ceiling grows (not at all, linearly,
// polynomially, exponentially — a geometric series summed, delay +=
// 2^attempt, too: its steps grow by one ratio —, allowing a cap that
// flattens its end; a fixed schedule) and how far below the ceiling the floor lies (no
// jitter, full jitter from 0, equal jitter from half, other partial
// jitter, decorrelated). A path that skips the wait on an attempt (the
// zero Num) is left out; an unknown value makes the shape unknown.
// WaitShape.Fill writes the shape into a site.Wait with the sentence the
// findings quote ("doubles from 1s up to 30s without jitter").
//
// # Words (text.go)
//
// Float, Expo and Pct word factors, growths and fractions the same way
// for the wait interpreter and for the library tables (packages libsite
// and libread).
package waitshape
