package site

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/policy"
)

// Lib is a retry library the model knows (internal/knowledge).
type Lib = knowledge.Library

// A Kind says how a retry site retries.
type Kind int

const (
	// Loop is a hand-written loop (for, range over an int, or goto).
	Loop Kind = iota
	// Recursion is a function that calls itself after a failure.
	Recursion
	// HelperCall is a call, with constant arguments, of a same-package
	// helper whose body is a retry site bounded by one of its parameters.
	HelperCall
	// Library is a call into a retry library, or a retry configuration
	// (a retrying client, a gRPC service config).
	Library
)

func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return kindNames[k]
}

var kindNames = [...]string{Loop: "loop", Recursion: "recursion", HelperCall: "helper call", Library: "library"}

// A Site is one retry site: a place where a failed operation leads to
// another attempt of the same operation.
type Site struct {
	Kind Kind
	// Lib is the retry library for Library sites (nil otherwise).
	Lib *Lib
	// Node is the loop statement (*ast.ForStmt, *ast.RangeStmt), the
	// recursive *ast.FuncDecl, the helper or library *ast.CallExpr, or
	// for goto loops the *ast.LabeledStmt.
	Node ast.Node
	// Pos is where findings about the site as a whole are reported: the
	// loop keyword, the call.
	Pos token.Pos
	// Func is the body of the function (declaration or literal) that
	// holds the site.
	Func *ast.BlockStmt
	// FuncType is its signature.
	FuncType *ast.FuncType
	// Helper is the retry helper a HelperCall site calls.
	Helper *Site
	// UserSettings are the settings the package writes only from its
	// user's value under an if (if cfg.Backoff != nil { c.Backoff =
	// cfg.Backoff }): left out of Settings, the library's default holds
	// until the user gives one, and that write is where a fix goes.
	UserSettings []*Setting
	// KeptIn, on the site of a library client's construction, are the
	// fields the client is kept in (libsite's KeptClientSites).
	KeptIn []*types.Var
	// Policy, on a library site that sends through a client kept in a
	// field, is the site of the client's construction: where its retry
	// policy is set, and where a finding about what the sends retry
	// goes.
	Policy *Site

	// Context is the retry context in force at Pos.
	Context policy.Context

	// Bound is the number of retries.
	Bound Bound
	// Waits are the waits between attempts. An empty slice means the
	// site retries at once; see WaitsKnown.
	Waits []*Wait
	// WaitsKnown is false when the waits could not be determined (a
	// library configured through values the model cannot see).
	WaitsKnown bool
	// Ops are the operations the site repeats.
	Ops []*Op
	// Retried describes the outcomes that lead to another attempt.
	Retried *Outcomes
	// Timeouts describes per-attempt timeouts and the total cap.
	Timeouts *Timeouts
	// Settings are the library options and fields that configure a
	// Library site, in source order (see Lib).
	Settings []*Setting
	// GRPCPolicy is the retryPolicy of a gRPC service-config site.
	GRPCPolicy *GRPCRetryPolicy
	// Opaque is true when part of a library configuration comes from
	// somewhere the model cannot follow (a parameter, a struct field, a
	// value returned from another package): rules must not assume the
	// library default for what they cannot see.
	Opaque bool
	// CallerConfig, on an Opaque library site, is the parameter of the
	// site's function that the whole configuration comes from when
	// nothing else is out of sight (backoff.New(ctx, cfg) with cfg the
	// caller's Config): the library's table may say what it can be.
	CallerConfig *types.Var
	// CrossPackage marks a HelperCall site of a helper of another
	// package of the module (retrysite's xpkg.go): its helper is not
	// reported here, so the rules report at the call.
	CrossPackage bool
	// OwnContext is true when the site's configuration names its retry
	// context (a retry.Policy's Context): Context is then that one,
	// whatever the directives and -context say.
	OwnContext bool
	// Refused, when set, says the library refuses the site's
	// configuration before the first attempt (a retry.Policy outside
	// the standard): the site never runs, and the rule the refusal
	// names reports it.
	Refused *Refusal
}

// A Refusal is a configuration its library refuses before the first
// attempt, with the library's own words (policy.Settings.Resolve).
type Refusal struct {
	*policy.Refusal
	// Type names the configuration's type ("retry.Policy").
	Type string
	// Pos and End span where the configuration is built: its composite
	// literal, or the declaration of a variable left at its zero value.
	Pos, End token.Pos
}

