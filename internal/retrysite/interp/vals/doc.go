// Package vals is the value interpreter's value domain: the abstract
// values the evaluator computes (constants, nil and non-nil, an
// operation's abstract outcome: a response's status, an error's gRPC
// code, HTTP status or class), why a value is unknown (Deps), the
// environments a walk binds its tracked variables in (Env) and the
// scenarios, an assumed outcome of the operation under study.
//
// It holds data and constructors only, no evaluation: package interp
// (the evaluator, under its lowercase names: value, env, intVal...,
// interp's domain.go) and the packages it delegates to (outcomeval)
// share it. It imports nothing of the model.
package vals
