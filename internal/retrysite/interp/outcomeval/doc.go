// Package outcomeval teaches the value interpreter's evaluator the
// outcome values rules are about, and the lookups that
// reduce a decision to a set of codes.
//
// It owns
//   - outcomes_eval.go: errors that carry a gRPC code (status.Code,
//     status.FromError, st.Code()), errors that carry an HTTP status
//     (k8s apierrors.IsNotFound and friends), TLS certificate errors
//     (errors.As, type assertions, net.Error's Timeout), errors marked
//     permanent or retryable by a retry library (the error classes
//     ErrCert, ErrOther, ErrPermanent, ErrMarked and their scenarios),
//     retryablehttp's default policy, maps and slices of constants
//     (retryable[code], slices.Contains(codes, c)), and the package's
//     definition index (IndexDefs, VarDef, ConstComposite) they read
//     constants through;
//   - statuserr.go: error types of the analysed code with an HTTP status
//     field (StatusField);
//   - narrowas.go: the errors.As matches the left operand of && or ||
//     proves when the right one is read;
//   - errcode_success.go: the error codes a successful result carries,
//     which errors.Is compares as codes of one type;
//   - carried.go: the error a result carries in a field when the
//     operation returns none beside it, read as the field or through an
//     accessor whose body only returns it (v.Err(); the declaration is
//     asked of Ev.MethodSyntax: the package's, or another package of
//     the module's from its file parsed alone);
//   - astarget.go: an errors.As target of the scenario's error class;
//   - certerr.go: the layers of a certificate error (*url.Error, the
//     *tls.CertificateVerificationError it wraps: ErrCertInner) that a
//     comma-ok assertion or a type switch (interp's typeswitch.go) sees
//     one at a time, and tests of its text (err.Error() as a VStr, read
//     on the messages Go gives one).
//
// The values are package vals'. The evaluator (package interp) imports
// this package and calls it while it evaluates an expression: what it
// needs of the evaluator (Eval, the scenario and the operation under
// study, the function's locals, the predicates and handlers of interp's
// decide.go) it asks through Ev, which interp implements (its
// outcomehost.go); Evaluator (Of) holds the evaluator it reads with.
// This package never imports interp.
package outcomeval
