// Package requeue finds retries through a queue, first a work queue (knowledge workqueue.go):
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
// A job store retries the same way (reschedule.go): a failure handler, a
// function with one error parameter, writes the job back (a call the
// model takes for an operation) with a run time from now (now.Add(d), or
// a function of the module returning one) and an integer the run time is
// computed from, its attempt count. It is a site, at that write, when the
// write runs only for a failure: under a test that the error is not nil
// (or of a local only such a test sets, or after `if err == nil {
// return }`), or, when the handler never tests its error, because its
// callers call it after the failure of the operation whose error they
// hand it and not after its success. A schedule written after a success
// is a recurring job; a dead-letter move writes no later run time. The
// operations are those whose error the callers hand the handler; the
// bound is none unless the handler compares the count (or what it is
// computed from) with something; the wait is the delay function given
// the count, run over successive counts; with no bound and no time
// compared in the handler the retry has no total cap. Its context is
// async event processing.
//
// A worker retries through its own queue the same way (selfqueue.go):
//
//	for p := range t.queue {
//		if err := t.post(p.body); err != nil && p.retriesLeft > 0 {
//			p.retriesLeft--
//			t.queue <- p
//		}
//	}
//
// The site is the send. It is one when the value sent is a local the
// loop received from that same channel (for p := range ch, p := <-ch, a
// select's case p := <-ch; the same variable, or the same field of the
// same chain, written nowhere in the loop), never written after its
// receive (its fields may be: the count it carries), and an operation
// of the loop given it (p, a field of p, &p, or a method of p) reaches the
// send under the error outcome and not under success. A failed item
// sent to another channel (a dead letter), a fan-out, another item, a
// send after success or whatever the outcome (a resync) is no retry, nor
// is an item whose field the operation is given the loop writes (the
// backup host tried next: a failover). The
// operations are the group given the item; the waits are those of the
// operation's failure paths around the receiving loop (waits.LoopWaits:
// none when the item goes back at once, R-1's "retries at once"; a
// blocking select on other channels leaves them unknown); the bound is
// the count the item carries (carriedBound): stepped by one once in the
// loop, before the send and under an if testing it against a constant,
// from the one constant every other write of the package gives it (a
// literal leaving it out: 0); else unknown (items made by the caller).
// Outcomes and timeouts are left unsaid, as for the requeue call; the
// context is async event processing (what others queued).
//
// The retry-site model's discovery gives it, for each function, the
// requeue calls (Entry) and the function's operations (Group); it asks
// the model, as its Host, for the function's graph, an operation's
// description, a duration's value and the writes the value index sees.
package requeue
