package corpustest

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBroken runs retrylint on a module that does not type-check
// (testdata/broken): a clear error naming the problem, exit status 1, no
// panic, whether run standalone or with -json.
func TestBroken(t *testing.T) {
	root := repoRoot(t)
	bin := filepath.Join(t.TempDir(), "retrylint")
	if out, err := goCmd(root, "build", "-o", bin, "./cmd/retrylint").CombinedOutput(); err != nil {
		t.Fatalf("building retrylint: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"./..."}, {"-json", "./..."}, {"-maxretries", "./retry"}} {
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(bin, args...)
		cmd.Dir = filepath.Join(root, "testdata", "broken")
		cmd.Env = goCmd(root).Env
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Errorf("retrylint %s: got %v, want exit status 1\nstderr:\n%s", strings.Join(args, " "), err, stderr.String())
		}
		out := stderr.String() + stdout.String()
		if crashRE.MatchString(strings.ReplaceAll(out, "analysis skipped due to errors", "")) {
			t.Errorf("retrylint %s crashed:\n%s", strings.Join(args, " "), out)
		}
		for _, want := range []string{"retry.go:15:16: undefined: undefinedClient", "retry.go:19:14"} {
			if !strings.Contains(out, want) {
				t.Errorf("retrylint %s: output lacks %q:\n%s", strings.Join(args, " "), want, out)
			}
		}
	}
}
