// Package interp is the model's value interpreter: the small abstract
// interpreter that reads the code deciding a retry loop's control flow
// over go/cfg.
//
// It owns
//   - the evaluator (eval.go; nodefacts.go: what it reads of a node
//     that the walk's state does not change, read once per node) over
//     the value domain, package vals
//     (domain.go names it in lowercase): constants, nil and non-nil, an
//     operation's abstract outcome (a response's status, an error's
//     class or code; a pointer, map, slice or interface result kept
//     beside the error and tested for nil beside it holds a value when
//     the error is nil, so `conn != nil && err == nil` is the error's
//     test), and why a value is unknown (deps); the forks go/cfg makes of
//     a type switch on an error are the assertions they stand for
//     (typeswitch.go);
//   - the path simulation (sim.go, statekey.go,
//     timerchan.go, clamp.go: a backoff's cap is no count (package
//     bodyscan finds the clamps);
//     paramfields.go: the fields of a struct parameter a caller binds;
//     package exits, called through exitshost.go: a field only ever set
//     to constants (every field of the package judged from the uses
//     the type information records on the first question, exits' flagindex.go), a setting, a
//     stop check, the absence of a fixed key from a list the loop only
//     appends to count nothing; a select case
//     on a channel the path itself sent on is ready, one no one on the
//     path sent on is not, a nil channel local never, and the walks
//     start with the nil the operation's block left in such a local
//     (StartEnv), and with the zero or constant of a boolean or integer
//     local the iteration declares before the operation and nothing
//     writes before it, `var shouldRetry bool` (exits' startdecl.go,
//     which exitshost.go's declsBefore executes);
//     goalFreeFailover: a recursion after a loop over candidates, whose
//     condition guards no refresh): which outcomes of an operation lead
//     back to it, how many runs a loop makes (maxRuns keeps every select
//     case possible: the first wake-up comes from elsewhere), and the
//     graph walks the model's descriptions share (cfgwalk.go);
//   - the per-function graphs and tracked variables (funcinfo.go), less
//     the counters no decision reads (bodyscan.BlindCounters);
//   - the outcomes tried: package outcomeval, called through
//     outcomehost.go (the error scenarios and classes, status errors,
//     errors.As, error codes a success carries, an error carried in a
//     result, constant lookups and the definition index);
//   - decide.go, decide_body.go: the predicates and response handlers a
//     loop decides through; iife.go: a function literal called where it
//     is written, read through its body with the values its caller
//     holds, a func value the package gives one literal read through
//     that literal (valueLit), and an interface method of the package
//     read through the one type a local tracker holds or the package's
//     one implementation, host.go's devirtualize);
//   - the purely syntactic questions of a function body, package
//     bodyscan: a backoff's clamps, whether a local keeps one value
//     through every loop (fixedlocal.go's loopInvariant), whether a
//     literal called in place is self-contained (iife.go), whether a
//     statement jumps out of itself (joinfork.go), whether a node holds
//     the operation's calls (ContainsOp); the interpreter memoises their
//     answers per function and keeps the judgements built on them.
//
// The package-wide value index (what the whole package writes to a field
// or package variable, the defaults it ships, func values) is package
// valueindex, which imports this one: the interpreter asks it only
// through Index (index.go), which the index gives to SetIndex, and
// Ranges (the integers a range walks, a retry iterator's length: package
// rangelen, which reads the index), which the model gives to SetRanges;
// it holds the defaults they note as opaque DefaultNotes.
//
// It reads go/ast, go/types, go/cfg, the site types (package site),
// typesx and the knowledge tables, and its own sub-packages vals, exits,
// outcomeval and bodyscan, which never import it. It must not import package retrysite,
// package valueindex or the packages that describe a site (ops,
// timeouts, outcomes, libread): what it needs of discovery and of the
// library readers (is a function an operation, does a loop range over a
// ticker, the integer a library setting holds) it asks through Host,
// which the retry-site model implements and gives to Model.Init. The model embeds
// Model, so the interpreter's exported methods are the model's. The
// interpreter's code names its values, scenarios and helpers in lowercase
// (value, env, intVal); exports.go gives the model those names exported.
package interp
