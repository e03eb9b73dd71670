package waitnum

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
)

// This file reads a wait taken through an interface of the package whose
// value the model cannot see (a Retryer the user sets, a policy a context
// carries):
//
//	type Retryer interface{ NextDelay(attempt int) (time.Duration, bool) }
//	...
//	d, ok := c.retryer.NextDelay(attempt)
//
// The retry waits what the implementation it is given says, and the
// package ships its implementations: each one is a wait the retry takes
// when it is given that one. The site's runs are repeated once per
// implementation of the package, with the calls of that interface method
// running the implementation's method on a receiver whose fields are
// stand-ins, the same over the attempts. Only a method that changes
// nothing is run. Each implementation whose waits the runs read gives one
// Wait in the site's wait's Alts, at the implementation's method: a
// FixedDelayRetryer's NextDelay waits a fixed interval whatever its
// Delay. The wait itself stays unknown: the user may give an
// implementation of their own.

// maxImpls bounds the implementations tried for one wait.
const maxImpls = 8

// implChoice is the implementation a run puts in place of the calls of
// one interface method.
type implChoice struct {
	iface  *types.Func // the interface method
	method *types.Func // the implementation's method
}

// implSub returns the interpreter of the implementation's method that
// the run's choice puts in place of x, a call of interface method fn,
// with its receiver's fields stand-ins; without a choice it notes fn as
// an interface method of the package the run could not resolve.
func (ip *winterp) implSub(x *ast.CallExpr, fn *types.Func) (*winterp, *ast.FuncDecl) {
	ch := ip.m.impl
	if ch == nil {
		if ip.m.unseen == nil && ip.m.ifaceOfPkg(fn) != nil {
			ip.m.unseen = fn
		}
		return nil, nil
	}
	if ch.iface != fn {
		return nil, nil
	}
	d := ip.m.FuncDecl(ch.method)
	if d == nil || d.Body == nil || !ip.m.Pure(d.Body, nil) {
		return nil, nil
	}
	sub := ip.sub(d.Body, d.Type, x)
	if sub == nil {
		return nil, nil
	}
	r := typesx.RecvVar(ip.m.info, d)
	if r == nil || !typesx.UsesAny(ip.m.info, d.Body, map[*types.Var]bool{r: true}) {
		return sub, d
	}
	_, s := ip.m.stateStruct(r.Type())
	if s == nil {
		return nil, nil
	}
	sub.objs = map[*types.Var]*objState{r: ip.standinState(s, "impl:"+ch.method.FullName()+".", false)}
	return sub, d
}

// ifaceOfPkg returns the interface of the package that declares method
// fn, or nil.
func (m *model) ifaceOfPkg(fn *types.Func) *types.Interface {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return nil
	}
	n, _ := types.Unalias(sig.Recv().Type()).(*types.Named)
	if n == nil || n.Obj().Pkg() != m.pkg {
		return nil
	}
	it, _ := n.Underlying().(*types.Interface)
	return it
}

// implementations returns the methods that the package's implementers of
// fn's interface (typesx.Implementers: not generic) declare for fn; nil
// when there are more than maxImpls.
func (m *model) implementations(fn *types.Func) []*types.Func {
	it := m.ifaceOfPkg(fn)
	if it == nil {
		return nil
	}
	var ms []*types.Func
	for _, n := range typesx.Implementers(m.pkg, it) {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(n), true, m.pkg, fn.Name())
		mfn, _ := obj.(*types.Func)
		if mfn == nil || mfn.Pkg() != m.pkg || m.FuncDecl(mfn) == nil {
			continue
		}
		if ms = append(ms, mfn); len(ms) > maxImpls {
			return nil
		}
	}
	return ms
}

// implWaits repeats the runs of run once per implementation of the
// interface method the first runs could not resolve (m.unseen), and
// returns the waits of those whose shape the runs read, at their
// methods.
func (m *model) implWaits(w *site.Wait, run func() [3][]waitshape.Num) []*site.Wait {
	fn := m.unseen
	m.unseen = nil
	if fn == nil {
		return nil
	}
	var alts []*site.Wait
	for _, mfn := range m.implementations(fn) {
		m.impl = &implChoice{iface: fn, method: mfn}
		runs := run()
		m.impl = nil
		sh := waitshape.Classify(runs[0], runs[1], runs[2])
		if sh.Shape == site.ShapeUnknown {
			continue
		}
		alts = append(alts, m.implWait(w, mfn, sh))
	}
	return alts
}

// implWait is the wait sh of implementation method mfn, at its
// declaration.
func (m *model) implWait(w *site.Wait, mfn *types.Func, sh waitshape.WaitShape) *site.Wait {
	impl := mfn.Name() // a factory of the wait's func
	if r := mfn.Signature().Recv(); r != nil {
		impl = types.TypeString(typesx.Deref(r.Type()), types.RelativeTo(m.pkg))
	}
	a := &site.Wait{Kind: w.Kind, Pos: m.FuncDecl(mfn).Name.Pos(), Impl: impl}
	sh.Fill(a, "")
	return a
}
