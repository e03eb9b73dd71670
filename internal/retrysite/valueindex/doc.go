// Package valueindex is the model's package-wide value index: for every
// struct field and package-level variable of the package, each value the
// package gives it, and what the model computes from those values.
//
// It owns
//   - the index itself (values_index.go): the writes of each field and
//     package variable, built once per package in one walk of the files,
//     the calls of the package's functions and their parameters;
//   - the values read from it (values.go): the integers a field or
//     variable holds (IntValues, WriteInt), the defaults the package ships
//     and who can change them (CollectDefaultNotes, NoteFuncDefault,
//     defaultNote.Annotate), the bound chosen over the values that reach
//     a site (BoundOverValues, ChooseBound), the functions a factory or a
//     field returns (IndexedFunc, FuncFactory), the writes of a field
//     (fieldwrites.go) and the defaults of a func field
//     (funcdefaults.go);
//   - limits the package ships switched off: a field it leaves zero or
//     nil that an option sets (offdefault.go, offcount.go);
//   - the lists of integers a range ranges over (values_list.go), and
//     the length of a range over a retry iterator of the package, the
//     argument its call gives (iterrange.go);
//   - func values (funcvals.go): the functions a func-typed parameter,
//     field or variable may run (FuncValueTargets), the decision a
//     called function returns beside its error, and counters two held
//     closures share (funcvals_shared.go).
//
// It reads the value interpreter (package interp): its Index embeds an
// *interp.Model, whose exported methods are the index's, and evaluates
// with interp's evaluator and values (interpnames.go gives them the
// lowercase names the index's code uses). The interpreter asks the index
// only through interp.Index (interp.go here implements it), which Init
// and Rebind give it. It also reads go/ast, go/types, the site types,
// typesx, waitnum's numeric helpers and report (ChooseBound's options).
// It must not import package retrysite or the packages that describe a
// site (ops, timeouts, outcomes, libread): what it asks of discovery goes
// through the interpreter's Host. The retry-site model embeds Index
// beside interp.Model; a copy of the model must Rebind its Index to its
// own interpreter (retrysite's rebindDescribers).
package valueindex
