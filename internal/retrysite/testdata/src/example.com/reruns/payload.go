package reruns

import (
	"context"
	"encoding/json"
	"errors"
)

// A negotiation driven by the failure's payload: the server's error lists
// the versions it accepts, and the only way back asks again with one of
// them.

type rpcError struct {
	Code int
	Data []byte
}

func (e *rpcError) Error() string { return "rpc error" }

type offer struct{ Accepted []string }

type versionKey struct{}

type endpoint interface {
	Hello(ctx context.Context, name string) (string, error)
}

func pick(vs []string) string {
	if len(vs) == 0 {
		return ""
	}
	return vs[0]
}

func helloNegotiated(ctx context.Context, e endpoint, name string) (string, error) {
	hctx := context.WithValue(ctx, versionKey{}, "v9")
	for range 2 {
		res, err := e.Hello(hctx, name)
		if err == nil {
			return res, nil
		}
		var rerr *rpcError
		if errors.As(err, &rerr) && rerr.Code == 42 {
			var o offer
			if err := json.Unmarshal(rerr.Data, &o); err == nil {
				if v := pick(o.Accepted); v != "" {
					hctx = context.WithValue(ctx, versionKey{}, v)
					continue
				}
			}
		}
		break
	}
	return "", errors.New("no version")
}

func helloFallback(e endpoint, name string, asked string) (string, error) {
	version := asked
	for {
		res, err := e.Hello(context.Background(), name+version)
		if err == nil {
			return res, nil
		}
		var rerr *rpcError
		if !errors.As(err, &rerr) {
			return "", err
		}
		version = string(rerr.Data)
	}
}

// The way back sets the input from something the failure did not say:
// the same request again.
func helloSameVersion(ctx context.Context, e endpoint, name string) (string, error) {
	hctx := context.WithValue(ctx, versionKey{}, "v9")
	for i := 0; i < 2; i++ { // want `loop ctx=sync retries=1`
		res, err := e.Hello(hctx, name)
		if err == nil {
			return res, nil
		}
		var rerr *rpcError
		if errors.As(err, &rerr) && rerr.Code == 42 {
			hctx = context.WithValue(ctx, versionKey{}, "v9")
			continue
		}
		break
	}
	return "", errors.New("failed")
}

// Recording the error on the way back is still a retry.
func helloKeepErr(e endpoint, name string) (string, error) {
	var last error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		res, err := e.Hello(context.Background(), name)
		if err == nil {
			return res, nil
		}
		last = err
	}
	return "", last
}
