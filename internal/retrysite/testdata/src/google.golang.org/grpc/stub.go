// Package grpc is a stub of google.golang.org/grpc for analysistest (GOPATH mode).
// Signatures are copied from google.golang.org/grpc@v1.85.0; only the API around retries is
// kept, and bodies return zero values.
package grpc

import (
	"context"
	"google.golang.org/grpc/backoff"
	"google.golang.org/grpc/credentials"
	"time"
)

var DefaultBackoffConfig = BackoffConfig{
	MaxDelay: 120 * time.Second,
}

type BackoffConfig struct {
	MaxDelay time.Duration
}

type CallOption interface {
	after(*callInfo, *csAttempt)
	before(*callInfo) error
}

type ClientConn struct {
}

func (cc *ClientConn) Invoke(ctx context.Context, method string, args any, reply any, opts ...CallOption) error {
	return nil
}

func (cc *ClientConn) Connect() {}

func (cc *ClientConn) Target() string { return "" }

func (cc *ClientConn) CanonicalTarget() string { return "" }

func (cc *ClientConn) ResetConnectBackoff() {}

func (cc *ClientConn) Close() error { return nil }

func (cc *ClientConn) NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error) {
	return nil, nil
}

type ClientConnInterface interface {
	Invoke(ctx context.Context, method string, args any, reply any, opts ...CallOption) error
	NewStream(ctx context.Context, desc *StreamDesc, method string, opts ...CallOption) (ClientStream, error)
}

type ClientStream interface {
	CloseSend() error
	Context() context.Context
	RecvMsg(m any) error
	SendMsg(m any) error
}

type ConnectParams struct {
	Backoff           backoff.Config
	MinConnectTimeout time.Duration
}

type DialOption interface {
	apply(*dialOptions)
}

type EmptyCallOption struct {
}

func (EmptyCallOption) before(*callInfo) error      { return nil }
func (EmptyCallOption) after(*callInfo, *csAttempt) {}

type EmptyDialOption struct {
}

func (EmptyDialOption) apply(*dialOptions) {}

type StreamClientInterceptor func(ctx context.Context, desc *StreamDesc, cc *ClientConn, method string, streamer Streamer, opts ...CallOption) (ClientStream, error)

type StreamDesc struct {
	StreamName    string
	ServerStreams bool
	ClientStreams bool
}

type Streamer func(ctx context.Context, desc *StreamDesc, cc *ClientConn, method string, opts ...CallOption) (ClientStream, error)

type UnaryClientInterceptor func(ctx context.Context, method string, req any, reply any, cc *ClientConn, invoker UnaryInvoker, opts ...CallOption) error

type UnaryInvoker func(ctx context.Context, method string, req any, reply any, cc *ClientConn, opts ...CallOption) error

func Dial(target string, opts ...DialOption) (*ClientConn, error) { return nil, nil }

func DialContext(ctx context.Context, target string, opts ...DialOption) (conn *ClientConn, err error) {
	return
}

func FailFast(failFast bool) CallOption { return nil }

func Invoke(ctx context.Context, method string, args any, reply any, cc *ClientConn, opts ...CallOption) error {
	return nil
}

func MaxRetryRPCBufferSize(bytes int) CallOption { return nil }

func NewClient(target string, opts ...DialOption) (conn *ClientConn, err error) { return }

func WaitForReady(waitForReady bool) CallOption { return nil }

func WithAuthority(a string) DialOption { return nil }

func WithBackoffConfig(b BackoffConfig) DialOption { return nil }

func WithBackoffMaxDelay(md time.Duration) DialOption { return nil }

func WithBlock() DialOption { return nil }

func WithChainStreamInterceptor(interceptors ...StreamClientInterceptor) DialOption { return nil }

func WithChainUnaryInterceptor(interceptors ...UnaryClientInterceptor) DialOption { return nil }

func WithConnectParams(p ConnectParams) DialOption { return nil }

func WithDefaultCallOptions(cos ...CallOption) DialOption { return nil }

func WithDefaultServiceConfig(s string) DialOption { return nil }

func WithDisableRetry() DialOption { return nil }

func WithDisableServiceConfig() DialOption { return nil }

func WithIdleTimeout(d time.Duration) DialOption { return nil }

func WithInsecure() DialOption { return nil }

func WithMaxCallAttempts(n int) DialOption { return nil }

func WithPerRPCCredentials(creds credentials.PerRPCCredentials) DialOption { return nil }

func WithStreamInterceptor(f StreamClientInterceptor) DialOption { return nil }

func WithTimeout(d time.Duration) DialOption { return nil }

func WithTransportCredentials(creds credentials.TransportCredentials) DialOption { return nil }

func WithUnaryInterceptor(f UnaryClientInterceptor) DialOption { return nil }

func WithUserAgent(s string) DialOption { return nil }

// Unexported types that keep CallOption and DialOption sealed, as in grpc.
type callInfo struct{}
type csAttempt struct{}
type dialOptions struct{}
