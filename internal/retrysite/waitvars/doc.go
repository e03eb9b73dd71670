// Package waitvars answers what a package does to the variables a wait
// is read from, outside the path the wait interpreter (package waitnum)
// runs. It reads syntax and types only: no model, no interpreter.
//
//   - DrawnFields (drawn.go): the fields the package writes with a value
//     drawn at random (an assignment or keyed literal calling math/rand,
//     math/rand/v2 or crypto/rand, directly or through a local defined
//     from one). Such a field is no constant stand-in: a method the loop
//     reaches where the interpreter cannot see may draw it again before
//     each attempt. Found once per package.
//   - ReassignedFromCall (reassigned.go): a wait held in a local that the
//     loop assigns again from a call (d = nextDelay(attempt+1)). An
//     opaque fixed reading of it is no evidence of a fixed interval.
//   - ReassignedOtherConst (reassigned_const.go): a wait held in a local
//     that the loop assigns, on some branch, a constant other than the
//     one read (d = quickInterval after a failure). A fixed reading of it
//     is not the interval every failure waits.
//
// The interpreter makes the shape unknown on the last two, so the rules
// stay silent.
package waitvars
