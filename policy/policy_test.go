package policy

import (
	"testing"
	"time"
)

func TestLimits(t *testing.T) {
	// The tables of the standard.
	want := map[Context]Limits{
		SyncAPI:    {3, Range{1, 5}, 30 * time.Second},
		AsyncEvent: {5, Range{1, 10}, 24 * time.Hour},
		Webhook:    {5, Range{3, 8}, 24 * time.Hour},
		Batch:      {3, Range{1, 5}, 24 * time.Hour},
		GRPCUnary:  {3, Range{1, 5}, 30 * time.Second},
	}
	for _, c := range Contexts() {
		if got := For(c); got != want[c] {
			t.Errorf("For(%s) = %+v, want %+v", c, got, want[c])
		}
		if !For(c).Retries.Contains(For(c).DefaultRetries) {
			t.Errorf("%s: default %d outside its range", c, For(c).DefaultRetries)
		}
	}
}

func TestParseContext(t *testing.T) {
	for in, want := range map[string]Context{"sync": SyncAPI, "Async": AsyncEvent, "webhook": Webhook, "batch": Batch, "grpc-unary": GRPCUnary} {
		got, err := ParseContext(in)
		if err != nil || got != want {
			t.Errorf("ParseContext(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseContext("eventually"); err == nil {
		t.Error("ParseContext(eventually): no error")
	}
}

func TestClassifyHTTPStatus(t *testing.T) {
	for code, want := range map[int]Class{
		200: Unclassified, 301: Unclassified, 400: NonRetryable, 401: NonRetryable, 403: NonRetryable,
		404: NonRetryable, 408: Retryable, 409: NonRetryable, 418: NonRetryable, 422: NonRetryable,
		425: Unclassified, 429: Retryable, 500: Retryable, 501: Unclassified, 502: Retryable, 503: Retryable, 504: Retryable,
	} {
		if got := ClassifyHTTPStatus(code); got != want {
			t.Errorf("ClassifyHTTPStatus(%d) = %s, want %s", code, got, want)
		}
	}
}

func TestClassifyGRPCCode(t *testing.T) {
	for _, c := range RetryableGRPCCodes {
		if ClassifyGRPCCode(c) != Retryable {
			t.Errorf("%s not retryable", c)
		}
	}
	for _, c := range NonRetryableGRPCCodes {
		if ClassifyGRPCCode(c) != NonRetryable {
			t.Errorf("%s retryable", c)
		}
	}
	if c, ok := ParseGRPCCode("unavailable"); !ok || c != Unavailable {
		t.Errorf("ParseGRPCCode(unavailable) = %v, %v", c, ok)
	}
	if c, ok := ParseGRPCCode("CANCELED"); !ok || c != Canceled {
		t.Errorf("ParseGRPCCode(CANCELED) = %v, %v", c, ok)
	}
}

func TestErrorClasses(t *testing.T) {
	if ErrTLSCertificate.Class() != NonRetryable || ErrTLSHandshakeTimeout.Class() != Retryable || ErrDNS.Class() != Retryable {
		t.Error("R-4/R-9 error classes are wrong")
	}
}

func TestDescribeHTTPStatuses(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
	}{
		{[]int{404, 400, 418, 401, 403, 409, 422, 405, 410}, "400, 401, 403, 404, 409, 422 and other 4xx"},
		{[]int{404, 400, 418, 405}, "400, 404, 405, 418"},
		{[]int{404}, "404"},
		{[]int{418}, "418"},
		{[]int{400, 418, 405}, "400, 405, 418"},
		{[]int{418, 405, 410}, "4xx client errors"},
	} {
		if got := DescribeHTTPStatuses(c.in); got != c.want {
			t.Errorf("DescribeHTTPStatuses(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestIdempotency(t *testing.T) {
	for m, want := range map[string]bool{"POST": true, "patch": true, "GET": false, "PUT": false, "DELETE": false} {
		if RequiresIdempotencyKey(m) != want {
			t.Errorf("RequiresIdempotencyKey(%s) != %v", m, want)
		}
	}
}
