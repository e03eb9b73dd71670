// Package retry is a stub of github.com/aws/aws-sdk-go-v2/aws/retry for analysistest (GOPATH mode).
// Signatures are copied from github.com/aws/aws-sdk-go-v2@v1.47.7; only the API around retries is
// kept, and bodies return zero values.
package retry

import (
	"context"
	"github.com/aws/aws-sdk-go-v2/aws"
	"time"
)

const DefaultMaxAttempts int = 3
const DefaultMaxBackoff time.Duration = 20 * time.Second
const DefaultNoRetryIncrement uint = 1
const DefaultRequestCost uint = 1
const DefaultRetryCost uint = 5
const DefaultRetryRateTokens uint = 500
const DefaultRetryTimeoutCost uint = 10
const DefaultThrottlingRetryCost uint = 5

var DefaultRetryableErrorCodes = map[string]struct{}{
	"RequestTimeout":          {},
	"RequestTimeoutException": {},
}
var DefaultRetryableHTTPStatusCodes = map[int]struct{}{
	500: {},
	502: {},
	503: {},
	504: {},
}
var DefaultRetryables = []IsErrorRetryable{
	NoRetryCanceledError{},
	RetryableError{},
	RetryableConnectionError{},
	RetryableHTTPStatusCode{
		Codes: DefaultRetryableHTTPStatusCodes,
	},
	RetryableErrorCode{
		Codes: DefaultRetryableErrorCodes,
	},
	RetryableErrorCode{
		Codes: DefaultThrottleErrorCodes,
	},
}
var DefaultThrottleErrorCodes = map[string]struct{}{
	"Throttling":                             {},
	"ThrottlingException":                    {},
	"ThrottledException":                     {},
	"RequestThrottledException":              {},
	"TooManyRequestsException":               {},
	"ProvisionedThroughputExceededException": {},
	"TransactionInProgressException":         {},
	"RequestLimitExceeded":                   {},
	"BandwidthLimitExceeded":                 {},
	"LimitExceededException":                 {},
	"RequestThrottled":                       {},
	"SlowDown":                               {},
	"PriorRequestNotComplete":                {},
	"EC2ThrottledException":                  {},
}
var DefaultThrottles = []IsErrorThrottle{
	ThrottleErrorCode{
		Codes: DefaultThrottleErrorCodes,
	},
}
var DefaultTimeouts = []IsErrorTimeout{
	TimeouterError{},
}

type AdaptiveMode struct {
}

func (a *AdaptiveMode) IsErrorRetryable(err error) bool { return false }

func (a *AdaptiveMode) MaxAttempts() int { return 0 }

func (a *AdaptiveMode) RetryDelay(attempt int, opErr error) (time.Duration, error) { return 0, nil }

func (a *AdaptiveMode) GetRetryToken(ctx context.Context, opErr error) (releaseToken func(error) error, err error) {
	return
}

func (a *AdaptiveMode) GetInitialToken() (releaseToken func(error) error) { return }

func (a *AdaptiveMode) GetAttemptToken(ctx context.Context) (func(error) error, error) {
	return nil, nil
}

type AdaptiveModeOptions struct {
	FailOnNoAttemptTokens bool
	RequestCost           uint
	Throttles             []IsErrorThrottle
	StandardOptions       []func(*StandardOptions)
}

type AddRetryMiddlewaresOptions struct {
	Retryer          aws.Retryer
	LogRetryAttempts bool
}

type BackoffDelayer interface {
	BackoffDelay(attempt int, err error) (time.Duration, error)
}

type BackoffDelayerFunc func(int, error) (time.Duration, error)

func (fn BackoffDelayerFunc) BackoffDelay(attempt int, err error) (time.Duration, error) {
	return 0, nil
}

type ExponentialJitterBackoff struct {
}

func (j *ExponentialJitterBackoff) BackoffDelay(attempt int, err error) (time.Duration, error) {
	return 0, nil
}

type IsErrorRetryable interface {
	IsErrorRetryable(error) aws.Ternary
}

type IsErrorRetryableFunc func(error) aws.Ternary

func (fn IsErrorRetryableFunc) IsErrorRetryable(err error) aws.Ternary { return 0 }

