package retry_test

import (
	"context"
	"errors"
	"testing"

	"github.com/retrylint/retrylint/policy"
	"github.com/retrylint/retrylint/retry"
)

// TestValidateRefusal checks that Validate refuses a Policy with the
// words and the rule of policy.Settings.Resolve, the check the analyzers
// make of the policies they see.
func TestValidateRefusal(t *testing.T) {
	dl := func(context.Context, retry.DeadLetterMessage) error { return nil }
	err := retry.Policy{Context: policy.AsyncEvent, MaxRetries: 20, DeadLetter: dl}.Validate()
	if got, want := err.Error(), "retry: invalid policy: MaxRetries 20 is outside the async event processing range 1-10 (R-2)"; got != want {
		t.Errorf("Validate() = %q, want %q", got, want)
	}
	if !errors.Is(err, retry.ErrInvalidPolicy) {
		t.Errorf("%v does not wrap ErrInvalidPolicy", err)
	}
	var r *policy.Refusal
	if !errors.As(err, &r) || r.Rule != "R-2" {
		t.Errorf("%v does not wrap the R-2 refusal", err)
	}
	if err := (retry.Policy{Context: policy.Webhook, WebhookSchedule: true, Jitter: retry.DecorrelatedJitter, DeadLetter: dl}).Validate(); err != nil {
		t.Errorf("valid webhook policy refused: %v", err)
	}
}
