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
	// retry.NewTransport gives every POST and PATCH an Idempotency-Key
	// (retry/transport.go).
	Requests: &RequestVocab{KeyTransports: []string{"NewTransport"}},
	Advice:   Advice{Stop: "return them without retry.Retryable, which does not retry them anyway"},
}
