package knowledge

// RetryPackage is the project's own retry package.
const RetryPackage = "github.com/retrylint/retrylint/retry"

// Reference is the project's own package: Do(ctx, p, op); its policy is
// read by internal/retrysite/libsite (reference.go).
var Reference = &Library{
	Name:      "retrylint retry",
	Module:    "github.com/retrylint/retrylint",
	Versions:  "this module",
	Paths:     []string{RetryPackage},
	Entries:   []Entry{Run("Do", 2, 1), Run("DoValue", 2, 1)},
	Reference: true,
	// github.com/retrylint/retrylint/retry: WithIdempotencyKey(ctx, key)
	// carries a key its transport sends; Retryable(err) marks an error to
	// retry; StatusError{StatusCode} is its HTTP status error.
	Policy: &PolicyVocab{KeyContext: "WithIdempotencyKey", Mark: "Retryable", StatusError: "StatusError", StatusField: "StatusCode"},
	// retry.NewTransport gives every POST and PATCH an Idempotency-Key
	// (retry/transport.go).
	Requests: &RequestVocab{KeyTransports: []string{"NewTransport"}},
	Advice:   Advice{Stop: "return them without retry.Retryable, which does not retry them anyway"},
}

// A PolicyVocab is the vocabulary of a package that enforces the
// standard's numbers itself (Library.Reference): a site is read only for
// what the package cannot see, its operation.
type PolicyVocab struct {
	// KeyContext is the function that puts an idempotency key on a
	// context for the package's transport to send.
	KeyContext string
	// Mark is the function that marks an error to retry.
	Mark string
	// StatusError is the error type that carries an HTTP status, in
	// its field StatusField.
	StatusError, StatusField string
}
