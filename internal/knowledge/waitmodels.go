package knowledge

import "time"

// Wait models: the settings models of waits that several libraries
// share. A table names its model (Library.Waits) and gives the model's
// vocabulary in the library's terms: which settings choose the backoff,
// which give its base wait, cap, multiplier and randomisation, and the
// values they start from. The interpreter of each model is in
// internal/retrysite/libsite (waits_models.go), keyed by the model, never
// by the library. A library whose waits follow no model here names a
// per-library reader instead (Models.Waits).

// WaitModel is a settings model of waits.
type WaitModel int

const (
	// NoWaitModel: the table gives no wait vocabulary.
	NoWaitModel WaitModel = iota
	// SpreadWaits: a backoff that starts at a base wait, grows ×multiplier
	// per attempt up to a cap, each wait randomised by a factor of itself:
	// ± the factor (cenkalti's RandomizationFactor, go-resiliency's
	// SetJitter) or, with Upward, up to the factor more (k8s wait.Backoff's
	// Jitter).
	SpreadWaits
)

// A WaitVocab is a library's vocabulary for its wait model.
type WaitVocab struct {
	Model WaitModel
	// Kinds are the settings that choose the backoff (a constructor, a
	// type literal, a preset value): the last present decides, and the
	// settings below count only when they come after it.
	Kinds []WaitKind
	// Default is the kind of a site with none of Kinds, unless one of
	// DefaultUnless is present (a backoff the model does not know);
	// nil: the waits are unknown. DefaultNote is added to its message.
	Default       *WaitKind
	DefaultUnless []string
	DefaultNote   string
	// Base, Cap, Multiplier and Randomization are the settings (field,
	// option or setter names, the value at argument 0) that set the
	// base wait, its cap, the growth per attempt and the randomisation
	// factor.
	Base, Cap, Multiplier, Randomization []string
	// BaseName, MultiplierName and RandomizationName name the values in
	// messages, in the library's terms ("Duration", "Factor", "Jitter").
	BaseName, MultiplierName, RandomizationName string
	// Upward is true when the randomisation only adds up to the factor
	// (k8s Jitter: d + rand×f×d), not ± the factor.
	Upward bool
}

// KindShape says what a wait kind is.
type KindShape int

const (
	// KindBackoff: a backoff of the model, from the kind's values and
	// the settings.
	KindBackoff KindShape = iota
	// KindConstant: a fixed wait, from the kind's base (no growth).
	KindConstant
	// KindNoWait: retries at once (Desc says why).
	KindNoWait
	// KindNoRetry: no retries, so no waits.
	KindNoRetry
)

// A WaitKind is a setting that chooses a backoff.
type WaitKind struct {
	Setting string
	Shape   KindShape
	// Label names the kind in messages (its type or preset:
	// "ConstantBackOff", "retry.DefaultRetry"); Setting when empty.
	Label string
	// Desc is the message of a KindNoWait.
	Desc string
	// TableDefaults is true when the kind starts from the table's
	// Defaults (a constructor that fills them in); else from the values
	// below (a preset, or zero for a type literal).
	TableDefaults             bool
	Initial, Max              time.Duration
	Multiplier, Randomization float64
	// BaseArg, CapArg, MultiplierArg and RandomizationArg are the
	// indices of the kind's own arguments that give those values (a
	// constructor's parameters); 0 is the first argument, so each is
	// stored +1: use Arg(n) to write n, and 0 means none.
	BaseArg, CapArg, MultiplierArg, RandomizationArg int
	// BaseSettings, when set, are the settings after the kind that give
	// its base instead of the vocabulary's Base (ConstantBackOff's
	// Interval).
	BaseSettings []string
}

// Arg returns the index n of an argument in a WaitKind's argument
// fields (stored +1, so that 0 means none).
func Arg(n int) int { return n + 1 }
