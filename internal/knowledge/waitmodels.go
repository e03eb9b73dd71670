package knowledge

import "time"

// Wait models: the settings models of waits that libraries share. A
// table gives its wait vocabulary (Library.Waits): the model, and in the
// library's terms which settings choose the schedule, which give its
// base wait, cap, multiplier and jitter, the values they start from and
// the words of its messages. The interpreters are in
// internal/retrysite/libsite (waits_models.go), keyed by the model,
// never by the library.
//
// Messages are templates: {base}, {cap}, {amount} and {floor} are the
// values; {fixed} is "a fixed {base}" or "a fixed interval" when the
// base is unknown, {ceiling} "a fixed {base}" or "a fixed ceiling";
// {grows} says how the wait grows ("doubles from 1s up to 30s");
// {what} is the jitter setting as the table words it; {label} the kind.

// WaitModel is a settings model of waits.
type WaitModel int

const (
	// NoWaitModel: the table gives no wait vocabulary.
	NoWaitModel WaitModel = iota
	// SpreadWaits: a schedule chosen by a setting (a constructor, a type
	// literal, a preset, a function value), from a base wait growing
	// ×multiplier up to a cap, each wait randomised by a jitter setting:
	// ± a factor (cenkalti's RandomizationFactor, go-resiliency's
	// SetJitter, failsafe's WithJitterFactor), ± a percentage or a
	// duration (sethvargo's wrappers), up to the factor more (Upward: k8s
	// wait.Backoff's Jitter), or drawn below the wait (full jitter).
	SpreadWaits
	// IntervalWaits: a poll waits the interval its entry is given
	// (knowledge.Entry.Interval), with no jitter (k8s wait.PollInfinite).
	IntervalWaits
)

// A WaitVocab is a library's vocabulary for its wait model.
type WaitVocab struct {
	Model WaitModel
	// Kinds are the settings that choose the schedule: the last present
	// decides (the first in table order with FirstKindWins), and the
	// value settings below count only when they come after it (unless
	// AnyOrder).
	Kinds         []WaitKind
	FirstKindWins bool
	// Funcs chooses the schedule from a function value given to a
	// setting (retry-go's DelayType, retryablehttp's Backoff).
	Funcs *WaitFuncs
	// Default is the kind of a site with none of Kinds, unless one of
	// DefaultUnless is present (a backoff the model does not know);
	// with DefaultIf, only when one of those is present (a constructor
	// that fills the defaults in) or, with DefaultPackageCall, the site
	// is a lone package-level call. DefaultAtIf reports the default's
	// wait at that setting. nil: the waits are unknown. DefaultNote is
	// added to its message.
	Default            *WaitKind
	DefaultIf          []string
	DefaultPackageCall bool
	DefaultAtIf        bool
	DefaultUnless      []string
	DefaultNote        string
	// DefaultUnknown is the wait of the Default kind when the values of
	// its settings are unknown: its shape does not depend on them (read
	// as 0).
	DefaultUnknown *WaitKind
	// Fallback is the wait of every configuration of the library when
	// the site's configuration is opaque, none of Kinds is set, or a
	// value is unknown (dskit: never full jitter).
	Fallback *WaitKind
	// Loop, when set, is for a loop the library paces: its body must
	// call the method Loop.Wait, and none of Loop.SelfTimed.
	Loop *WaitLoop
	// Base, Cap, Multiplier, Randomization and Amount are the settings
	// (field, option or setter names, the value at argument 0) that set
	// the base wait, its cap, the growth per attempt, the randomisation
	// factor and an absolute jitter amount. AmountDefault is the amount
	// when no setting gives it.
	Base, Cap, Multiplier, Randomization, Amount []string
	AmountDefault                                time.Duration
	// AnyOrder is true when settings apply whatever their order (the
	// options of one configuration, wrappers of a backoff).
	AnyOrder bool
	// NonPositiveDefault is true when a base or cap <= 0 means the
	// table's default.
	NonPositiveDefault bool
	// LenientBase and LenientCap: an unknown base or cap is read as 0,
	// and the shape stays known.
	LenientBase, LenientCap bool
	// Jitters are the settings that jitter the schedule (wrappers or
	// options): the last present decides.
	Jitters []WaitJitter
	// BaseName, MultiplierName and RandomizationName name the values in
	// messages, in the library's terms ("Duration", "Factor", "Jitter");
	// RandomizationWhat, when set, words a randomisation the kind's
	// arguments give ("{label} jitterFraction {f}").
	BaseName, MultiplierName, RandomizationName, RandomizationWhat string
	// Upward is true when the randomisation only adds up to the factor
	// (k8s Jitter: d + rand×f×d), not ± the factor.
	Upward bool
}