type IsErrorRetryables []IsErrorRetryable

func (r IsErrorRetryables) IsErrorRetryable(err error) aws.Ternary { return 0 }

type IsErrorThrottle interface {
	IsErrorThrottle(error) aws.Ternary
}

type IsErrorThrottleFunc func(error) aws.Ternary

func (fn IsErrorThrottleFunc) IsErrorThrottle(err error) aws.Ternary { return 0 }

type IsErrorThrottles []IsErrorThrottle

func (r IsErrorThrottles) IsErrorThrottle(err error) aws.Ternary { return 0 }

type IsErrorTimeout interface {
	IsErrorTimeout(err error) aws.Ternary
}

type IsErrorTimeoutFunc func(error) aws.Ternary

func (fn IsErrorTimeoutFunc) IsErrorTimeout(err error) aws.Ternary { return 0 }

type IsErrorTimeouts []IsErrorTimeout

func (ts IsErrorTimeouts) IsErrorTimeout(err error) aws.Ternary { return 0 }

type MaxAttemptsError struct {
	Attempt int
	Err     error
}

func (e *MaxAttemptsError) Error() string { return "" }

func (e *MaxAttemptsError) Unwrap() error { return nil }

type NoRetryCanceledError struct {
}

func (n NoRetryCanceledError) IsErrorRetryable(err error) aws.Ternary { return 0 }

type RateLimiter interface {
	AddTokens(uint) error
	GetToken(ctx context.Context, cost uint) (releaseToken func() error, err error)
}

type RetryableConnectionError struct {
}

func (r RetryableConnectionError) IsErrorRetryable(err error) aws.Ternary { return 0 }

type RetryableError struct {
}

func (r RetryableError) IsErrorRetryable(err error) aws.Ternary { return 0 }

type RetryableErrorCode struct {
	Codes map[string]struct{}
}

func (r RetryableErrorCode) IsErrorRetryable(err error) aws.Ternary { return 0 }

type RetryableHTTPStatusCode struct {
	Codes map[int]struct{}
}

func (r RetryableHTTPStatusCode) IsErrorRetryable(err error) aws.Ternary { return 0 }

type Standard struct {
}

func (s *Standard) MaxAttempts() int { return 0 }

func (s *Standard) IsErrorRetryable(err error) bool { return false }

func (s *Standard) RetryDelay(attempt int, err error) (time.Duration, error) { return 0, nil }

func (s *Standard) GetAttemptToken(context.Context) (func(error) error, error) { return nil, nil }

func (s *Standard) GetInitialToken() func(error) error { return nil }

func (s *Standard) GetRetryToken(ctx context.Context, opErr error) (func(error) error, error) {
	return nil, nil
}

type StandardOptions struct {
	MaxAttempts         int
	MaxBackoff          time.Duration
	Backoff             BackoffDelayer
	Retryables          []IsErrorRetryable
	Timeouts            []IsErrorTimeout
	Throttles           []IsErrorThrottle
	RateLimiter         RateLimiter
	RetryCost           uint
	RetryTimeoutCost    uint
	ThrottlingRetryCost uint
	NoRetryIncrement    uint
	BaseDelay           time.Duration
}

type ThrottleErrorCode struct {
	Codes map[string]struct{}
}

func (r ThrottleErrorCode) IsErrorThrottle(err error) aws.Ternary { return 0 }

type TimeouterError struct {
}

func (t TimeouterError) IsErrorTimeout(err error) aws.Ternary { return 0 }

func AddWithErrorCodes(r aws.Retryer, codes ...string) aws.Retryer { return nil }

func AddWithLongPolling(r aws.Retryer) aws.Retryer { return nil }

func AddWithMaxAttempts(r aws.Retryer, max int) aws.Retryer { return nil }

func AddWithMaxBackoffDelay(r aws.Retryer, delay time.Duration) aws.Retryer { return nil }

func NewAdaptiveMode(optFns ...func(*AdaptiveModeOptions)) *AdaptiveMode { return nil }

func NewExponentialJitterBackoff(maxBackoff time.Duration) *ExponentialJitterBackoff { return nil }

func NewStandard(fnOpts ...func(*StandardOptions)) *Standard { return nil }
