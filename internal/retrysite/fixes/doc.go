// Package fixes computes the suggested fixes of retrylint's findings: the
// mechanical rewrites -fix applies, one function per rule, each given the
// site (package site) and the wait, operation or codes a finding is
// about, returning the analysis.SuggestedFix or false when no rewrite is
// safe. The rules (analyzers/...) only attach what it returns.
//
//   - Jitter: for a library, the recipe of its knowledge table
//     (knowledge.JitterFix: the setting to write and the value, or the
//     option to add to the call that takes options), read by one generic
//     builder; for a hand-written wait with an attempt counter in scope,
//     the standard's full-jitter computation with a capped exponent,
//     time.Duration(rand.Int64N(int64(min(30*time.Second, time.Second<<min(attempt, 5))))),
//     importing math/rand/v2 when the file has no rand.
//   - Count: the literal that sets the count, rewritten to the
//     context's default in the unit it counts (retries or attempts).
//   - Codes: the non-retryable codes removed from a library's list
//     of retried codes (knowledge.CodeList), when every code is a
//     constant and one retryable code remains.
//   - HoistKey: a key generated on every attempt moved before the
//     retry loop or the statement that calls the retry library.
//
// A fix is offered only when the rewrite compiles and keeps the code's
// meaning but for the rule's point: names are looked up in scope, a
// rewrite that would leave a variable unused or shadow one is not
// offered, and imports are added when needed. What the fixes write is as
// safe as what the messages advise (internal/msgcheck checks the
// project's recipes for unbounded shifts).
package fixes
