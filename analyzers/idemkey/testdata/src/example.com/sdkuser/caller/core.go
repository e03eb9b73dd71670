package caller

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"example.com/sdkdep/core"
	"example.com/sdkdep/keyed"
)

// A (ctx, *http.Request) method of another package that returns a
// response and an error sends the request it is handed; a request made
// by another package's function given one constant method has that
// method.
func token(ctx context.Context, c core.BaseClient) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(http.MethodPost, c.Host, strings.NewReader("grant_type=x"))
		if resp, err := c.Call(ctx, req); err == nil { // want `R-6: retry of c\.Call \(POST\) sends no Idempotency-Key header`
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

func federate(ctx context.Context, c core.BaseClient) error {
	var req http.Request
	var err error
	for i := 0; i < 3; i++ {
		if req, err = core.MakeRequest(http.MethodPost, "", struct{ Body string }{"x"}); err != nil {
			return err
		}
		if resp, err := c.Call(ctx, &req); err == nil { // want `R-6: retry of c\.Call \(POST\) sends no Idempotency-Key header`
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

// Traps, all silent: a sender whose package sets an Idempotency-Key
// itself; a GET; a struct given to the builder whose tag names the key
// header; two constant methods given to one builder.

func tokenKeyed(ctx context.Context, c *keyed.Client) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(http.MethodPost, "https://x/token", nil)
		if resp, err := c.Call(ctx, req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

func federateGet(ctx context.Context, c core.BaseClient) error {
	for i := 0; i < 3; i++ {
		req, err := core.MakeRequest(http.MethodGet, "", nil)
		if err != nil {
			return err
		}
		if resp, err := c.Call(ctx, &req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

type keyedBody struct {
	Key  string `contributesTo:"header" name:"Idempotency-Key"`
	Body string
}

func federateTagged(ctx context.Context, c core.BaseClient, key string) error {
	for i := 0; i < 3; i++ {
		req, err := core.MakeRequest(http.MethodPost, "", keyedBody{Key: key})
		if err != nil {
			return err
		}
		if resp, err := c.Call(ctx, &req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}

func federateEither(ctx context.Context, c core.BaseClient) error {
	for i := 0; i < 3; i++ {
		req, err := core.MakeRequest(http.MethodPost, http.MethodGet, nil)
		if err != nil {
			return err
		}
		if resp, err := c.Call(ctx, &req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return errors.New("gave up")
}
