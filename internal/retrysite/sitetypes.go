package retrysite

import "github.com/retrylint/retrylint/internal/retrysite/site"

// The site model's types and constants live in package site; these
// aliases let the model's code (and its Result's readers) name them
// unqualified.

type (
	Lib             = site.Lib
	Kind            = site.Kind
	Site            = site.Site
	BoundKind       = site.BoundKind
	Bound           = site.Bound
	WaitKind        = site.WaitKind
	Shape           = site.Shape
	Wait            = site.Wait
	Op              = site.Op
	IdemKeyState    = site.IdemKeyState
	IdemKey         = site.IdemKey
	Outcomes        = site.Outcomes
	Timeouts        = site.Timeouts
	Setting         = site.Setting
	GRPCRetryPolicy = site.GRPCRetryPolicy
)

const (
	Loop               = site.Loop
	Recursion          = site.Recursion
	HelperCall         = site.HelperCall
	Library            = site.Library
	BoundUnknown       = site.BoundUnknown
	BoundKnown         = site.BoundKnown
	BoundUnbounded     = site.BoundUnbounded
	WaitSleep          = site.WaitSleep
	WaitAfter          = site.WaitAfter
	WaitTimer          = site.WaitTimer
	WaitTicker         = site.WaitTicker
	WaitLibrary        = site.WaitLibrary
	WaitHelper         = site.WaitHelper
	ShapeUnknown       = site.ShapeUnknown
	ShapeNone          = site.ShapeNone
	ShapeConstant      = site.ShapeConstant
	ShapeLinear        = site.ShapeLinear
	ShapePolynomial    = site.ShapePolynomial
	ShapeExponential   = site.ShapeExponential
	ShapeNoJitter      = site.ShapeNoJitter
	ShapeEqualJitter   = site.ShapeEqualJitter
	ShapePartialJitter = site.ShapePartialJitter
	ShapeFullJitter    = site.ShapeFullJitter
	ShapeDecorrelated  = site.ShapeDecorrelated
	ShapeSchedule      = site.ShapeSchedule
	KeyUnknown         = site.KeyUnknown
	KeyMissing         = site.KeyMissing
	KeyPerAttempt      = site.KeyPerAttempt
	KeyConstant        = site.KeyConstant
	KeyStable          = site.KeyStable
)
