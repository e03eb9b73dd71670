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
	Policy: &PolicyVocab{KeyContext: "WithIdempotencyKey", Mark: "Retryable", StatusError: "StatusError", StatusField: "StatusCode",
		// retry.Policy (retry/policy.go): Do and DoValue refuse one
		// outside the standard before the first attempt.
		Settings: &SettingsFields{
			Type: "Policy", Context: "Context", MaxRetries: "MaxRetries", MaxDuration: "MaxDuration",
			BaseDelay: "BaseDelay", MaxDelay: "MaxDelay", Jitter: "Jitter", WebhookSchedule: "WebhookSchedule",
			AttemptTimeout: "AttemptTimeout", DeadLetter: "DeadLetter",
		}},
	// retry.NewTransport gives every POST and PATCH an Idempotency-Key
	// (retry/transport.go).
	Requests: &RequestVocab{KeyTransports: []string{"NewTransport"}},
	Advice:   Advice{Stop: "return them without retry.Retryable, which does not retry them anyway"},
}

// A PolicyVocab is the vocabulary of a package that enforces the
// standard's numbers itself (Library.Reference): a site is read for
// its operation, and for the policy it is given, which the package
// checks with policy.Settings.Resolve before the first attempt.
type PolicyVocab struct {
	// Settings, when set, names the policy type an entry takes and
	// its fields that carry the policy.Settings numbers.
	Settings *SettingsFields
	// KeyContext is the function that puts an idempotency key on a
	// context for the package's transport to send.
	KeyContext string
	// Mark is the function that marks an error to retry.
	Mark string
	// StatusError is the error type that carries an HTTP status, in
	// its field StatusField.
	StatusError, StatusField string
}

// SettingsFields name a policy type's fields that carry each number of
// policy.Settings (internal/retrysite/libsite reference.go reads them).
type SettingsFields struct {
	// Type is the policy type's name, in the package's first path.
	Type string
	// The fields: the context, the count, the duration cap, the
	// backoff's base, cap and jitter, the webhook schedule switch, the
	// per-attempt timeout and the dead-letter hook (a func; set when
	// non-nil).
	Context, MaxRetries, MaxDuration, BaseDelay, MaxDelay, Jitter string
	WebhookSchedule, AttemptTimeout, DeadLetter                   string
}