// A BoundKind says what is known of a site's attempt bound.
type BoundKind int

const (
	// BoundUnknown: the bound comes from a parameter, a configuration
	// value or code the model cannot evaluate.
	BoundUnknown BoundKind = iota
	// BoundKnown: the site makes at most Retries retries.
	BoundKnown
	// BoundUnbounded: nothing limits the number of attempts (a time limit
	// or context alone does not count as a bound, R-2).
	BoundUnbounded
)

// A Bound is the most retries a site can make (R-2 counts retries, not
// attempts).
type Bound struct {
	Kind BoundKind
	// Retries is the maximum retry count when Kind is BoundKnown.
	Retries int
	// Counted describes what the code counts, for messages:
	// "7 attempts = 6 retries", "RetryMax 10 retries".
	Counted string
	// Why explains an unbounded site: "retry-go Attempts(0) retries until
	// success".
	Why string
	// Expr is the expression that sets the bound, if one does.
	Expr ast.Expr
	// Lit is the integer literal that sets the bound, when it is one, so
	// a fix can rewrite it; LitIsAttempts says whether the literal counts
	// attempts (else retries) and LitOffset is what the literal adds to
	// the count of its unit (1 for `i <= 4`, which makes 5 attempts).
	Lit           *ast.BasicLit
	LitIsAttempts bool
	LitOffset     int
	// StepPos, on an unbounded site, is where it steps a count of its
	// attempts that no limit reads (retrysite's countstep.go): where the
	// limit goes.
	StepPos token.Pos
	// UserDefault says the count is the package's default of a setting
	// the user can change (an option, a setter, an exported field): a
	// count of 0 then switches the retry off until the user turns it on,
	// and the rules judge what it does once on (NeverRetries).
	UserDefault bool
	// Alts are the bounds of each value of a field or variable with
	// several reaching values, while the model has not chosen one by the
	// site's context (retrysite's values.go); a Result's bounds have none.
	Alts []Bound
}

// Known reports whether the bound is a known count.
func (b Bound) Known() bool { return b.Kind == BoundKnown }

// NeverRetries reports whether the site makes no retry whatever the user
// sets: a known count of 0 that is not a default the user can change
// (go-grpc-middleware's max, 0 until WithMax sets it, retries once set).
func (b Bound) NeverRetries() bool { return b.Kind == BoundKnown && b.Retries == 0 && !b.UserDefault }

// A WaitKind says how a wait is made.
type WaitKind int

const (
	WaitSleep   WaitKind = iota // time.Sleep(d)
	WaitAfter                   // <-time.After(d), select on time.After
	WaitTimer                   // time.NewTimer(d), timer.Reset(d)
	WaitTicker                  // a ticker that paces the loop
	WaitLibrary                 // a library's backoff configuration
	WaitHelper                  // a same-package helper that waits
)

// A Shape is the form of a site's waits as the attempt count grows.
type Shape int

const (
	ShapeUnknown       Shape = iota
	ShapeNone                // no wait at all between attempts
	ShapeConstant            // a fixed interval
	ShapeLinear              // grows linearly with the attempt
	ShapePolynomial          // grows polynomially (attempt*attempt*d)
	ShapeExponential         // exponential, no jitter
	ShapeEqualJitter         // x/2 + random(x/2): a fixed floor of half the backoff
	ShapePartialJitter       // other jitter with a floor or a symmetric spread
	ShapeFullJitter          // random(0, min(cap, base*2^n)): compliant
	ShapeDecorrelated        // min(cap, random(base, prev*3)): compliant
	ShapeSchedule            // an explicit increasing schedule (R-3 webhook schedule)
	ShapeNoJitter            // computed with no random draw, form unknown (package waits, waits_determ.go)
)

var shapeNames = [...]string{
	ShapeUnknown:       "unknown",
	ShapeNone:          "no wait",
	ShapeConstant:      "fixed interval",
	ShapeLinear:        "linear backoff",
	ShapePolynomial:    "polynomial backoff",
	ShapeExponential:   "exponential backoff without jitter",
	ShapeEqualJitter:   "equal jitter",
	ShapePartialJitter: "partial jitter",
	ShapeFullJitter:    "full jitter",
	ShapeDecorrelated:  "decorrelated jitter",
	ShapeSchedule:      "schedule",
	ShapeNoJitter:      "no jitter",
}

