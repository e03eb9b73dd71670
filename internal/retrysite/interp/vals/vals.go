package vals

import (
	"go/types"
	"iter"
	"slices"
	"strconv"
)

// Kind is what a Value is: unknown, a constant, nil or non-nil, or an
// abstract outcome of an operation.
type Kind uint8

const (
	VUnknown Kind = iota
	VInt
	VBool
	VNil
	VNonNil
	VResp    // a non-nil HTTP response; i is its status code
	VErrCode // a non-nil error carrying gRPC code i
	// VErrStatus is a non-nil error carrying HTTP status i (a k8s
	// StatusError, an API error); VErrClass a non-nil error of class i
	// (package outcomeval: a certificate error, the code's own error, an
	// error marked permanent or retryable).
	VErrStatus
	VErrClass
	// VHeader is the header map of a response the model holds, VStr a
	// string: with I 0, one read from that map, the empty string of a
	// header the response does not carry (interp's decide.go); with I
	// > 0, the message of a certificate error of class I, any of the
	// texts Go gives one (outcomeval's certerr.go).
	VHeader
	VStr
)

// Deps records why a Value is (partly) unknown.
type Deps uint8

const (
	DepOutcome Deps = 1 << iota // depends on the outcome of the operation
	DepBound                    // an attempt counter compared with an unknown value
	DepVar                      // a tracked variable whose value is unknown
	// DepHeader marks a response (VResp) whose headers are unknown: a
	// tried status that the server may send with any header (interp's decide.go).
	DepHeader
	// DepCompanion marks an integer the operation returns beside its
	// error (a status, a byte count); I holds the call's position
	// (interp's companion.go).
	DepCompanion
)

// Value is an abstract value: its kind, the integer it carries (a
// constant, a bool as 0 or 1, a status or a code) and why it is unknown.
type Value struct {
	I   int64
	K   Kind
	Dep Deps
}

// Unknown, IntVal and BoolVal make values; Known, IsTrue, IsFalse and
// NonNil read them.
func Unknown(d Deps) Value    { return Value{K: VUnknown, Dep: d} }
func IntVal(i int64) Value    { return Value{K: VInt, I: i} }
func BoolVal(b bool) Value    { return Value{K: VBool, I: B2i(b)} }
func (v Value) Known() bool   { return v.K != VUnknown }
func (v Value) IsTrue() bool  { return v.K == VBool && v.I != 0 }
func (v Value) IsFalse() bool { return v.K == VBool && v.I == 0 }

// Is reports whether v is an error of class c (VErrClass).
func (v Value) Is(c int64) bool { return v.K == VErrClass && v.I == c }
func (v Value) NonNil() bool {
	return v.K == VNonNil || v.K == VResp || v.K == VErrCode || v.K == VErrStatus || v.K == VErrClass
}

// NotFromContext reports whether the failure v stands for is an answer
// or an error whose cause is not its context: a status carried by an
// error, a gRPC code but Canceled (1) and DeadlineExceeded (4), or an
// error of class cls (a certificate error). The context was live when
// it came.
func (v Value) NotFromContext(cls int64) bool {
	switch v.K {
	case VErrStatus:
		return true
	case VErrCode:
		return v.I != 1 && v.I != 4
	case VErrClass:
		return v.I == cls
	}
	return false
}

// B2i is 1 for true, 0 for false.
func B2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// Env binds tracked variables to their values. It is a value: Set
// returns a new Env, or e itself when v already holds x, and no Env is
// ever changed once made, so environments are shared freely between the
// paths of a walk. The zero Env binds nothing.
//
// The bindings are a short slice searched in order rather than a map:
// the walks copy an environment at every write, and a function tracks
// few variables, so the copy is one small allocation where a map's was
// a table of eight slots and its header.
type Env struct{ b []binding }

type binding struct {
	v *types.Var
	x Value
}

// Get returns the value bound to v, and whether v is bound.
func (e Env) Get(v *types.Var) (Value, bool) {
	for i := range e.b {
		if e.b[i].v == v {
			return e.b[i].x, true
		}
	}
	return Value{}, false
}

