package libsite

import (
	"go/types"
	"testing"
)

// A Reader is made again when the model it reads for is rebound to other
// code (a copy of the model over another package's type information).
func TestReaderMade(t *testing.T) {
	info := &types.Info{}
	c := Config{Info: info, Pkg: types.NewPackage("example.com/a", "a")}
	r := New(c)
	if !r.Made(c) {
		t.Errorf("a Reader is not made of the config it was made of")
	}
	other := c
	other.Info = &types.Info{}
	if r.Made(other) {
		t.Errorf("a Reader is made of a config with other type information")
	}
	other = c
	other.Pkg = types.NewPackage("example.com/b", "b")
	if r.Made(other) {
		t.Errorf("a Reader is made of a config with another package")
	}
}
