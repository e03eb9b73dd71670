package policy

import (
	"fmt"
	"strings"
	"time"
)

// A Context is the kind of integration a retry belongs to. set
// different limits for each.
type Context int

const (
	// SyncAPI is a synchronous API call (the default context).
	SyncAPI Context = iota
	// AsyncEvent is asynchronous event processing.
	AsyncEvent
	// Webhook is webhook delivery.
	Webhook
	// Batch is a batch job item.
	Batch
	// GRPCUnary is a unary gRPC call.
	GRPCUnary
)

var contextNames = [...]string{
	SyncAPI:    "sync",
	AsyncEvent: "async",
	Webhook:    "webhook",
	Batch:      "batch",
	GRPCUnary:  "grpc",
}

var contextTitles = [...]string{
	SyncAPI:    "synchronous API call",
	AsyncEvent: "async event processing",
	Webhook:    "webhook delivery",
	Batch:      "batch job item",
	GRPCUnary:  "gRPC unary call",
}

// Contexts lists every context in the order of the standard's R-2 table.
func Contexts() []Context {
	return []Context{SyncAPI, AsyncEvent, Webhook, Batch, GRPCUnary}
}

// String returns the context's short name, as used in directives and flags
// ("sync", "async", "webhook", "batch", "grpc").
func (c Context) String() string {
	if c < 0 || int(c) >= len(contextNames) {
		return fmt.Sprintf("Context(%d)", int(c))
	}
	return contextNames[c]
}

// Title returns the name the standard gives the context.
func (c Context) Title() string {
	if c < 0 || int(c) >= len(contextTitles) {
		return c.String()
	}
	return contextTitles[c]
}

// ParseContext parses a context name. It accepts the short names and a few
// spellings of each ("sync-api", "event", "grpc-unary", ...), case-insensitively.
func ParseContext(s string) (Context, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "sync", "syncapi", "sync-api", "sync_api", "api", "synchronous":
		return SyncAPI, nil
	case "async", "asyncevent", "async-event", "async_event", "event", "events":
		return AsyncEvent, nil
	case "webhook", "webhooks":
		return Webhook, nil
	case "batch", "batch-item", "batch_item":
		return Batch, nil
	case "grpc", "grpc-unary", "grpc_unary", "grpcunary", "unary":
		return GRPCUnary, nil
	}
	return 0, fmt.Errorf("unknown retry context %q (want one of sync, async, webhook, batch, grpc)", s)
}

// A Range is an inclusive range of retry counts.
type Range struct{ Min, Max int }

// Contains reports whether n lies in r.
func (r Range) Contains(n int) bool { return r.Min <= n && n <= r.Max }

func (r Range) String() string { return fmt.Sprintf("%d-%d", r.Min, r.Max) }

// Limits are the numbers set for one context.
type Limits struct {
	// DefaultRetries is the default maximum retry count.
	DefaultRetries int
	// Retries is the allowed range of the maximum retry count.
	// Exceeding it requires Integration Architecture Board approval.
	Retries Range
	// MaxDuration caps the total duration of a retry loop.
	MaxDuration time.Duration
}

// For returns the standard's limits for c.
//
// R-3 gives 30 seconds for synchronous API calls and 24 hours for async
// events and webhooks. It names no cap for gRPC unary calls or batch items:
// a unary call is synchronous, so it gets the synchronous cap; a batch item
// is processed offline, so it gets the asynchronous one.
func For(c Context) Limits {
	switch c {
	case AsyncEvent:
		return Limits{DefaultRetries: 5, Retries: Range{1, 10}, MaxDuration: 24 * time.Hour}
	case Webhook:
		return Limits{DefaultRetries: 5, Retries: Range{3, 8}, MaxDuration: 24 * time.Hour}
	case Batch:
		return Limits{DefaultRetries: 3, Retries: Range{1, 5}, MaxDuration: 24 * time.Hour}
	case GRPCUnary:
		return Limits{DefaultRetries: 3, Retries: Range{1, 5}, MaxDuration: 30 * time.Second}
	default:
		return Limits{DefaultRetries: 3, Retries: Range{1, 5}, MaxDuration: 30 * time.Second}
	}
}

// WebhookSchedule is the delay before each webhook delivery attempt that
// R-3 recommends: attempt 1 is sent at once, attempt 8 four hours after
// attempt 7.
var WebhookSchedule = [...]time.Duration{
	0,
	1 * time.Second,
	5 * time.Second,
	30 * time.Second,
	2 * time.Minute,
	15 * time.Minute,
	1 * time.Hour,
	4 * time.Hour,
}

// NeedsDeadLetter reports whether retries in c must end in a dead-letter
// queue with an alert after the final attempt: async events and
// webhooks.
func NeedsDeadLetter(c Context) bool {
	return c == AsyncEvent || c == Webhook
}
