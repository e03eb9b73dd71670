package knowledge

import (
	"strings"
	"testing"
)

// TestTimeoutAndRequestVocabs checks the timeout and request
// vocabularies are well formed and agree with their tables: a context
// rule names entries of its table and says where the context comes from,
// a cap rule that caps by default has a default to cap with, a builder
// names its sends, and every send, origin and type a vocabulary lists is
// found by the lookups package ops uses.
func TestTimeoutAndRequestVocabs(t *testing.T) {
	for _, l := range All() {
		if v := l.Timeouts; v != nil {
			names := map[string]bool{}
			for _, e := range l.Entries {
				names[e.Func[strings.LastIndexByte(e.Func, '.')+1:]] = true
			}
			for _, c := range v.Context {
				for _, n := range c.Entries {
					if !names[n] {
						t.Errorf("%s: context rule for %s, not an entry of the table", l.Name, n)
					}
				}
				if c.Setting == "" && !c.FromEntry && !c.Caller && c.Background == "" {
					t.Errorf("%s: a context rule that says nothing", l.Name)
				}
			}
			kindless := 0
			for _, c := range v.Caps {
				if len(c.Kinds) == 0 {
					kindless++
				}
				if c.Default && l.Defaults.MaxElapsed <= 0 {
					t.Errorf("%s: a cap rule takes the default MaxElapsed, which the table does not give", l.Name)
				}
				if c.Default && c.Absent != "" {
					t.Errorf("%s: a cap rule with a default and an absent reason", l.Name)
				}
			}
			if kindless > 1 {
				t.Errorf("%s: %d cap rules with no kind; only the first applies", l.Name, kindless)
			}
			if v.Worst != nil && (v.Client == nil || l.Defaults.Initial <= 0 || l.Defaults.Max <= 0) {
				t.Errorf("%s: worst-case waits need a client and the table's Initial and Max", l.Name)
			}
		}
		if v := l.Requests; v != nil {
			p := v.Path
			if p == "" {
				p = l.Paths[0]
			}
			if !l.Has(p) {
				t.Errorf("%s: request vocabulary's package %s is not among the table's", l.Name, p)
			}
			for k, s := range v.Funcs {
				if got, ok := SendOf(p + "." + k); !ok || got != s {
					t.Errorf("%s: SendOf(%s.%s) = %v, %v", l.Name, p, k, got, ok)
				}
				if s.Unwrap && s.Wrap {
					t.Errorf("%s: %s both wraps and unwraps", l.Name, k)
				}
			}
			for k := range v.Origins {
				if _, ok := OriginOf(p + "." + k); !ok {
					t.Errorf("%s: OriginOf(%s.%s) not found", l.Name, p, k)
				}
			}
			if v.Builder != "" {
				if len(v.BuilderSends) == 0 || !IsBuilderType(p, v.Builder) || !IsRequestType(p, v.Builder) {
					t.Errorf("%s: builder %s has no sends or is not found", l.Name, v.Builder)
				}
				for _, n := range v.NewRequest {
					if !IsNewRequest(p + "." + v.Client + "." + n) {
						t.Errorf("%s: %s.%s does not make a builder", l.Name, v.Client, n)
					}
				}
			}
		}
	}
	// net/http is a vocabulary, not a library.
	if _, ok := SendOf("net/http.Client.Do"); !ok || !IsRequestType("net/http", "Request") || !IsHTTPSender("net/http", "Client") {
		t.Errorf("net/http's request vocabulary is missing")
	}
	if RequestFuncOf("net/http/httptest.NewRequest").Kind != NotRequestFunc {
		t.Errorf("httptest's requests have no context kind")
	}
	if !IsHeaderNeutral("go.opentelemetry.io/otel/propagation") || IsHeaderNeutral("example.com/otel") {
		t.Errorf("IsHeaderNeutral")
	}
}
