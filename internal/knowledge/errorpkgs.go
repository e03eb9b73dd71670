package knowledge

// Error packages: libraries whose functions build, wrap, join or inspect
// error values (errors.Wrap(err, msg), multierror.Append, xerrors.Errorf)
// and make no call to another service. A function of the analysed
// package that only returns such an error (`return errors.Wrap(ErrNoClient,
// "no active connection found")` after looking at its own connection list)
// checks local state: it is no operation across an integration boundary,
// and a loop that waits for it to return nil waits for a state.
//
// Sources: each package's documentation describes it as error handling
// only (github.com/pkg/errors "simple error handling primitives",
// golang.org/x/xerrors, github.com/hashicorp/go-multierror,
// go.uber.org/multierr, github.com/cockroachdb/errors,
// github.com/go-errors/errors, emperror.dev/errors, github.com/juju/errors,
// github.com/rotisserie/eris).
var errorPackages = map[string]bool{
	"github.com/pkg/errors":              true,
	"golang.org/x/xerrors":               true,
	"github.com/hashicorp/go-multierror": true,
	"go.uber.org/multierr":               true,
	"github.com/cockroachdb/errors":      true,
	"github.com/go-errors/errors":        true,
	"emperror.dev/errors":                true,
	"github.com/juju/errors":             true,
	"github.com/rotisserie/eris":         true,
}

// IsErrorPackage reports whether the package at path only builds and
// inspects errors.
func IsErrorPackage(path string) bool { return errorPackages[path] }