// At returns the value bound to v, the zero Value (unknown, for no
// reason) if none.
func (e Env) At(v *types.Var) Value {
	x, _ := e.Get(v)
	return x
}

// Int returns the integer bound to v, when v is bound to one.
func (e Env) Int(v *types.Var) (int64, bool) {
	x, ok := e.Get(v)
	return x.I, ok && x.K == VInt
}

// Nil reports whether v is bound to nil.
func (e Env) Nil(v *types.Var) bool {
	x, ok := e.Get(v)
	return ok && x.K == VNil
}

// Len returns the number of variables e binds.
func (e Env) Len() int { return len(e.b) }

// All yields e's bindings, in the order they were first made.
func (e Env) All() iter.Seq2[*types.Var, Value] {
	return func(yield func(*types.Var, Value) bool) {
		for _, b := range e.b {
			if !yield(b.v, b.x) {
				return
			}
		}
	}
}

// With returns e with o's bindings made over it.
func (e Env) With(o Env) Env {
	if len(e.b) == 0 {
		return o
	}
	n := slices.Clone(e.b)
	for _, ob := range o.b {
		if i := slices.IndexFunc(n, func(b binding) bool { return b.v == ob.v }); i >= 0 {
			n[i].x = ob.x
		} else {
			n = append(n, ob)
		}
	}
	return Env{n}
}

// Set returns e with v bound to x.
func (e Env) Set(v *types.Var, x Value) Env {
	for i := range e.b {
		if e.b[i].v == v {
			if e.b[i].x == x {
				return e
			}
			n := slices.Clone(e.b)
			n[i].x = x
			return Env{n}
		}
	}
	n := make([]binding, len(e.b), len(e.b)+1)
	copy(n, e.b)
	return Env{append(n, binding{v, x})}
}

// Scenario is an assumed outcome of the operation under study.
type Scenario struct {
	Name   string
	Err    Value // the error result
	Resp   Value // the response result (VResp or VNil)
	OK     Value // a bool result
	Status int   // HTTP status, 0 if none
	// LiveAttemptCtx: the failure did not cancel a context the function
	// made with context.WithCancel (notretry's precision.go).
	LiveAttemptCtx bool
}

// SuccessScenario: the operation succeeds (a 200 response, no error).
func SuccessScenario() Scenario {
	return Scenario{Name: "success", Err: Value{K: VNil}, Resp: Value{K: VResp, I: 200}, OK: BoolVal(true), Status: 200}
}

// AnyScenario leaves the outcome unknown: used to count runs.
func AnyScenario() Scenario {
	u := Unknown(DepOutcome)
	return Scenario{Name: "any", Err: u, Resp: u, OK: u}
}

// ErrorScenario: the operation fails with an error of no known kind.
func ErrorScenario() Scenario {
	return Scenario{Name: "error", Err: Value{K: VNonNil, Dep: DepOutcome}, Resp: Value{K: VNil}, OK: BoolVal(false), LiveAttemptCtx: true}
}

// StatusScenario: the operation answers with a response of status code.
func StatusScenario(code int) Scenario {
	return Scenario{Name: "status " + strconv.Itoa(code), Err: Value{K: VNil}, Resp: Value{K: VResp, I: int64(code)}, OK: BoolVal(false), Status: code}
}

// GrpcScenario: the operation fails with gRPC code code.
func GrpcScenario(code int) Scenario {
	return Scenario{Name: "grpc " + strconv.Itoa(code), Err: Value{K: VErrCode, I: int64(code)}, Resp: Value{K: VNil}, OK: BoolVal(false)}
}

// Zero is the value a variable of type t holds before any assignment.
func Zero(t types.Type) Value {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsInteger != 0:
			return IntVal(0)
		case u.Info()&types.IsBoolean != 0:
			return BoolVal(false)
		}
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
		return Value{K: VNil}
	}
	return Unknown(0)
}
