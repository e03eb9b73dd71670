package knowledge

import (
	"strings"
	"testing"
)

// TestJitterFixes checks that every library's R-1 recipe can be built:
// a message, a value for its settings, an option for its constructors or
// its default, and Also options with a value and a reason.
func TestJitterFixes(t *testing.T) {
	n := 0
	for _, lib := range All() {
		r := lib.Advice.JitterFix
		if r == nil {
			continue
		}
		n++
		if r.Message == "" {
			t.Errorf("%s: the fix has no message", lib.Name)
		}
		if len(r.Settings) > 0 && r.Value == "" {
			t.Errorf("%s: settings %v but no value to write", lib.Name, r.Settings)
		}
		if (len(r.Constructors) > 0 || r.OnDefault) && !strings.Contains(r.Option, "{pkg}.") {
			t.Errorf("%s: option %q is not qualified with {pkg}", lib.Name, r.Option)
		}
		for _, o := range r.Also {
			if o.Option == "" || (o.Duration == 0) == (o.Value == "") {
				t.Errorf("%s: Also option %+v needs a name and one value", lib.Name, o)
			}
		}
		if len(r.Also) > 0 && r.AlsoWhy == "" {
			t.Errorf("%s: Also without AlsoWhy", lib.Name)
		}
	}
	if n < 4 {
		t.Errorf("only %d libraries have an R-1 fix; cenkalti v4/v5 and retry-go v4/v5 do", n)
	}
}
