// Package nonretryable defines an Analyzer that enforces R-4 of the Retry
// Policy standard.
//
// # Analyzer nonretryable
//
// nonretryable: never retry client errors, non-retryable gRPC codes or TLS certificate errors
//
// (Work in progress.)
package nonretryable
