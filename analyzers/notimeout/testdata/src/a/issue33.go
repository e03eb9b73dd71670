package a

// Issue 33: R-3 as the standard states it. An attempt is timed by a
// timeout of its own (a client's Timeout, resty's SetTimeout, a
// per-attempt context.WithTimeout, go-grpc-middleware's
// WithPerRetryTimeout); the caller's deadline bounds the whole retry, not
// one attempt. A per-attempt timeout set up in a helper of the package
// counts in the worst case; a deadline the loop sets but never watches
// does not stop it.

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/go-resty/resty/v2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	resty3 "resty.dev/v3"
)

var err33 = errors.New("failed")

// Point 3: a resty client the package builds with New() and no
// SetTimeout has no per-attempt timeout; the caller's context only caps
// the whole retry.

func resty33V2(ctx context.Context, body any) error {
	c := resty.New().SetRetryCount(3)
	_, err := c.R().SetContext(ctx).SetBody(body).Post("http://x/orders") // want `R-3: resty/v2 retry of .*Post \(POST\) has no per-attempt timeout: the resty client has no SetTimeout.*only the caller's deadline`
	return err
}

func resty33V3(ctx context.Context) error {
	c := resty3.New().SetRetryCount(3)
	_, err := c.R().SetContext(ctx).Get("http://x/orders") // want `R-3: resty/v3 retry of .*Get \(GET\) has no per-attempt timeout: the resty client has no SetTimeout.*only the caller's deadline`
	return err
}

// Must not flag: SetTimeout times each attempt (4 x 5s + waits < 30s).
func resty33Timed(ctx context.Context) error {
	c := resty.New().SetRetryCount(3).SetTimeout(5 * time.Second)
	_, err := c.R().SetContext(ctx).Get("http://x/orders")
	return err
}

// Must not flag: v3's request-level SetTimeout times each attempt.
func resty33RequestTimed(ctx context.Context) error {
	c := resty3.New().SetRetryCount(3)
	_, err := c.R().SetContext(ctx).SetTimeout(5 * time.Second).Get("http://x/orders")
	return err
}

// Must not flag: the http.Client given to NewWithClient has a Timeout.
func resty33WithClient(ctx context.Context) error {
	c := resty.NewWithClient(&http.Client{Timeout: 5 * time.Second}).SetRetryCount(3)
	_, err := c.R().SetContext(ctx).Get("http://x/orders")
	return err
}

// Must not flag: a client from the caller is the caller's choice.
func resty33Param(ctx context.Context, c *resty.Client) error {
	_, err := c.SetRetryCount(3).R().SetContext(ctx).Get("http://x/orders")
	return err
}

// Must not flag: a deadline the function sets caps the whole retry
// within 30s.
func resty33Deadline(ctx context.Context) error {
	c := resty.New().SetRetryCount(3)
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	_, err := c.R().SetContext(ctx).Get("http://x/orders")
	return err
}

// Point 4: gRPC unary calls (a generated client's method calls
// ClientConn.Invoke the same way).

func retryable33(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.ResourceExhausted:
		return true
	}
	return false
}

// A hand loop around a unary call that carries no per-call deadline.
func grpc33Loop(ctx context.Context, cc *grpc.ClientConn, in, out any) error {
	var err error
	for i := 0; i < 3; i++ {
		err = cc.Invoke(ctx, "/orders.Orders/Get", in, out) // want `R-3: retry of cc\.Invoke has no per-attempt timeout: the gRPC call's context, ctx, has no deadline of its own; only the caller's`
		if err == nil {
			return nil
		}
		if !retryable33(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(100<<i) * time.Millisecond):
		}
	}
	return err
}

// A unary call under context.Background(): no deadline at all.
func grpc33Background(cc *grpc.ClientConn, in, out any) error {
	ctx := context.Background()
	var err error
	for i := 0; i < 3; i++ { // want `R-3: retry of cc\.Invoke has no total duration cap`
		err = cc.Invoke(ctx, "/orders.Orders/Get", in, out, grpc.WaitForReady(true)) // want `R-3: retry of cc\.Invoke has no per-attempt timeout: the gRPC call's context, context\.Background\(\), has no deadline`
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(100<<i) * time.Millisecond)
	}
	return err
}

