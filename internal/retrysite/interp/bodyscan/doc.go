// Package bodyscan answers the value interpreter's purely syntactic
// questions about a function body: what the syntax tree and the type
// information (types.Info) tell, with no value, environment or graph
// walk of the evaluator's.
//
// It owns
//   - clamp.go: the forks of a function that only cap a backoff, which
//     count nothing (Clamps);
//   - invariant.go: whether a local keeps one value through every loop
//     of the function (LoopInvariant), and the statement that follows
//     another in its list (NextStmt);
//   - selfcontained.go: whether a function literal runs no call of the
//     operation and writes no variable declared outside it
//     (SelfContained);
//   - jumps.go: whether a statement holds a return, goto, or break or
//     continue that may leave it (JumpsOut);
//   - ops.go: whether a node holds a call of the operation, and how
//     many (ContainsOp, CountOps);
//   - blindcount.go: the counters of a body that no decision can read,
//     which the interpreter leaves untracked (BlindCounters).
//
// The interpreter (package interp) imports this package, memoises its
// answers per function where it asks them often (funcInfo's clamps and
// invariant), and keeps the judgements built on them (clampFork,
// loopInvariant, calledLit, joinFork). It imports nothing of the model.
package bodyscan
