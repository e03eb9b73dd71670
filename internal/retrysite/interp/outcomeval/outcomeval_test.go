package outcomeval_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/nonretryable"
	"github.com/retrylint/retrylint/internal/retrysite/interp/outcomeval"
	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestAsTarget: a predicate of the package that reads a net.Error's
// Timeout on what errors.As found in the error it is given does not
// retry certificate errors (astarget.go); one that retries every
// net.Error does. The outcome values are read through the whole model:
// the model's sitetest analyzers and a rule over testdata whose // want
// comments state what the model sees.
func TestAsTarget(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, nonretryable.Analyzer), "example.com/dialtls")
}

// TestHTTPDefaultPolicy: retryablehttp's default policy retries errors
// but certificate errors, and 429 and 5xx responses but 501.
func TestHTTPDefaultPolicy(t *testing.T) {
	t.Parallel()
	resp := func(code int64) vals.Value { return vals.Value{K: vals.VResp, I: code} }
	noErr := vals.Value{K: vals.VNil}
	cert := vals.Value{K: vals.VErrClass, I: outcomeval.ErrCert}
	other := vals.Value{K: vals.VNonNil, Dep: vals.DepOutcome}
	cases := []struct {
		resp, err vals.Value
		want      vals.Value
	}{
		{vals.Value{K: vals.VNil}, cert, vals.BoolVal(false)},
		{vals.Value{K: vals.VNil}, other, vals.BoolVal(true)},
		{resp(429), noErr, vals.BoolVal(true)},
		{resp(503), noErr, vals.BoolVal(true)},
		{resp(501), noErr, vals.BoolVal(false)},
		{resp(404), noErr, vals.BoolVal(false)},
		{vals.Unknown(vals.DepOutcome), noErr, vals.Unknown(vals.DepOutcome)},
	}
	for _, c := range cases {
		if got := outcomeval.HTTPDefaultPolicy(c.resp, c.err); got != c.want {
			t.Errorf("HTTPDefaultPolicy(%v, %v) = %v, want %v", c.resp, c.err, got, c.want)
		}
	}
}

// TestCarriedAccessor: the error a result carries in an unexported field
// is read through an accessor whose body only returns the field (carried.go),
// of the package or of another package of the module (its file parsed
// alone); a method that wraps the field, does more than return it,
// returns another error or is promoted from an embedded type is no such
// read, nor is the accessor of a variable that may hold another result.
func TestCarriedAccessor(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, fixedinterval.Analyzer), "example.com/accessor", "example.com/verdict/caller")
}
