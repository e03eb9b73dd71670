package msgcheck

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	for _, msg := range []string{
		"R-1: retry of client.Do (POST /payments) waits a fixed 1s between attempts; use exponential backoff with full jitter",
		"R-2: backoff.Retry of op has no maximum retry count: cenkalti/backoff/v4 Retry with no WithMaxRetries retries until MaxElapsedTime",
		"R-4: gRPC service config retry policy retries gRPC NOT_FOUND (retryableStatusCodes 14, 5)",
		"R-6: go-retryablehttp retry of c.Do (POST) sends no Idempotency-Key header",
	} {
		if err := Check("fixedinterval", msg); err != nil {
			t.Errorf("Check(%q) = %v, want nil", msg, err)
		}
	}
	for _, msg := range []string{
		"R-1: retry loop waits a fixed 1s between attempts; R-1 requires exponential backoff with full jitter",
		"R-1: retry loop waits a fixed 1s between attempts",
		"R-1: retry of do waits a fixed 1s between attempts; R-1 requires full jitter",
		"retry of client.Do waits a fixed 1s",
		"R-1: retry of client.Do waits a fixed 1s\nthe loop is here",
		"R-1: retry of client.Do waits " + strings.Repeat("x", 160),
		"R-1: retry of client.Do waits a fixed 1s; wait rand.Int64N(int64(min(30*time.Second, time.Second<<attempt)))",
	} {
		if err := Check("fixedinterval", msg); err == nil {
			t.Errorf("Check(%q) = nil, want an error", msg)
		}
	}
	if err := Check("directives", `malformed //retrylint:context directive: unknown context "webhok"`); err != nil {
		t.Errorf("a directive finding: %v", err)
	}
}

func TestUnboundedShifts(t *testing.T) {
	for text, want := range map[string]int{
		"rand.Int64N(int64(min(30*time.Second, time.Second<<attempt)))":         1,
		"rand.N(time.Second << n)":                                              1,
		"rand.Int64N(int64(min(30*time.Second, time.Second<<min(attempt, 5))))": 0,
		"rand.N(time.Second<<3)":                                                0,
		"exponential without jitter (d<<attempt)":                               0,
	} {
		if got := len(UnboundedShifts(text)); got != want {
			t.Errorf("UnboundedShifts(%q) = %d, want %d", text, got, want)
		}
	}
}

// TestRecipesAreOverflowSafe checks that no recipe the project's
// documents or its source show tells users to shift by an unbounded
// attempt count (issue 14): the analyzers' documentation (what -explain
// prints), the package docs, messages and hints. -fix caps the exponent,
// and so must every text. The findings themselves are checked by Check,
// in the tests of the analyzers and of the corpus.
func TestRecipesAreOverflowSafe(t *testing.T) {
	texts := make(map[string]string)
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "testdata", ".git", "node_modules":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			texts[path] = string(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if texts[filepath.Join(root, "analyzers", "fixedinterval", "doc.go")] == "" {
		t.Fatalf("the walk from %s missed analyzers/fixedinterval/doc.go", root)
	}
	for name, text := range texts {
		if bad := UnboundedShifts(text); len(bad) > 0 {
			t.Errorf("%s shows an unbounded shift %q: cap the exponent (time.Second<<min(attempt, 5))", name, bad)
		}
	}
}
