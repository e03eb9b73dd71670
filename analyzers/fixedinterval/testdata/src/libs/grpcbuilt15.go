package libs

import (
	"fmt"

	"google.golang.org/grpc"
)

// A gRPC service config built with fmt.Sprintf (issue 15): gRPC's own
// jitter is ±20%, partial.
func grpcConfigSprintf(service string) {
	cfg := fmt.Sprintf(`{"methodConfig": [{"name": [{"service": %q}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.5s", "maxBackoff": "4s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`, service)
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(cfg)) // want `R-1: gRPC service config retry policy uses partial jitter: gRPC scales each backoff by a random 0\.8-1\.2; the backoff doubles from 500ms up to 4s`
}

// Must not flag: the backoff comes from the caller.
func grpcConfigSprintfBackoff(initial string) {
	cfg := fmt.Sprintf(`{"methodConfig": [{"name": [{"service": "a.B"}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": %q, "maxBackoff": "4s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`, initial)
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(cfg))
}

// A package variable written once (grpc examples' retry client).
var retryPolicyDoc = `{"methodConfig": [{"name": [{"service": "a.B"}], "retryPolicy": {"MaxAttempts": 4, "InitialBackoff": ".01s", "MaxBackoff": ".01s", "BackoffMultiplier": 1.0, "RetryableStatusCodes": ["UNAVAILABLE"]}}]}`

func grpcConfigPackageVar() {
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(retryPolicyDoc)) // want `R-1: gRPC service config retry policy waits a fixed 10ms ±20% between attempts`
}

// Must not flag: a package variable the package writes twice.
var retryPolicyDoc2 = `{"methodConfig": [{"name": [{"service": "a.B"}], "retryPolicy": {"MaxAttempts": 4, "InitialBackoff": ".01s", "MaxBackoff": ".01s", "BackoffMultiplier": 1.0, "RetryableStatusCodes": ["UNAVAILABLE"]}}]}`

func setPolicyDoc2(s string) { retryPolicyDoc2 = s }

func grpcConfigPackageVarTwice() {
	_, _ = grpc.NewClient("x", grpc.WithDefaultServiceConfig(retryPolicyDoc2))
}
