// Package grpcconfig holds gRPC service configs (issue 33): a
// methodConfig "timeout" is each call's deadline, its attempts and waits
// included; a retryPolicy without one retries until the caller's
// deadline, which the config cannot promise.
package grpcconfig

import "google.golang.org/grpc"

const noTimeout = `{"methodConfig": [{"name": [{"service": "a.B"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func NoTimeout() (*grpc.ClientConn, error) {
	return grpc.NewClient("x", grpc.WithDefaultServiceConfig(noTimeout)) // want `R-3: gRPC service config retry policy has no total duration cap: no methodConfig "timeout"`
}

const longTimeout = `{"methodConfig": [{"name": [{"service": "a.B"}], "timeout": "60s", "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func LongTimeout() (*grpc.ClientConn, error) {
	return grpc.NewClient("x", grpc.WithDefaultServiceConfig(longTimeout)) // want `R-3: gRPC service config retry policy is capped at 1m by its methodConfig "timeout", above the 30s cap`
}

// Must not flag: a 10s "timeout" caps every call of the policy.
const timed = `{"methodConfig": [{"name": [{"service": "a.B"}], "timeout": "10s", "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func Timed() (*grpc.ClientConn, error) {
	return grpc.NewClient("x", grpc.WithDefaultServiceConfig(timed))
}

// Must not flag: a methodConfig with a "timeout" and no retryPolicy
// retries nothing.
const noRetry = `{"methodConfig": [{"name": [{"service": "a.B"}], "timeout": "90s"}]}`

func NoRetry() (*grpc.ClientConn, error) {
	return grpc.NewClient("x", grpc.WithDefaultServiceConfig(noRetry))
}
