// Package funcdefault reads the default a package ships in a func-typed
// field, through the package-wide value index (package valueindex): the
// function a backoff factory field holds when the user gives none, and
// the values a library's backoff function field is given.
//
// # The one default function (Func)
//
// `boFunc = opts.NewBackoff` under a nil test, else `boFunc =
// backoff.NewDefault`, then `newBackoff: boFunc` in a literal: the field's
// default is backoff.NewDefault. A local written to the field stands for
// every value assigned to it in its function; a value the user gives
// (valueindex's UserValue: an option, an exported parameter, or a value
// written only where a test found it non-nil: `if opts.F != nil { f =
// opts.F }`) is left aside and noted as the user's (the message's "X's
// default, which the user can change"), a copy of the field into itself
// adds nothing, and an exported field a literal omits is the user's. The
// answer is nil when any other value may reach the field (a literal, a
// call's result, a second function, a nil). The wait interpreter asks it
// (waitnum's waits_closure.go) to follow a backoff object a caller's
// delay literal builds through such a field.
//
// # The values a func field is given (Values)
//
// For a reader of library backoff functions (libsite's
// waits_libfuncs.go): the values the package itself writes to the field,
// a write of the user's value left out as the user's choice, a copy of
// the field into itself adding nothing, and an exported field a literal
// leaves out the user's to set. Any other zero, or a write the index
// cannot know, makes it unknown; so does a field with no default of the
// package's own. The note, when a user write was left out, names the
// default and who can change it ("DefaultConfig's default, which
// SetBackoff can change"), at the first default.
package funcdefault
