// Package site holds the retry-site model's types: a Site (a loop, a
// recursion, a helper call or a library call that retries) and what the
// model knows of it — its Bound, its Waits, its operations (Op, IdemKey),
// the outcomes it retries (Outcomes), its Timeouts and, for a library
// site, its Settings.
//
// It is the lowest layer of the model: plain data with a few accessors,
// no analysis. Package retrysite fills these types in (discovery, the
// value interpreter, the library readers and the descriptions of waits,
// outcomes, timeouts and operations); the rules read them through
// retrysite.Result. Nothing here imports the rest of the model, so the
// rules' messages and the model's tests can depend on the types alone.
package site
