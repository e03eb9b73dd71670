// Package caller retries methods of an SDK of another module
// (example.com/sdkdep): the method a method sends is read from its
// declaration, syntax only (ops_elsewhere.go).
package caller

import (
	"context"
	"errors"
	"time"

	"example.com/sdkdep/api"
	"example.com/sdkdep/keyed"
	"example.com/sdkuser/internal/hub"
)

func create(ctx context.Context, c *api.Client) error {
	for i := 0; i < 3; i++ {
		if _, err := c.Issues.Create(ctx, "t"); err == nil { // want `R-6: retry of c\.Issues\.Create \(POST\) sends no Idempotency-Key header`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

func edit(ctx context.Context, c *api.Client) error {
	for i := 0; i < 3; i++ {
		if _, err := c.Issues.Edit(ctx, "1", "t"); err == nil { // want `R-6: retry of c\.Issues\.Edit \(PATCH\) sends no Idempotency-Key header`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

// A function of another package of the module is read the same way.
func notify(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		if err := hub.Notify(ctx, "https://hooks.example.com"); err == nil { // want `R-6: retry of hub\.Notify \(POST\) sends no Idempotency-Key header`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

// Traps: a GET is idempotent; a method that builds a GET and a POST, or
// takes its method from its caller, has no one method; one that only
// returns a request sends nothing; an SDK whose source sets an
// Idempotency-Key itself may key the POST. All silent.

func get(ctx context.Context, c *api.Client) error {
	for i := 0; i < 3; i++ {
		if _, err := c.Issues.Get(ctx, "1"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

func upsert(ctx context.Context, c *api.Client) error {
	for i := 0; i < 3; i++ {
		if _, err := c.Issues.Upsert(ctx, "1", "t"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

func call(ctx context.Context, c *api.Client) error {
	for i := 0; i < 3; i++ {
		if _, err := c.Issues.Call(ctx, "POST", "issues"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

func request(c *api.Client) error {
	for i := 0; i < 3; i++ {
		if _, err := c.Issues.Request("t"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

func charge(ctx context.Context, c *keyed.Client) error {
	for i := 0; i < 3; i++ {
		if _, err := c.Charge(ctx, "https://pay.example.com/charges"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}
