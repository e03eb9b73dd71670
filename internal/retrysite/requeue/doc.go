// Package requeue finds retries through a work queue (knowledge workqueue.go):
// a controller that hands an item back to a rate-limited queue when the
// work for it failed,
//
//	result, err := c.Reconcile(ctx, req)
//	if err != nil {
//		c.Queue.AddRateLimited(req) // or AddWithOpts(AddOpts{RateLimited: true}, req)
//	}
//
// retries that work: the queue delivers req to the handler again after
// its limiter's delay, and again after every failure. There is no loop in
// the code; the site is the requeue call. It is one when
//
//   - the item handed back is a variable of the function that an
//     operation of the function is given as an argument (the same input,
//     so the same operation runs again), and that the function never
//     writes after its definition;
//   - the requeue follows that operation's failure and not its success:
//     walked from the operation under the error outcome, control reaches
//     the call; under success it does not (a resync that requeues every
//     item is no retry).
//
// Its bound is none unless the package asks the queue NumRequeues (the
// count a controller gives up at; the model does not read it: unknown).
// Its waits are the queue's limiter when the package builds the queue
// from client-go's constructors (the field or variable's every write):
// none of them draws at random. Anything else leaves the waits unknown.
// The operation's outcomes and timeouts are the handler's business: the
// site says nothing of them (R-3, R-4 and R-6 silent).
//
// The retry-site model's discovery gives it, for each function, the
// requeue calls (Entry) and the function's operations (Group); it asks
// the model, as its Host, for the function's graph, an operation's
// description, a duration's value and the writes the value index sees.
package requeue