func (s Shape) String() string {
	if s < 0 || int(s) >= len(shapeNames) {
		return fmt.Sprintf("Shape(%d)", int(s))
	}
	return shapeNames[s]
}

// Compliant reports whether R-1 allows the shape.
func (s Shape) Compliant() bool { return s == ShapeFullJitter || s == ShapeDecorrelated }

// A Wait is one wait between attempts.
type Wait struct {
	Kind WaitKind
	// Pos is the wait call (time.Sleep, time.After, ...) or the library
	// setting that configures it.
	Pos token.Pos
	// Expr is the duration expression, when there is one.
	Expr ast.Expr
	// Shape is the form of the wait.
	Shape Shape
	// Base is the first or fixed interval, Cap the largest wait, when
	// known (zero otherwise).
	Base, Cap time.Duration
	// Floor is the shortest first wait the draws give, when FloorKnown
	// (Base for a wait with no jitter).
	Floor      time.Duration
	FloorKnown bool
	// Floors are the shortest waits before retries 1, 2, ... that the
	// model computed (as many as it ran), when it knows them.
	Floors []time.Duration
	// Desc is a short description for messages: "a fixed 2s",
	// "doubles from 250ms without jitter".
	Desc string
	// Setting is the library setting that decides the shape, if any.
	Setting *Setting
	// Default, when the wait is a func the package ships as the default
	// of one the user can change, names it ("defaultOptions's default,
	// which WithBackoff can change"); DefaultPos is the default's write.
	Default    string
	DefaultPos token.Pos
	// InnerPos, when the wait is made inside a function of the package
	// the site calls (Pos is that call: the attempt helper that sleeps
	// before it answers "again"), is the wait there: where the fix goes.
	InnerPos token.Pos
	// ComputedPos, for a wait with no jitter whose duration a function
	// of the package returns (bu := c.backoffGet(); time.Until(bu)), is
	// that function: where the fix goes.
	ComputedPos token.Pos
	// Alts, when the wait is read through an interface of the package
	// and unknown, are the waits of the package's implementations of it,
	// each at the implementation's method, named by Impl.
	Alts []*Wait
	Impl string
	// Attempt is the attempt counter in scope at a hand-written wait
	// (grows by one per attempt), for fixes; nil if none.
	Attempt *types.Var
}

// MethodAny is the Method of an operation that sends the request its
// RoundTrip (or Do) method is handed, with no test of the method before
// it retries: callers' POST and PATCH included (ops/handed.go).
const MethodAny = "any method"

// An Op is an operation a site repeats.
type Op struct {
	// Call is the call that performs one attempt.
	Call *ast.CallExpr
	// Callee is the called function or method, if static.
	Callee *types.Func
	// Method is the HTTP method when the operation sends an HTTP request
	// and the method is known ("POST"), MethodAny when it sends the
	// request a RoundTripper or client wrapper is handed, whatever its
	// method; empty otherwise.
	Method string
	// MethodPos is where the method is decided (a literal, a constant, a
	// call such as http.Post), if known.
	MethodPos token.Pos
	// HTTP is true when the operation sends an HTTP request.
	HTTP bool
	// PlainHTTP is true when every request the operation sends goes to
	// an http:// URL (a constant, or a value every path to the send
	// gives one: a metadata service's address): no TLS, so no
	// certificate error can come of it.
	PlainHTTP bool
	// Request is the *http.Request (or library request) expression
	// the call sends, if any.
	Request ast.Expr
	// Key describes the Idempotency-Key the operation sends, if the
	// model could tell.
	Key *IdemKey
	// Users marks the stand-in for the sends of a retrying client the
	// package hands to its users: Call is the client's construction.
	Users bool
}

// An IdemKeyState says what an operation does with its Idempotency-Key.
type IdemKeyState int

const (
	KeyUnknown    IdemKeyState = iota // the model cannot tell
	KeyMissing                        // no Idempotency-Key header is set
	KeyPerAttempt                     // a new key is generated on every attempt
	KeyConstant                       // one constant key for every operation
	KeyStable                         // one key per operation, reused on every attempt
)

// An IdemKey is what the model knows of an operation's Idempotency-Key.
type IdemKey struct {
	State IdemKeyState
	// Set is where the header is set, Gen where the key is generated.
	Set, Gen token.Pos
	// GenExpr is the generating expression (uuid.NewString()), for fixes.
	GenExpr ast.Expr
	// Value is the constant key, when State is KeyConstant.
	Value string
}

