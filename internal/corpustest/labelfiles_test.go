package corpustest

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLabelFiles parses every label file of the corpus and the unseen
// set, so that a malformed line fails here and not only in the long runs
// (and a held-back set's labels are checked without running the model).
func TestLabelFiles(t *testing.T) {
	t.Parallel()
	for _, set := range []string{"corpus", "unseen"} {
		files, err := filepath.Glob(filepath.Join(repoRoot(t), "testdata", set, "labels", "*.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Errorf("testdata/%s/labels: no label files", set)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := parseLabels(filepath.Base(f), data); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		}
	}
}
