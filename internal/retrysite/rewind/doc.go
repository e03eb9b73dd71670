// Package rewind recognises a loop-carried input that is only rewound
// for the next attempt: `req, err = rewindRequest(req, err)`, where the
// same-package function gives back the request it was given, or a copy
// of it whose fields it refills from the request itself (a fresh body
// from req.GetBody()), or nil with an error. Such a value is the same
// input on every round: the loop retries one operation, it does not move
// over values (the retry-site model's carriedVars, loops.go, asks
// Rewinds). A function that takes anything else into the copy (the next
// page's cursor from a response, a URL from a list) moves the operation
// and is not a rewind.
//
// Its tests run the retrysite Analyzer with fixedinterval and maxretries
// over testdata/src/example.com/rewind: requests rewound (a retry of the
// same request) and requests moved to the next page or another request
// (not a retry).
package rewind