// Outcomes describes which outcomes of an operation lead to another
// attempt.
type Outcomes struct {
	// HTTP lists the HTTP statuses that certainly lead to another
	// attempt (from the representative statuses the model tries).
	HTTP []int
	// GRPC lists the gRPC codes that lead to another attempt.
	GRPC []policy.GRPCCode
	// CertErrors is true when TLS certificate errors are retried by a
	// decision that inspects errors and does not exclude them, or, with
	// Unclassified, by one that retries every error of an HTTP request.
	CertErrors   bool
	Unclassified bool
	// CertTest, with CertErrors, names the certificate error type the
	// decision tests for without effect (x509.UnknownAuthorityError
	// asserted on a *url.Error's Err): the test is there, and misses.
	CertTest string
	// ConfigErrors, when set, names a class of errors no retry can fix
	// (an invalid configuration) that the decision tests for and still
	// retries (libsite polls_config.go).
	ConfigErrors string
	// Pos is where the retry decision is made (the condition, the
	// predicate), for reports.
	Pos token.Pos
	// Decision describes it ("resp.StatusCode != 200", "CheckRetry
	// retryablehttp.DefaultRetryPolicy").
	Decision string
}

// Timeouts describes the timeouts around a site (R-3 and the timeout
// standard).
type Timeouts struct {
	// NoAttemptTimeout is the first operation that runs with no timeout
	// at all (no client Timeout, no deadline on its context), if any.
	NoAttemptTimeout *Op
	// Why says what has no timeout ("http.DefaultClient").
	Why string
	// TotalCap is the cap on the whole retry, if known; Capped is true
	// when something caps it (a deadline, an elapsed-time check, a
	// library option), even if its value is unknown.
	TotalCap time.Duration
	Capped   bool
	// CallerContext is true when the retry runs under a context that
	// comes from the caller, which may carry a deadline.
	CallerContext bool
	// Worst is the worst-case total duration when computable, with the
	// arithmetic for the message.
	Worst     time.Duration
	WorstCalc string
	// Pos is where a missing cap is reported.
	Pos token.Pos
	// CapWhy explains the total cap, or its absence, for messages:
	// "the loop's context is context.Background() with no deadline",
	// "cenkalti/backoff/v4's default MaxElapsedTime".
	CapWhy string
	// OffByDefault is true when the retry runs under the caller's
	// context and its only time limit is one the package ships switched
	// off (a field zero by default that guards a deadline or a timer):
	// it is reported as having no cap, with OffPos at the default and
	// OffWhy saying what the default leaves off.
	OffByDefault bool
	OffPos       token.Pos
	OffWhy       string
	// NoDeadlineAt are the calls in the package that give the retry's
	// context parameter a context with no deadline (context.Background()
	// or TODO) when the retry relies on that deadline: where the fix goes.
	NoDeadlineAt []token.Pos
	// UntimedClientAt are the http.Client literals of the package that
	// install the retrying RoundTripper with no Timeout, when only the
	// caller's deadline caps the retry (CallerOnly): where the fix goes.
	UntimedClientAt []token.Pos
	// CallerOnly is true when the retry runs under the caller's context
	// and the package's own code leaves that context's deadline the only
	// limit: every attempt goes through a client the package ships with
	// no Timeout and nothing sets a time limit (reported as having no
	// cap, CapWhy saying why).
	CallerOnly bool
	// Note, when set, is what the retry does with its operation's
	// context that makes its own limit the one that ends it, for the
	// message: "never watches ctx", "relies on ctx's deadline, which no
	// call in the package sets".
	Note string
	// AttemptFix, when set, is the short advice that ends a message
	// about NoAttemptTimeout ("; set one with SetTimeout").
	AttemptFix string
}

// A Setting is one option or field that configures a library retry:
// a call such as retry.Attempts(5), a field assignment such as
// c.RetryMax = 10, a composite literal field, or a constructor.
type Setting struct {
	// Name is the option function, method or field name ("Attempts",
	// "RetryMax", "NewExponentialBackOff").
	Name string
	// Obj is the function, method or field.
	Obj types.Object
	// Args are the call's arguments, or the single assigned value.
	Args []ast.Expr
	// Node is the call, assignment or key-value expression.
	Node ast.Node
	// Pos is where it is written.
	Pos token.Pos
}

