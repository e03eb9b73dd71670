package retrysite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

func TestValues(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), show, "values")
}

func TestValuesWaits(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), showWaits, "valuewaits")
}
