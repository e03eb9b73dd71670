package fixedinterval

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// shift finds a left shift by a variable: base<<attempt, 1 << n.
var shift = regexp.MustCompile(`<<\s*(min\(|[A-Za-z_][A-Za-z0-9_.]*)`)

// unboundedShifts returns the shifts in the recipes of text whose count
// is a bare variable: time.Second<<attempt overflows once attempt reaches
// 34 and rand.Int64N then panics on a negative bound. A shift capped by
// min(...) or by a constant is safe. A recipe is a line that draws a
// random wait (it mentions rand); other lines may name the shapes the
// analyzer reports (d<<attempt, exponential without jitter).
func unboundedShifts(text string) []string {
	var bad []string
	for _, line := range strings.Split(text, "\n") {
		if !strings.Contains(line, "rand") {
			continue
		}
		for _, m := range shift.FindAllStringSubmatch(line, -1) {
			if m[1] != "min(" {
				bad = append(bad, m[0])
			}
		}
	}
	return bad
}

func TestUnboundedShiftDetector(t *testing.T) {
	for text, want := range map[string]int{
		"rand.Int64N(int64(min(30*time.Second, time.Second<<attempt)))":         1,
		"rand.N(time.Second << n)":                                              1,
		"rand.Int64N(int64(min(30*time.Second, time.Second<<min(attempt, 5))))": 0,
		"rand.N(time.Second<<3)":                                                0,
		"exponential without jitter (d<<attempt)":                               0,
	} {
		if got := len(unboundedShifts(text)); got != want {
			t.Errorf("unboundedShifts(%q) = %d, want %d", text, got, want)
		}
	}
}

// TestRecipesAreOverflowSafe checks that no recipe the analyzer's
// documentation, the project's documents or its source show tells
// users to shift by an unbounded attempt count (issue 14): -fix caps the
// exponent, and so must every text.
func TestRecipesAreOverflowSafe(t *testing.T) {
	texts := map[string]string{"Analyzer.Doc": Analyzer.Doc}

	// The project's documents and its Go source outside tests: recipes
	// users copy (package docs, -explain texts, messages and hints).
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
	for name, text := range texts {
		if bad := unboundedShifts(text); len(bad) > 0 {
			t.Errorf("%s shows an unbounded shift %q: cap the exponent (time.Second<<min(attempt, 5))", name, bad)
		}
	}
}
