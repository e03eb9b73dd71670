package driver

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestUnified(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n"
	neu := "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn\n"
	got := unified("x (old)", "x (new)", old, neu)
	want := `--- x (old)
+++ x (new)
@@ -1,5 +1,5 @@
 a
-b
+B
 c
 d
 e
@@ -11,3 +11,4 @@
 k
 l
 m
+n
`
	if got != want {
		t.Errorf("unified:\n%s\nwant:\n%s", got, want)
	}
	if got := unified("x", "y", "same\n", "same\n"); got != "" {
		t.Errorf("equal inputs: %q", got)
	}
}

// TestUnifiedPatch checks diffs against patch(1), when it is installed:
// applying the diff to the old text must give the new one.
func TestUnifiedPatch(t *testing.T) {
	if _, err := exec.LookPath("patch"); err != nil {
		t.Skip("no patch command")
	}
	cases := [][2]string{
		{"", "a\n"},
		{"a\n", ""},
		{"a\nb\nc\n", "c\nb\na\n"},
		{"x\ny\nz", "x\nY\nz"},
		{"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "0\n1\n2\n3\n5\n6\n7\n8\n9\n10\n12\n13\n"},
		{strings.Repeat("l\n", 50), strings.Repeat("l\n", 20) + "m\n" + strings.Repeat("l\n", 29)},
	}
	for i, c := range cases {
		dir := t.TempDir()
		f := filepath.Join(dir, "f")
		if err := os.WriteFile(f, []byte(c[0]), 0o644); err != nil {
			t.Fatal(err)
		}
		d := unified("f", "f", c[0], c[1])
		cmd := exec.Command("patch", "-s", "f")
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader(d)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("case %d: patch: %v\n%s\n%s", i, err, out, d)
			continue
		}
		got, _ := os.ReadFile(f)
		if string(got) != c[1] {
			t.Errorf("case %d: patched to %q, want %q\n%s", i, got, c[1], d)
		}
	}
}

func TestAddEdit(t *testing.T) {
	base := []edit{{"f", 10, 20, "x"}}
	for _, tc := range []struct {
		e  edit
		ok bool
	}{
		{edit{"f", 10, 20, "x"}, true},  // the same edit again
		{edit{"f", 15, 25, "y"}, false}, // overlaps
		{edit{"f", 15, 15, "y"}, false}, // inserts inside
		{edit{"f", 10, 10, "y"}, true},  // inserts before
		{edit{"f", 20, 20, "y"}, true},  // inserts after
		{edit{"f", 0, 10, "y"}, true},   // adjacent
		{edit{"f", 5, 25, "y"}, false},  // covers
	} {
		_, ok := addEdit(base, tc.e)
		if ok != tc.ok {
			t.Errorf("addEdit(%v) = %v, want %v", tc.e, ok, tc.ok)
		}
	}
	es, _ := addEdit(nil, edit{"f", 3, 3, "a"})
	if _, ok := addEdit(es, edit{"f", 3, 3, "b"}); ok {
		t.Errorf("two different insertions at one point were accepted")
	}
	es, _ = addEdit(es, edit{"f", 0, 1, "X"})
	got, err := apply([]byte("0123456"), es)
	if err != nil || string(got) != "X12a3456" {
		t.Errorf("apply = %q, %v", got, err)
	}
}

func TestEscape(t *testing.T) {
	if got := escapeData("50% done\nnext"); got != "50%25 done%0Anext" {
		t.Errorf("escapeData = %q", got)
	}
	if got := escapeProperty("a:b,c%"); got != "a%3Ab%2Cc%25" {
		t.Errorf("escapeProperty = %q", got)
	}
}

func TestUTF16Col(t *testing.T) {
	f := filepath.Join(t.TempDir(), "f.go")
	// "é" is 2 bytes and 1 UTF-16 unit, "😀" 4 bytes and 2 units.
	if err := os.WriteFile(f, []byte("x\ns := \"é😀\"; f()\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newLineCache()
	byteCol := len("s := \"é😀\"; ") + 1
	if got, want := c.utf16Col(f, 2, byteCol), len("s := \"")+1+2+len("\"; ")+1; got != want {
		t.Errorf("utf16Col = %d, want %d", got, want)
	}
	if got := c.utf16Col(f, 9, 4); got != 4 {
		t.Errorf("a line past the end: %d, want the byte column", got)
	}
}

func TestRelative(t *testing.T) {
	for _, tc := range []struct {
		file, base, want string
		ok               bool
	}{
		{"/w/r/a/b.go", "/w/r", "a/b.go", true},
		{"/w/r2/b.go", "/w/r", "", false},
		{"/w/b.go", "/w/r", "", false},
	} {
		got, ok := relative(filepath.FromSlash(tc.file), filepath.FromSlash(tc.base))
		if ok != tc.ok || filepath.ToSlash(got) != tc.want {
			t.Errorf("relative(%s, %s) = %q, %v", tc.file, tc.base, got, ok)
		}
	}
}