// Must not flag: a per-attempt deadline (3 x 2s + waits < 30s).
func grpc33LoopTimed(ctx context.Context, cc *grpc.ClientConn, in, out any) error {
	var err error
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err = cc.Invoke(actx, "/orders.Orders/Get", in, out)
		cancel()
		if err == nil {
			return nil
		}
		if !retryable33(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(100<<i) * time.Millisecond):
		}
	}
	return err
}

// Must not flag: a call option the model cannot see may set a timeout.
func grpc33LoopOpts(ctx context.Context, cc *grpc.ClientConn, in, out any, opts ...grpc.CallOption) error {
	var err error
	for i := 0; i < 3; i++ {
		err = cc.Invoke(ctx, "/orders.Orders/Get", in, out, opts...)
		if err == nil {
			return nil
		}
		if !retryable33(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(100<<i) * time.Millisecond):
		}
	}
	return err
}

// Point 1: the per-attempt timeout sits in a helper of the package.

func fetch33Client(ctx context.Context, u string) error {
	c := &http.Client{Timeout: 10 * time.Second}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func fetch33Ctx(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func fetch33Short(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func helper33Client(ctx context.Context, u string) error {
	var err error
	for i := 0; i < 3; i++ { // want `R-3: retry of fetch33Client \(GET\) sets no deadline on ctx and can take 3 attempts x 10s timeout \+ waits 2 x 8s = 46s > the 30s cap`
		if err = fetch33Client(ctx, u); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(8 * time.Second):
		}
	}
	return err
}

func helper33Ctx(ctx context.Context, u string) error {
	var err error
	for i := 0; i < 3; i++ { // want `R-3: retry of fetch33Ctx \(GET\) sets no deadline on ctx and can take 3 attempts x 10s timeout \+ waits 2 x 8s = 46s > the 30s cap`
		if err = fetch33Ctx(ctx, u); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(8 * time.Second):
		}
	}
	return err
}

// Must not flag: 3 x 2s + 2 x 8s = 22s is within the cap.
func helper33Within(ctx context.Context, u string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = fetch33Short(ctx, u); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(8 * time.Second):
		}
	}
	return err
}

// Must not flag: every call in the package gives ctx a 20s deadline.
func helper33Called(ctx context.Context, u string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = fetch33Ctx(ctx, u); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(8 * time.Second):
		}
	}
	return err
}

func callsHelper33(u string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return helper33Called(ctx, u)
}

// Must not flag: a 25s deadline the loop watches caps it.
func helper33Deadline(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 25*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = fetch33Ctx(ctx, u); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(8 * time.Second):
		}
	}
	return err
}

// Point 5: a deadline the function sets before the loop.

type Budget33 struct{ Budget time.Duration }

var budget33 = Budget33{Budget: 20 * time.Second}

// Must not flag: a Budget field turned into a deadline the loop watches.
func budget33Loop(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, budget33.Budget)
	defer cancel()
	for {
		if err := fetch33Ctx(ctx, u); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// The loop sets a deadline but never watches it: after 25s every attempt
// fails at once and the plain sleeps go on forever.
func deadline33Blind(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 25*time.Second)
	defer cancel()
	for { // want `R-3: retry of fetch33Short \(GET\) never watches ctx and has no total duration cap: it stops only on success`
		if err := fetch33Short(ctx, u); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// The same with a deadline from a Budget field.
func budget33Blind(u string) error {
	ctx, cancel := context.WithTimeout(context.Background(), budget33.Budget)
	defer cancel()
	for { // want `R-3: retry of fetch33Short \(GET\) never watches ctx and has no total duration cap: it stops only on success`
		if err := fetch33Short(ctx, u); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: the same loop stops when the deadline passes.
func deadline33Watched(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 25*time.Second)
	defer cancel()
	for {
		err := fetch33Short(ctx, u)
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return err
		}
		time.Sleep(time.Second)
	}
}
