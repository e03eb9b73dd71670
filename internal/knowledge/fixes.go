package knowledge

import (
	"time"

	"github.com/retrylint/retrylint/policy"
)

// A JitterFix is a library's mechanical R-1 rewrite, as data: which
// setting -fix writes, and what, so that the library's waits become full
// jitter. One generic builder (internal/retrysite/fixes) reads it; a
// library without one gets no fix, only the message's advice.
//
// In Value and Option, {pkg} stands for the name the file gives the
// library's package: the qualifier of the setting's call (retry.Do ->
// "retry"). The fix is offered only when that name can be read.
type JitterFix struct {
	// Message titles the fix.
	Message string
	// Growing limits the fix to waits that already grow (partial jitter,
	// exponential without jitter): the setting makes a growing wait full
	// jitter, not a constant one.
	Growing bool
	// Settings are the settings whose first argument the fix replaces
	// with Value when one of them decides the wait (cenkalti's
	// RandomizationFactor field and WithRandomizationFactor option).
	Settings []string
	// Value is the argument the fix writes there ("1",
	// "{pkg}.FullJitterBackoffDelay").
	Value string
	// Constructors are settings whose call takes options (cenkalti v4's
	// NewExponentialBackOff(opts...)): when one decides the wait, the fix
	// appends Option to its arguments, if its function is variadic.
	Constructors []string
	// Option is the option the fix appends
	// ("{pkg}.WithRandomizationFactor(1)").
	Option string
	// OnDefault: when no setting decides the wait (the library's default
	// delay), the fix appends Option to the call that takes the options:
	// Advice.OptionsCall's, or the entry call.
	OnDefault bool
	// Also are the options that keep the waits within the standard's
	// base and cap, appended with the fix to the call that takes the
	// library's options (the Constructors' call, else the one OnDefault
	// names), each unless the site already sets it: the caller's choice
	// stands. AlsoWhy ends the fix's message when one is added.
	Also    []FixOption
	AlsoWhy string
}

// A FixOption is one option a JitterFix adds.
type FixOption struct {
	// Option is the option function ("WithMaxInterval", "MaxDelay");
	// Field the struct field that sets the same ("MaxInterval"), if any.
	Option, Field string
	// Duration is the value when it is one, written with the file's
	// time package (15*time.Second); Value the value written otherwise.
	Duration time.Duration
	Value    string
}

// standardWaits ends the message of a fix that adds the standard's base
// and cap.
var standardWaits = "the standard's base " + policy.BaseDelay.String() + " and cap " + policy.MaxDelay.String()
