package knowledge

import (
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// EntryKey names a function as the entries table does (Lookup): the
// package path and name of a function, "path.Type.Method" for a method;
// "" for a method of an unnamed type or a function of no package.
func EntryKey(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	if recv := fn.Signature().Recv(); recv != nil {
		if n, ok := types.Unalias(typesx.Deref(recv.Type())).(*types.Named); ok {
			return fn.Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name()
		}
		return ""
	}
	return fn.Pkg().Path() + "." + fn.Name()
}
