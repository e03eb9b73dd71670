// Package notimeout defines an Analyzer that enforces R-3 of the Retry
// Policy standard.
//
// # Analyzer notimeout
//
// notimeout: every attempt has a timeout and every retry has a total cap
//
// (Work in progress.)
package notimeout
