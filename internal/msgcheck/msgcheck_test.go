package msgcheck

import (
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	for _, msg := range []string{
		"R-1: retry of client.Do (POST /payments) waits a fixed 1s between attempts; use exponential backoff with full jitter",
		"R-2: backoff.Retry of op has no maximum retry count: cenkalti/backoff/v4 Retry with no WithMaxRetries retries until MaxElapsedTime",
		"R-4: gRPC service config retry policy retries gRPC NOT_FOUND (retryableStatusCodes 14, 5)",
		"R-6: go-retryablehttp retry of c.Do (POST) sends no Idempotency-Key header",
	} {
		if err := Check("fixedinterval", msg); err != nil {
			t.Errorf("Check(%q) = %v, want nil", msg, err)
		}
	}
	for _, msg := range []string{
		"R-1: retry loop waits a fixed 1s between attempts; R-1 requires exponential backoff with full jitter",
		"R-1: retry loop waits a fixed 1s between attempts",
		"R-1: retry of do waits a fixed 1s between attempts; R-1 requires full jitter",
		"retry of client.Do waits a fixed 1s",
		"R-1: retry of client.Do waits a fixed 1s\nthe loop is here",
		"R-1: retry of client.Do waits " + strings.Repeat("x", 160),
	} {
		if err := Check("fixedinterval", msg); err == nil {
			t.Errorf("Check(%q) = nil, want an error", msg)
		}
	}
	if err := Check("directives", `malformed //retrylint:context directive: unknown context "webhok"`); err != nil {
		t.Errorf("a directive finding: %v", err)
	}
}
