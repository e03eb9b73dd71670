package knowledge

import "time"

// grafana/dskit backoff: a loop paced by a Backoff,
//
//	b := backoff.New(ctx, backoff.Config{MinBackoff: ..., MaxBackoff: ..., MaxRetries: ...})
//	for b.Ongoing() { if err := op(); err == nil { return nil }; b.Wait() }
//
// The site is the loop whose condition is b.Ongoing(); the operations
// are the loop body's; the Config given to New configures it.
var Dskit = &Library{
	Name:     "dskit backoff",
	Module:   "github.com/grafana/dskit",
	Versions: "v0.0.0-20260703122047-de1ec7541c44",
	Paths:    []string{"github.com/grafana/dskit/backoff"},
	Timeouts: dskitTimeouts,
	Waits:    dskitWaits,
	Entries: []Entry{
		{Func: "Backoff.Ongoing", Op: -1, CfgFrom: -1, Recv: true, LoopCond: true, LoopResets: []string{"Reset"}},
	},
	Bound: BoundTable{
		// Ongoing is true while numRetries < MaxRetries, and Wait adds
		// one: MaxRetries counts attempts; 0 means no limit.
		Groups: [][]Count{{{Setting: "MaxRetries", Attempts: true, ZeroUnbounded: true}}},
		Defaults: []DefaultBound{{IfAny: []string{"Config"}, NotOpaque: true,
			Unbounded: "dskit backoff with MaxRetries 0 (the Config's zero value) retries until the context ends"}},
		// A Config handed in by the caller is either made in code
		// (its zero value: MaxRetries 0, "zero means infinite
		// retries", backoff.go:15) or filled from the flags
		// Config.RegisterFlagsWithPrefix registers (backoff.go:21:
		// -<prefix>.backoff-retries, default 10 attempts).
		Caller: &CallerConfig{Type: "Config", Makes: []DefaultBound{
			{Unbounded: "none at its zero value"},
			{Fixed: &Fixed{Retries: 9, Counted: "9 retries at its flag default"}},
		}},
	},
	// github.com/grafana/dskit@v0.0.0-20260703122047-de1ec7541c44/backoff/backoff.go:
	// a Config has no defaults of its own (MaxRetries 0 = infinite); the
	// flag defaults (RegisterFlagsWithPrefix) are 100ms, 10s and 10.
	// NextDelay draws each wait from [d, 2d) with d = MinBackoff doubled
	// per retry up to MaxBackoff: a floor of half the ceiling.
	Defaults: Defaults{
		Initial:    100 * time.Millisecond,
		Max:        10 * time.Second,
		Multiplier: 2,
		Retries:    "whatever the loop body retries (the loop decides)",
	},
	Advice: Advice{
		TotalCap: "give backoff.New a context from context.WithTimeout(ctx, %s)",
	},
}

// dskitWaits (SpreadWaits): each b.Wait() sleeps a random time in
// [d, 2d), d being MinBackoff doubled per retry up to MaxBackoff (a floor
// of half the ceiling: equal jitter; once the floor reaches MaxBackoff
// every wait is MaxBackoff exactly); MinBackoff 0 never waits. Whatever
// the Config, the waits are never full jitter. A loop that does not call
// Wait (it may call NextDelay and sleep itself) is left unknown.
var dskitWaits = &WaitVocab{
	Model:    SpreadWaits,
	AnyOrder: true,
	Loop:     &WaitLoop{Wait: "Wait", SelfTimed: []string{"NextDelay"}},
	Base:     []string{"MinBackoff"},
	Cap:      []string{"MaxBackoff"},
	Kinds: []WaitKind{{Setting: "Config", Shape: KindEqualJitter, Multiplier: 2, At: AtBase,
		Desc:       "equal jitter: each wait drawn from [d, 2d), d {grows}",
		ZeroDesc:   "no wait (MinBackoff 0: dskit's Wait returns at once)",
		NarrowDesc: "a fixed {base} (MaxBackoff {cap} leaves no room to grow)"}},
	Fallback: &WaitKind{Shape: KindEqualJitter, At: AtSite,
		Desc: "equal jitter whatever its Config: each wait drawn from [d, 2d), or fixed, never from 0"},
}

// dskitTimeouts: the context given to backoff.New ends the loop; the
// library has no time limit of its own
// (github.com/grafana/dskit@v0.0.0-20260703122047-de1ec7541c44/backoff/backoff.go).
var dskitTimeouts = &TimeoutVocab{
	Context: []ContextRule{{Setting: "New"}, {Caller: true}},
	Caps:    []CapRule{{Absent: "{lib} has no time limit of its own"}},
}
