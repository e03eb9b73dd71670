package valueindex

import (
	"go/ast"
	"go/types"
	"reflect"
	"strconv"
	"strings"
)

// InlineDefault reports whether the package gives the exported field f no
// value of its own (only the user may set it), and then notes dflt as its
// default: the number the package puts in place of the field's zero in a
// local it reads it into (interp fixedlocal.go), as getterDefault does
// for a getter.
func (x interpIndex) InlineDefault(f *types.Var, dflt ast.Expr) bool {
	m := x.Index
	if !f.IsField() || !f.Exported() || !m.IndexedVar(f) {
		return false
	}
	ws, user, ok := m.reachingDefaults(f)
	if !ok || len(ws) > 0 {
		return false
	}
	m.ValueIndexOf().NoteDefault(f, user, dflt)
	return true
}

// decoderKeys are the struct tag keys of the decoders that fill a
// configuration struct from a file or the environment.
var decoderKeys = []string{"yaml", "json", "toml", "mapstructure", "env", "envconfig", "koanf", "hcl"}

// skippedByDecoders reports whether a field's tag (its literal, quotes
// included) names decoders and tells each of them to skip the field
// (`yaml:"-"`): no configuration file sets it, only code does.
func skippedByDecoders(lit string) bool {
	if !strings.Contains(lit, "-") {
		return false // no key says "-" (most tags)
	}
	s, err := strconv.Unquote(lit)
	if err != nil {
		return false
	}
	tag := reflect.StructTag(s)
	named := false
	for _, k := range decoderKeys {
		v, ok := tag.Lookup(k)
		if !ok {
			continue
		}
		if v != "-" {
			return false
		}
		named = true
	}
	return named
}
