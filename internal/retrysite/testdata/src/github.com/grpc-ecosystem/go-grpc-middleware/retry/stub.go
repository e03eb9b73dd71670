// Package grpc_retry is a stub of github.com/grpc-ecosystem/go-grpc-middleware/retry for analysistest (GOPATH mode).
// Signatures are copied from github.com/grpc-ecosystem/go-grpc-middleware@v1.4.0; only the API around retries is
// kept, and bodies return zero values.
package grpc_retry

import (
	"context"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"time"
)

const AttemptMetadataKey = "x-retry-attempty"

var DefaultRetriableCodes = []codes.Code{codes.ResourceExhausted, codes.Unavailable}

type BackoffFunc func(attempt uint) time.Duration

type BackoffFuncContext func(ctx context.Context, attempt uint) time.Duration

type CallOption struct {
	grpc.EmptyCallOption
}

func BackoffExponential(scalar time.Duration) BackoffFunc { return nil }

func BackoffExponentialWithJitter(scalar time.Duration, jitterFraction float64) BackoffFunc {
	return nil
}

func BackoffLinear(waitBetween time.Duration) BackoffFunc { return nil }

func BackoffLinearWithJitter(waitBetween time.Duration, jitterFraction float64) BackoffFunc {
	return nil
}

func Disable() CallOption { return CallOption{} }

func StreamClientInterceptor(optFuncs ...CallOption) grpc.StreamClientInterceptor { return nil }

func UnaryClientInterceptor(optFuncs ...CallOption) grpc.UnaryClientInterceptor { return nil }

func WithBackoff(bf BackoffFunc) CallOption { return CallOption{} }

func WithBackoffContext(bf BackoffFuncContext) CallOption { return CallOption{} }

func WithCodes(retryCodes ...codes.Code) CallOption { return CallOption{} }

func WithMax(maxRetries uint) CallOption { return CallOption{} }

func WithPerRetryTimeout(timeout time.Duration) CallOption { return CallOption{} }
