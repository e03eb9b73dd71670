package valueindex

import "github.com/retrylint/retrylint/internal/retrysite/report"

// The names the model (package retrysite) uses of the index.

// ChooseBound sets s's bound from the values that reach it (chooseBound).
func ChooseBound(s *Site, opts *report.Options) { chooseBound(s, opts) }
