// Package statuses decides which HTTP statuses are worth another try: a
// predicate of a dependency that callers hand the status they got.
package statuses

import "net/http"

// Should reports whether a response with the status code is worth
// another try; a 429 only when the caller honours rate limits.
func Should(statusCode int, onRateLimit bool) bool {
	switch statusCode {
	case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	case http.StatusTooManyRequests:
		return onRateLimit
	default:
		return false
	}
}
