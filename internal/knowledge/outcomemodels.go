package knowledge

import "github.com/retrylint/retrylint/policy"

// Outcome models: how a library decides which outcomes it retries, in
// the library's terms. A table gives its outcome vocabulary
// (Library.Outcomes); the interpreter is in internal/retrysite/libsite
// (outcomes_libs.go), keyed by the model, never by the library.

// OutcomeModel is a model of the outcomes a library retries.
type OutcomeModel int

const (
	// NoOutcomeModel: the outcomes are unknown (silent).
	NoOutcomeModel OutcomeModel = iota
	// DecidedOutcomes: the library retries what its settings say: a
	// predicate over the outcome (a function the model evaluates, or a
	// built-in of the tables), lists of codes, or else its defaults;
	// for a library that runs a function (a function runner), what the
	// function returns for each outcome of the operations it calls,
	// judged by the predicate or by the library's error rule.
	DecidedOutcomes
	// ServiceConfigOutcomes: the retryableStatusCodes of a gRPC
	// service config's retryPolicy.
	ServiceConfigOutcomes
	// PollOutcomes: a poll retries what its condition turns into
	// (false, nil) (internal/retrysite/libsite polls_config.go).
	PollOutcomes
)

// ErrorRule is how a function runner judges the error its function
// returns when no predicate decides.
type ErrorRule int

const (
	// NoErrorRule: the library does not judge errors alone (a
	// predicate setting is needed).
	NoErrorRule ErrorRule = iota
	// RetryAllButPermanent: every error but one marked permanent
	// (backoff.Permanent, retry.Unrecoverable).
	RetryAllButPermanent
	// RetryOnlyMarked: only errors marked retryable
	// (retry.RetryableError).
	RetryOnlyMarked
	// RetryEveryError: every error.
	RetryEveryError
)

// OutcomeFamily is a kind of outcome a predicate is tried on.
type OutcomeFamily int

const (
	// FamilyHTTP: responses with a status (retrying HTTP clients).
	FamilyHTTP OutcomeFamily = iota
	// FamilyGRPC: errors with a gRPC code.
	FamilyGRPC
	// FamilyCert: a certificate error (and an error of no known kind).
	FamilyCert
)

// An OutcomeVocab is a library's vocabulary for the outcomes it retries.
type OutcomeVocab struct {
	Model OutcomeModel
	// Errors and ErrorsDesc: the error rule of a function runner, and
	// the decision it words.
	Errors     ErrorRule
	ErrorsDesc string
	// Predicates are the settings whose argument is a predicate over
	// the outcome; Families the outcomes they are tried on when the
	// library does not run a function.
	Predicates []PredicateSetting
	Families   []OutcomeFamily
	// Codes are the settings that list retried codes.
	Codes []CodeSetting
	// Default are the outcomes retried when no predicate or code setting
	// is given; DefaultDesc words them. With DefaultAnyConfig they hold
	// whatever the configuration (an opaque one included) and are set
	// before a predicate is read.
	DefaultHTTP      []int
	DefaultGRPC      []policy.GRPCCode
	DefaultDesc      string
	DefaultAnyConfig bool
	// ErrorCodes map a library's named error codes to the HTTP status
	// they come with (aws), for the code settings of kind CodeNames.
	ErrorCodes map[string]int
	// Conflict, when set, is a setting that retries a 409 Conflict: it
	// retries it only when the function writes an object without
	// reading it again (client-go RetryOnConflict). ConflictWrites are
	// the prefixes of the method names that write an object (a conflict
	// retry whose function calls none cannot conflict).
	Conflict       string
	ConflictWrites []string
	// Union is true when every predicate and code setting present adds
	// to the retried outcomes (gax's OnCodes, OnHTTPCodes and
	// OnErrorFunc); else the last predicate setting decides, then the
	// last code setting, then the defaults. NamesDesc, when set, words
	// the decision as the codes found (aws).
	Union     bool
	NamesDesc string
	// Unread are settings the model does not follow: with one present
	// the outcomes are unknown; so are they, with OpaqueUnknown, when the
	// configuration is opaque.
	Unread        []string
	OpaqueUnknown bool
}

// A PredicateSetting is a setting whose argument Arg is a predicate over
// the outcome (a function the model evaluates), or, with Builtin, a
// setting that stands for one of the tables' built-in predicates.
type PredicateSetting struct {
	Setting string
	Arg     int
	Builtin PredicateKind
	// Or is true when every such setting, and every argument from Arg
	// on, is a predicate, ORed (resty's retry conditions, failsafe's
	// HandleIf); else the last setting decides. WordLast words the
	// decision by the last of them, not the first.
	Or, WordLast bool
	// Abort is true for a predicate that stops the retries of what it
	// matches (failsafe's AbortIf).
	Abort bool
	// ErrorsOnly is true when the library asks the predicate about
	// errors only (a nil error is never retried).
	ErrorsOnly bool
	// AtArg reports the decision at the argument, not the setting.
	AtArg bool
	// Desc words the decision (the setting's name when empty); the
	// predicate's text follows.
	Desc string
}

// CodeKind says what a code setting lists.
type CodeKind int

const (
	// CodesGRPC: gRPC codes.
	CodesGRPC CodeKind = iota
	// CodesHTTP: HTTP statuses.
	CodesHTTP
	// CodeNames: named error codes of the table's ErrorCodes.
	CodeNames
	// CodeLiterals: composite literals, of the Types of the library's
	// first package, in the setting's argument, whose map keys are HTTP
	// statuses or named error codes.
	CodeLiterals
)

// A CodeSetting is a setting that lists retried codes: its arguments
// from From on (only the one at From with One: a slice).
type CodeSetting struct {
	Setting string
	Kind    CodeKind
	From    int
	One     bool
	Types   []string
}
