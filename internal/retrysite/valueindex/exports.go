package valueindex

import (
	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/site"
)

// The names the model (package retrysite) uses of the index.

// ChooseBound sets s's bound from the values that reach it (chooseBound).
func ChooseBound(s *site.Site, opts *report.Options) { chooseBound(s, opts) }