// Arg returns the i'th argument, or nil.
func (s *Setting) Arg(i int) ast.Expr {
	if s == nil || i >= len(s.Args) {
		return nil
	}
	return s.Args[i]
}

// Title names the site for messages: "retry loop", "recursive retry",
// "call of retry helper retryHelper", "retry-go/v4 retry".
func (s *Site) Title() string {
	switch s.Kind {
	case Loop:
		return "retry loop"
	case Recursion:
		return "recursive retry"
	case HelperCall:
		if call, ok := s.Node.(*ast.CallExpr); ok {
			return "call of retry helper " + types.ExprString(call.Fun)
		}
		return "call of a retry helper"
	case Library:
		if s.Lib != nil {
			// "client-go retry", not "client-go retry retry"
			return strings.TrimSuffix(s.Lib.Name, " retry") + " retry"
		}
	}
	return "retry"
}

// Reports says whether a rule about the site's waits, operations,
// outcomes or timeouts should report here. HelperCall sites share those
// with their helper, which is reported once, where it is written.
func (s *Site) Reports() bool { return s.Kind != HelperCall || s.CrossPackage }

// Last returns the last setting with one of the names, or nil.
func (s *Site) Last(names ...string) *Setting {
	for i := len(s.Settings) - 1; i >= 0; i-- {
		if slices.Contains(names, s.Settings[i].Name) {
			return s.Settings[i]
		}
	}
	return nil
}

// All returns the settings with one of the names, in source order.
func (s *Site) All(names ...string) []*Setting {
	var res []*Setting
	for _, st := range s.Settings {
		for _, n := range names {
			if st.Name == n {
				res = append(res, st)
			}
		}
	}
	return res
}

// LastAfter is Last restricted to settings written at or after pos (the
// fields of a value set after it was built).
func (s *Site) LastAfter(pos int, names ...string) *Setting {
	st := s.Last(names...)
	if st != nil && int(st.Pos) < pos {
		return nil
	}
	return st
}

// String returns the setting's name.
func (s *Setting) String() string { return s.Name }

// Describe renders a site in one line, for tests and debugging:
// "loop bound=2 waits=[fixed interval] ops=[Do]".
func (s *Site) Describe() string {
	var b strings.Builder
	b.WriteString(s.Kind.String())
	if s.Lib != nil {
		b.WriteString(" " + s.Lib.Name)
	}
	b.WriteString(" ctx=" + s.Context.String())
	switch s.Bound.Kind {
	case BoundKnown:
		b.WriteString(" retries=" + strconv.Itoa(s.Bound.Retries))
	case BoundUnbounded:
		b.WriteString(" unbounded")
	default:
		b.WriteString(" bound=?")
	}
	return b.String()
}

// A GRPCRetryPolicy is one retryPolicy of a gRPC service config given to
// grpc.WithDefaultServiceConfig: a constant, or a document the model
// rebuilds (package libread, grpcconfig_build.go).
type GRPCRetryPolicy struct {
	// Methods names the methods it applies to ("pkg.Svc/Method",
	// "pkg.Svc" for a whole service, "" for every method).
	Methods []string
	// MaxAttempts is as written; Attempts is what gRPC makes of it:
	// capped by grpc.WithMaxCallAttempts (5 by default).
	MaxAttempts, Attempts int
	InitialBackoff        time.Duration
	MaxBackoff            time.Duration
	BackoffMultiplier     float64
	// RetryableStatusCodes are the codes as written (names or numbers),
	// Codes what they mean.
	RetryableStatusCodes []string
	Codes                []policy.GRPCCode
	// Timeout is its methodConfig's "timeout": the deadline of each
	// call, all its attempts and waits included (0 when unset).
	Timeout time.Duration
	// Valid is false when gRPC would reject the policy (maxAttempts < 2,
	// a non-positive backoff or multiplier, no codes): it then retries
	// nothing.
	Valid bool
}

// CountedAttempts describes a bound of n attempts ("3 attempts = 2
// retries") for Bound.Counted, as every kind of site says it.
func CountedAttempts(n int) string {
	a := "attempts"
	if n == 1 {
		a = "attempt"
	}
	r := "retries"
	if n-1 == 1 {
		r = "retry"
	}
	return fmt.Sprintf("%d %s = %d %s", n, a, n-1, r)
}
