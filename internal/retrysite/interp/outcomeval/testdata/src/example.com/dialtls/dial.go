package dialtls

import (
	"context"
	"errors"
	"net"
	"os"
	"syscall"
	"time"
)

// A predicate given the dial's error that retries refused connections
// and timeouts: a certificate error is neither (errors.As finds it as a
// net.Error, whose Timeout is false), so it is not retried.
func check(ctx context.Context, address string, waitInterval time.Duration) error {
	dialer := net.Dialer{}
	for i := 0; ; i++ { // want `loop ctx=sync unbounded`
		conn, err := dialer.DialContext(ctx, "tcp", address)
		if err != nil {
			if isRetryableDialErr(ctx, err) {
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(waitInterval):
				}
				continue
			}
			return err
		}
		_ = conn.Close()
		return nil
	}
}

func isRetryableDialErr(ctx context.Context, err error) bool {
	var v *net.OpError
	if errors.As(err, &v) {
		var v2 *os.SyscallError
		if errors.As(v.Err, &v2) && errors.Is(v2.Err, syscall.ECONNREFUSED) {
			return true
		}
	}
	var ne net.Error
	return ctx.Err() == nil && errors.As(err, &ne) && ne.Timeout()
}

// A predicate that retries every net.Error retries certificate errors.
func checkAny(ctx context.Context, address string) error {
	dialer := net.Dialer{}
	for { // want `loop ctx=sync unbounded` `R-9: retry of dialer.DialContext retries TLS certificate errors`
		conn, err := dialer.DialContext(ctx, "tcp", address)
		if err != nil {
			if isNetErr(err) {
				time.Sleep(time.Second)
				continue
			}
			return err
		}
		return conn.Close()
	}
}

func isNetErr(err error) bool {
	var ne net.Error
	return errors.As(err, &ne)
}
