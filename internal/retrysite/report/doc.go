// Package report holds what turns the retry-site model into findings,
// and the user's say over them: the words of a finding (Subject, Message,
// ContextPhrase), the //retrylint:ignore and //retrylint:context
// directives (Parse, Directives, Contexts), the run's options and their
// flags (Options, Flags), and the Reporter through which every rule
// reports, which applies the ignore directives.
//
// It sits beside the model, not inside it: it reads the site types
// (package site) and nothing of the analysis that fills them in, so a
// change to how sites are found cannot change how findings are worded or
// suppressed. Package retrysite parses the directives and options once
// per package and hands them to the rules in its Result.
package report
