// Package outcomepred holds recursions decided by a retry predicate the
// model cannot see: a func value given the operation's error (interp's
// outcomepred.go). The recursion comes back on the failures the
// predicate accepts, never after a success, and counts nothing unless
// a parameter does; the predicate may wait or refresh a credential
// before it says yes, so the waits are unknown. With the traps that
// are no unbounded retry.
package outcomepred

import (
	"context"
	"net/http"
)

// Gateway is a remote service (a gRPC client's interface).
type Gateway interface {
	Topology(ctx context.Context, in string) (string, error)
	List(ctx context.Context, page string) ([]string, string, error)
}

type retryPredicate func(context.Context, error) bool

// Retryer is an object that decides, and may count, retries.
type Retryer interface {
	ShouldRetry(err error) bool
}

type Command struct {
	gateway     Gateway
	shouldRetry retryPredicate
	retryer     Retryer
	h           *http.Client
}

// NewCommand takes the predicate from the caller: no literal of the
// package is known to fill the field.
func NewCommand(g Gateway, pred retryPredicate) *Command {
	return &Command{gateway: g, shouldRetry: pred}
}

// Send calls itself again while the predicate accepts the error: no
// attempt count whatever the predicate is; whether it waits is
// the predicate's business (no R-1 finding).
func (cmd *Command) Send(ctx context.Context) (string, error) { // want `recursion ctx=sync unbounded; waits unknown` `R-2: recursive retry of cmd.gateway.Topology has no maximum retry count`
	response, err := cmd.gateway.Topology(ctx, "x")
	if cmd.shouldRetry(ctx, err) {
		return cmd.Send(ctx)
	}
	return response, err
}

// Get tests the error first, then asks a predicate it is given.
func (cmd *Command) Get(url string, again func(error) bool) (*http.Response, error) { // want `recursion ctx=sync unbounded; waits unknown` `R-2: recursive retry of cmd.h.Get \(GET\) has no maximum retry count`
	res, err := cmd.h.Get(url)
	if err != nil && again(err) {
		return cmd.Get(url, again)
	}
	return res, err
}

// Trap: a depth parameter, decremented and tested, bounds the
// recursion; its count is the caller's (no R-2 finding).
func (cmd *Command) SendLeft(ctx context.Context, left int) (string, error) { // want `recursion ctx=sync bound=\?; waits unknown`
	response, err := cmd.gateway.Topology(ctx, "x")
	if left > 0 && cmd.shouldRetry(ctx, err) {
		return cmd.SendLeft(ctx, left-1)
	}
	return response, err
}

// Trap: the recursion moves on to the next page; the predicate only
// says whether to go on.
func (cmd *Command) ListAll(ctx context.Context, page string, acc []string) ([]string, error) {
	items, next, err := cmd.gateway.List(ctx, page)
	if err != nil {
		return acc, err
	}
	acc = append(acc, items...)
	if next != "" && !cmd.shouldRetry(ctx, err) {
		return cmd.ListAll(ctx, next, acc)
	}
	return acc, nil
}

// Trap: a predicate saying "done" that lets a success go round again is
// no retry (its nil-error answer is taken as no, so a success comes back).
func (cmd *Command) Watch(ctx context.Context) error {
	_, err := cmd.gateway.Topology(ctx, "watch")
	if !cmd.shouldRetry(ctx, err) {
		return cmd.Watch(ctx)
	}
	return err
}

// Trap: a method of a retry object may count what it decides: the
// recursion it guards is not read as unbounded.
func (cmd *Command) SendRetryer(ctx context.Context) (string, error) {
	response, err := cmd.gateway.Topology(ctx, "x")
	if err != nil && cmd.retryer.ShouldRetry(err) {
		return cmd.SendRetryer(ctx)
	}
	return response, err
}

// Trap: a refresh guarded by state the predicate cannot see (a
// predicate not given the error) is a look again once, not a retry.
func (cmd *Command) Cached(ctx context.Context, fresh func() bool) (string, error) {
	response, err := cmd.gateway.Topology(ctx, "x")
	if err != nil && !fresh() {
		return cmd.Cached(ctx, fresh)
	}
	return response, err
}

// Fetch asks the predicate with no error test first: a response of any
// status comes with a nil error, which the predicate answers no to, so
// no status is retried (no R-4 finding).
func (cmd *Command) Fetch(url string, again func(error) bool) (*http.Response, error) { // want `recursion ctx=sync unbounded; waits unknown` `R-2: recursive retry of cmd.h.Get \(GET\) has no maximum retry count`
	res, err := cmd.h.Get(url)
	if again(err) {
		return cmd.Fetch(url, again)
	}
	return res, err
}

// Trap: in a loop the predicate's sense is unknown (ok may say "fine"
// as well as "again"): not read as a retry.
func (cmd *Command) Loop(url string, ok func(error) bool) (*http.Response, error) {
	for {
		res, err := cmd.h.Get(url)
		if !ok(err) {
			return res, err
		}
	}
}

// Once holds a method value of its own as the predicate.
type Once struct {
	h     *http.Client
	again func(error) bool
	tried bool
}

func NewOnce(h *http.Client) *Once {
	o := &Once{h: h}
	o.again = o.firstTime
	return o
}

func (o *Once) firstTime(err error) bool {
	if o.tried {
		return false
	}
	o.tried = true
	return err != nil
}

// Trap: the func field holds a method of the package that counts in
// its receiver (one retry): seen through that method, no unbounded
// recursion.
func (o *Once) Get(url string) (*http.Response, error) {
	res, err := o.h.Get(url)
	if o.again(err) {
		return o.Get(url)
	}
	return res, err
}