// WaitFuncs chooses a schedule from a function value given to Setting:
// a function of another package (the key of Kinds is its name), a call
// of one (the call's arguments are the kind's), or a call of Combine
// summing several (the key is their names, sorted, joined by "+"). A
// function of the analysed package (or of another package of its module)
// is run by the wait interpreter when Local is set.
type WaitFuncs struct {
	Setting []string
	Combine string
	Kinds   map[string]WaitKind
	Local   *LocalWait
}

// LocalWait says how to run a delay function of the analysed module:
// its parameter Attempt takes the attempt, counted from Start, and the
// parameters at BindBase and BindCap (Arg(n); 0 none) the site's base
// and cap.
type LocalWait struct {
	Attempt, Start    int
	BindBase, BindCap int
}

// WaitLoop names the methods of a library-paced loop body.
type WaitLoop struct {
	Wait      string
	SelfTimed []string
}

// KindShape says what a wait kind is.
type KindShape int

const (
	// KindBackoff: a backoff of the model, from the kind's values and
	// the settings (a multiplier <= 1 is a fixed interval).
	KindBackoff KindShape = iota
	// KindConstant: a fixed wait, from the kind's base (no growth).
	KindConstant
	// KindNoWait: retries at once (Desc says why).
	KindNoWait
	// KindNoRetry: no retries, so no waits.
	KindNoRetry
	// KindUnknown: a schedule the model does not know (a delay
	// function, a Retry-After hook): the waits are unknown.
	KindUnknown
	// KindAddedJitter: a backoff (or, with a multiplier <= 1, a fixed
	// wait) plus a random draw below Amount (retry-go's
	// CombineDelay(BackOffDelay, RandomDelay)).
	KindAddedJitter
	// KindRandom: a random wait between a floor (the base argument; 0
	// without one) and a ceiling (the cap argument, else Amount) that
	// never grows.
	KindRandom
	// KindFullJitter: each wait drawn from [0, backoff); with a
	// Multiplier setting of exactly 1 the ceiling never grows (FixedDesc).
	KindFullJitter
	// KindEqualJitter: at least half of a backoff doubling from the base
	// up to the cap; ZeroDesc for a base <= 0, NarrowDesc for a cap below
	// twice the base.
	KindEqualJitter
	// KindLinear: attempt × a random wait between the base and the cap.
	KindLinear
)

// Where a wait is reported.
const (
	// AtKind: at the setting that chose the kind (the default).
	AtKind = iota
	// AtBase: at the setting of the base.
	AtBase
	// AtSite: at the site.
	AtSite
)

// A WaitKind is a setting that chooses a schedule.
type WaitKind struct {
	Setting string
	Shape   KindShape
	// Label names the kind in messages (its type or preset:
	// "ConstantBackOff", "retry.DefaultRetry"); Setting when empty.
	Label string
	// Desc is the message of kinds other than KindBackoff and
	// KindConstant (a template, see above); FixedDesc that of a schedule
	// that turns out not to grow, ZeroDesc that of a base of 0 (no wait),
	// NarrowDesc that of an equal jitter with no room to grow; Suffix is
	// added to the messages built from the values; Grows, when set,
	// words the growth ("grows like the Fibonacci sequence{from}").
	Desc, FixedDesc, ZeroDesc, NarrowDesc, Suffix, Grows string
	// At says where the wait is reported (AtKind, AtBase, AtSite).
	At int
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

// JitterKind says how a jitter setting randomises each wait.
type JitterKind int

const (
	// JitterFactor: ± a factor of the wait (argument 0).
	JitterFactor JitterKind = iota
	// JitterPercent: ± a percentage of the wait (argument 0, capped at
	// 100).
	JitterPercent
	// JitterAbsolute: ± a duration (argument 0).
	JitterAbsolute
	// JitterFull: each wait drawn from [0, wait).
	JitterFull
)

// A WaitJitter is a setting that jitters the schedule.
type WaitJitter struct {
	Setting string
	Kind    JitterKind
	// What words the setting in messages ("WithJitterFactor({f})",
	// "WithJitterPercent({p})", "WithJitter({j})").
	What string
	// FixedDesc and GrowsDesc are the messages of an absolute or full
	// jitter around a fixed and a growing wait.
	FixedDesc, GrowsDesc string
	// AtKindWhenFixed reports a jittered fixed wait at the kind's
	// setting, not the jitter's.
	AtKindWhenFixed bool
}

// Arg returns the index n of an argument in a WaitKind's argument
// fields (stored +1, so that 0 means none).
func Arg(n int) int { return n + 1 }
