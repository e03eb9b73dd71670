// Package exits holds the value interpreter's judgements of a retry
// loop's exits and select cases that count nothing: conditions whose
// answer comes from elsewhere (an event of the object's life, a setting
// it was made with, a stop signal) rather than from the loop's attempts,
// and the select cases a walk of the loop can decide.
//
// It owns
//   - flags.go: a field of the package only ever set to constants (a stop
//     flag, a closed mark) counts nothing (Flags.Field); flagindex.go
//     judges every such field of the package from the uses the type
//     information records on the first question (Flags.FieldIndexed, the one the
//     interpreter asks);
//   - settings.go: nor does a field written only in the struct literals
//     that make an object the function does not replace (FixedSetting);
//   - registry.go: nor the absence of a fixed key from a list the loop
//     only appends to (RegistryExit);
//   - stopcheck.go: nor a call of a function that only asks whether a
//     channel is ready (StopCheck), nor a nil test of a value an
//     operation returned (NilResultTest);
//   - selftrigger.go: a select case on a channel the path itself sent on
//     is ready, one no one on the path sent on is not, and a nil channel
//     local never (Channels: Scan finds them, SelectCase decides a case,
//     Taken consumes a send, StartNil gives the locals a walk starts
//     with nil);
//   - startdecl.go: the boolean or integer locals an iteration declares
//     with no value or a constant before the operation, which the walk
//     from the operation starts with (DeclsBefore: the declarations, which
//     the interpreter executes).
//
// The interpreter (package interp) imports this package and calls it
// while it walks a loop (its sim.go: a fork is stateless when these say
// so). This package never imports interp: it asks what it needs of the
// package and of the function under study through Pkg and Func, and of
// the walk's state through State, which the interpreter implements
// (interp's exitshost.go). It holds no value domain of its own: a
// pending send is an integer the walk holds, a nil local a nil.
package exits
