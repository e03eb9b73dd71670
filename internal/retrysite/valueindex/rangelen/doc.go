// Package rangelen reads how many times a range runs and over which
// integers, and the one literal a list held in a field is, through the
// package-wide value index (package valueindex):
// the interpreter asks it as interp.Ranges, which the retry-site model
// gives the interpreter (SetRanges) beside the index.
//
// # Lists of integers (RangeList)
//
// Status lists kept in slice fields: `for _, code := range c.retryOnStatus
// { if res.StatusCode == code { retry = true } }`, with c.retryOnStatus
// copied in New from a Config field the package defaults to a package
// array (cfg.RetryOnStatus = defaultRetryOnStatus[:]). intList resolves
// such a list through the value index under the index's values policy
// (valueindex's doc): every reaching write must give the same list of
// integer constants (a literal, a slice of an indexed array, another
// indexed list); anything else (a parameter, a call, an append) leaves it
// unknown. The evaluator then ranges over the list's elements
// (interp's funcinfo.go rangeLength, sim.go takeRange), so a 200 that is
// not in the list leaves. A list a package option sets from its argument
// is the caller's, and unknown.
//
// # Lists held in fields (ListLiteral)
//
// A map, slice or array field or package variable (the statuses a client
// retries on, c.retryOnStatus[resp.StatusCode]) is read as the one
// composite literal the package gives it, its default when the user may
// give another, when nothing writes into it (m[k] = v, delete, clear) and
// every other use reads it in place (an index, len, cap, a range, a
// comparison with nil): handed to a call, returned, stored or aliased, it
// may change out of sight, and stays unknown (lists.go). A value
// copied from another field (c.m = cfg.m) is not followed yet.
//
// # Ranges over a retry iterator (IterLength)
//
// A range over a retry iterator of the package: `for range
// c.newRetryTimer(ctx, n, ...) { ... }`, where the function returns an
// iter.Seq whose literal yields once per iteration of a range over one of
// its parameters (for i := range maxRetry { if !yield(i) { return };
// <wait> }). The range then runs at most that many iterations: the
// argument the call gives the parameter, computed like any other value
// (a constant, a local set once from a field, the package's default,
// localMaxInt: the largest constant a local of the caller is given),
// with the defaults that number comes from noted for the message.
// Anything else (a parameter the iterator's body writes, several
// yields, a range over something else) leaves the length unknown.
package rangelen
