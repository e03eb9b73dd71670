package knowledge

import "go/types"

// EntryKey names a function as the entries table does (Lookup): the
// package path and name of a function, "path.Type.Method" for a method;
// "" for a method of an unnamed type or a function of no package.
func EntryKey(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return fn.Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name()
		}
		return ""
	}
	return fn.Pkg().Path() + "." + fn.Name()
}
