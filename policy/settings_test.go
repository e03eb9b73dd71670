package policy

import (
	"errors"
	"testing"
	"time"
)

func TestResolve(t *testing.T) {
	for _, c := range []struct {
		name string
		in   Settings
		rule string
		want string // the reason, or "" for a valid policy
	}{
		{"zero", Settings{}, "", ""},
		{"async with dead letters", Settings{Context: AsyncEvent, MaxRetries: 10, MaxDuration: 24 * time.Hour, DeadLetter: true}, "", ""},
		{"webhook schedule", Settings{Context: Webhook, WebhookSchedule: true, DeadLetter: true}, "", ""},
		{"async count", Settings{Context: AsyncEvent, MaxRetries: 20, DeadLetter: true}, "R-2", "MaxRetries 20 is outside the async event processing range 1-10"},
		{"webhook count below", Settings{Context: Webhook, MaxRetries: 2, DeadLetter: true}, "R-2", "MaxRetries 2 is outside the webhook delivery range 3-8"},
		{"unknown context", Settings{Context: 42}, "R-2", "unknown context Context(42)"},
		{"sync duration", Settings{MaxDuration: 2 * time.Minute}, "R-3", "MaxDuration 2m0s exceeds the synchronous API call cap of 30s"},
		{"negative duration", Settings{MaxDuration: -1}, "R-3", "negative MaxDuration -1ns"},
		{"base above default cap", Settings{BaseDelay: time.Minute}, "R-1", "BaseDelay 1m0s exceeds MaxDelay 30s"},
		{"default base above cap", Settings{MaxDelay: time.Millisecond}, "R-1", "BaseDelay 1s exceeds MaxDelay 1ms"},
		{"negative base", Settings{BaseDelay: -time.Second}, "R-1", "negative BaseDelay or MaxDelay"},
		{"jitter", Settings{Jitter: 7}, "R-1", "unknown jitter Jitter(7), neither full nor decorrelated"},
		{"schedule outside webhooks", Settings{WebhookSchedule: true}, "R-3", "WebhookSchedule needs Context policy.Webhook, not sync"},
		{"negative attempt timeout", Settings{AttemptTimeout: -time.Second}, "R-3", "negative AttemptTimeout -1s"},
		{"no dead letters", Settings{Context: Webhook}, "R-8", "the webhook delivery context needs a DeadLetter hook"},
		// The first field that breaks the standard is the one named.
		{"count before duration", Settings{MaxRetries: 9, MaxDuration: time.Hour}, "R-2", "MaxRetries 9 is outside the synchronous API call range 1-5"},
	} {
		got, r := c.in.Resolve()
		switch {
		case c.want == "" && r != nil:
			t.Errorf("%s: refused: %v", c.name, r)
		case c.want != "" && r == nil:
			t.Errorf("%s: accepted as %+v, want %s (%s)", c.name, got, c.want, c.rule)
		case r != nil && (r.Rule != c.rule || r.Reason != c.want):
			t.Errorf("%s: refused with %s %q, want %s %q", c.name, r.Rule, r.Reason, c.rule, c.want)
		}
	}
}

func TestResolveDefaults(t *testing.T) {
	got, r := Settings{Context: AsyncEvent, DeadLetter: true, BaseDelay: 2 * time.Second}.Resolve()
	want := Settings{Context: AsyncEvent, DeadLetter: true, MaxRetries: 5, MaxDuration: 24 * time.Hour, BaseDelay: 2 * time.Second, MaxDelay: MaxDelay}
	if r != nil || got != want {
		t.Errorf("Resolve = %+v, %v; want %+v", got, r, want)
	}
}

func TestRefusalError(t *testing.T) {
	_, r := Settings{Context: AsyncEvent, MaxRetries: 20, DeadLetter: true}.Resolve()
	var err error = r
	if got, want := err.Error(), "MaxRetries 20 is outside the async event processing range 1-10 (R-2)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	var target *Refusal
	if !errors.As(err, &target) || target.Rule != "R-2" {
		t.Errorf("errors.As: %v", target)
	}
}

func TestRefusedWhatever(t *testing.T) {
	for _, c := range []struct {
		name    string
		in      Settings
		unknown Field
		want    string // the reason, or "" when some unknown values make it valid
	}{
		{"all known, valid", Settings{}, 0, ""},
		{"all known, refused", Settings{MaxRetries: 8}, 0, "MaxRetries 8 is outside the synchronous API call range 1-5"},
		{"unknown count", Settings{MaxRetries: 8}, FieldMaxRetries, ""},
		{"refused whatever the count", Settings{MaxDuration: time.Hour}, FieldMaxRetries, "MaxDuration 1h0m0s exceeds the synchronous API call cap of 30s"},
		{"unknown hook", Settings{Context: AsyncEvent}, FieldDeadLetter, ""},
		{"no hook whatever the count", Settings{Context: AsyncEvent}, FieldMaxRetries, "the async event processing context needs a DeadLetter hook"},
		{"unknown cap may be larger", Settings{BaseDelay: time.Minute}, FieldMaxDelay, ""},
		{"unknown base may be smaller", Settings{MaxDelay: time.Millisecond}, FieldBaseDelay, ""},
		{"negative base whatever the cap", Settings{BaseDelay: -1}, FieldMaxDelay, "negative BaseDelay or MaxDelay"},
		{"unknown schedule", Settings{WebhookSchedule: true}, FieldWebhookSchedule, ""},
		{"unknown jitter and timeout", Settings{Jitter: 9, AttemptTimeout: -1}, FieldJitter | FieldAttemptTimeout, ""},
	} {
		r := c.in.RefusedWhatever(c.unknown)
		switch {
		case c.want == "" && r != nil:
			t.Errorf("%s: refused: %v", c.name, r)
		case c.want != "" && (r == nil || r.Reason != c.want):
			t.Errorf("%s: got %v, want %q", c.name, r, c.want)
		}
	}
}
