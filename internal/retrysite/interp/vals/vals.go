package vals

import (
	"go/types"
	"maps"
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
	// string read from it: the empty string, a header the response does
	// not carry (interp's decide.go).
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
)

// Value is an abstract value: its kind, the integer it carries (a
// constant, a bool as 0 or 1, a status or a code) and why it is unknown.
type Value struct {
	K   Kind
	I   int64
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

// B2i is 1 for true, 0 for false.
func B2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// Env maps tracked variables to their values. It is copied on write;
// a write of the Value a variable already holds returns e itself (no
// environment is ever changed in place, so sharing it is safe).
type Env map[*types.Var]Value

// Set returns e with v bound to x.
func (e Env) Set(v *types.Var, x Value) Env {
	y, ok := e[v]
	if ok && y == x {
		return e
	}
	var n Env
	if ok || len(e) < 7 {
		// maps.Clone copies the table as it is, with no hashing of
		// each entry again (the walks copy an environment at every
		// write), when the write cannot outgrow the copy: it replaces
		// an entry, or the copy is a small map with room for one more.
		n = maps.Clone(e)
	}
	if n == nil {
		n = make(Env, len(e)+1)
		for k, y := range e {
			n[k] = y
		}
	}
	n[v] = x
	return n
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
