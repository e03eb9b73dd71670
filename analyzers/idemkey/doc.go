// Package idemkey defines an Analyzer that enforces R-6 of the Retry
// Policy standard.
//
// # Analyzer idemkey
//
// idemkey: a retried POST or PATCH carries one stable Idempotency-Key
//
// (Work in progress.)
package idemkey
