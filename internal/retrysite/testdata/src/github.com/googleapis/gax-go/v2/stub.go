// Package gax is a stub of github.com/googleapis/gax-go/v2 for analysistest (GOPATH mode).
// Signatures are copied from github.com/googleapis/gax-go/v2@v2.27.0; only the API around retries is
// kept, and bodies return zero values.
package gax

import (
	"context"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"time"
)

type APICall func(context.Context, CallSettings) error

type Backoff struct {
	Initial    time.Duration
	Max        time.Duration
	Multiplier float64
}

func (bo *Backoff) Pause() time.Duration { return 0 }

type CallOption interface {
	Resolve(cs *CallSettings)
}

type CallSettings struct {
	Retry func() Retryer
	GRPC  []grpc.CallOption
	Path  string
}

type Retryer interface {
	Retry(err error) (pause time.Duration, shouldRetry bool)
}

func Invoke(ctx context.Context, call APICall, opts ...CallOption) error { return nil }

func OnCodes(cc []codes.Code, bo Backoff) Retryer { return nil }

func OnErrorFunc(bo Backoff, shouldRetry func(err error) bool) Retryer { return nil }

func OnHTTPCodes(bo Backoff, cc ...int) Retryer { return nil }

func Sleep(ctx context.Context, d time.Duration) error { return nil }

func WithGRPCOptions(opt ...grpc.CallOption) CallOption { return nil }

func WithPath(p string) CallOption { return nil }

func WithRetry(fn func() Retryer) CallOption { return nil }

func WithTimeout(t time.Duration) CallOption { return nil }
