// Package fixedinterval defines an Analyzer that enforces R-1 of the Retry
// Policy standard.
//
// # Analyzer fixedinterval
//
// fixedinterval: waits between retries must be exponential backoff with full jitter
//
// (Work in progress.)
package fixedinterval
