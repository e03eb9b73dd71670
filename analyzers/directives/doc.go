// Package directives defines an Analyzer that reports retrylint's own
// directives when they are wrong, so that a typo never passes silently.
//
// # Analyzer directives
//
// directives: //retrylint: directives must be well-formed and name known analyzers and contexts
//
// The analyzer enforces no rule of the standard: it reports the
// directives the other analyzers read, when they cannot be applied:
//
//   - a //retrylint:context directive with no context, more than one
//     word, or an unknown context name (//retrylint:context webhok): the
//     contexts are sync, async, webhook, batch and grpc;
//   - two package-level //retrylint:context directives that disagree;
//   - an unknown directive (//retrylint:contxt);
//   - a //retrylint:ignore directive that is malformed (no analyzer, no
//     reason, a space after //) or names no retrylint analyzer.
//
// A directive the analyzer reports is ignored: code under a bad
// //retrylint:context keeps the context of the command line (-context),
// and a bad //retrylint:ignore suppresses nothing. Its findings are
// findings, not errors of the analysis, so they fail every run of every
// driver (go vet caches only clean results) and cannot themselves be
// suppressed: fix the directive.
//
// A //retrylint:ignore directive that suppresses nothing is reported by
// the analyzer it names, not by this one.
package directives
