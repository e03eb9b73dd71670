// Package aws is a stub of github.com/aws/aws-sdk-go-v2/aws for analysistest (GOPATH mode).
// Signatures are copied from github.com/aws/aws-sdk-go-v2@v1.47.7; only the API around retries is
// kept, and bodies return zero values.
package aws

import (
	"context"
	"net/http"
	"time"
)

const FalseTernary Ternary = 1
const RetryModeAdaptive RetryMode = "adaptive"
const RetryModeStandard RetryMode = "standard"
const TrueTernary Ternary = 2
const UnknownTernary Ternary = 0

type Config struct {
	Region                      string
	Credentials                 CredentialsProvider
	HTTPClient                  HTTPClient
	RetryMaxAttempts            int
	RetryMode                   RetryMode
	Retryer                     func() Retryer
	ConfigSources               []interface{}
	AppID                       string
	BaseEndpoint                *string
	DisableRequestCompression   bool
	RequestMinCompressSizeBytes int64
	DisableClockSkewCorrection  bool
	AuthSchemePreference        []string
	ServiceOptions              []func(string, any)
}

func (c Config) Copy() Config { return Config{} }

type Credentials struct {
	AccessKeyID     string
	SecretAccessKey string
	SessionToken    string
	Source          string
	CanExpire       bool
	Expires         time.Time
	AccountID       string
}

func (v Credentials) Expired() bool { return false }

func (v Credentials) HasKeys() bool { return false }

type CredentialsProvider interface {
	Retrieve(ctx context.Context) (Credentials, error)
}

type CredentialsProviderFunc func(context.Context) (Credentials, error)

func (fn CredentialsProviderFunc) Retrieve(ctx context.Context) (Credentials, error) {
	return Credentials{}, nil
}

type HTTPClient interface {
	Do(*http.Request) (*http.Response, error)
}

type NopRetryer struct {
}

func (n NopRetryer) IsErrorRetryable(error) bool { return false }

func (n NopRetryer) MaxAttempts() int { return 0 }

func (n NopRetryer) RetryDelay(int, error) (time.Duration, error) { return 0, nil }

func (n NopRetryer) GetRetryToken(context.Context, error) (func(error) error, error) { return nil, nil }

func (n NopRetryer) GetInitialToken() func(error) error { return nil }

func (n NopRetryer) GetAttemptToken(context.Context) (func(error) error, error) { return nil, nil }

type RetryMode string

func (m RetryMode) String() string { return "" }

type Retryer interface {
	GetInitialToken() (releaseToken func(error) error)
	GetRetryToken(ctx context.Context, opErr error) (releaseToken func(error) error, err error)
	IsErrorRetryable(error) bool
	MaxAttempts() int
	RetryDelay(attempt int, opErr error) (time.Duration, error)
}

type RetryerV2 interface {
	Retryer
	GetAttemptToken(context.Context) (func(error) error, error)
	GetInitialToken() (releaseToken func(error) error)
}

type Ternary int

func (t Ternary) String() string { return "" }

func (t Ternary) Bool() bool { return false }

func Bool(v bool) *bool { return nil }

func BoolTernary(v bool) Ternary { return 0 }

func Int(v int) *int { return nil }

func Int32(v int32) *int32 { return nil }

func NewConfig() *Config { return nil }

func ParseRetryMode(v string) (mode RetryMode, err error) { return }

func String(v string) *string { return nil }

func ToString(p *string) (v string) { return }
