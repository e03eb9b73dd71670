// Package notretry holds the model's not-a-retry rules: what repeats an
// operation and still is no retry. The model (internal/retrysite) finds a
// loop, goto or self-recursion that runs an operation again after its
// failure; before it makes it a site, it asks these rules whether the
// repeat is something else: a queue drain, a pagination, a protocol
// exchange, a readiness wait, a re-run with changed input, failover over
// a list of endpoints (a slice, a rotating index, or a linked list the
// loop moves along, ldr = ldr.Next: notretry.go's listWalks), a state
// poll. A rule that says yes makes the model
// stay silent (precision first: when the code cannot tell, no finding).
//
// Rules. Each rule reads syntax, types and the function's control-flow
// graph (interp.FuncInfo) only; what it needs of the model (a function's
// declaration, the local variable an expression names, whether a call may
// be an operation and which one) it asks through Host, which the model
// implements (internal/retrysite/glue_notretry.go). The package never
// imports internal/retrysite. An operation group is handed over as a
// Group (its key and calls). Rules holds the per-package caches (whether
// the package starts a process, and which of its functions do); the model
// keeps one Rules by value and binds it to itself before each question,
// so a copy of the model made for another package's source asks with its
// own type information. No rule matches a project's names: each is a
// general form (a value flow, a loop form), with analysistest cases that
// must flag and must not flag (internal/retrysite/testdata/src).
//
// Compare-and-swap loops, syscall restarts, parsers and the standard
// library's own local packages are not retries. Nor are (precision.go): a
// call whose results nothing reads (it cannot make its function fail); a
// loop after the function, or every caller up to two calls away, has
// started a local process, itself or through a function of the package that
// starts one (a readiness wait); a loop whose every wait is a number the
// other side sent (a tagged wire field: a poll at the server's interval); a
// loop that gives its operation a new random value each time (a search for
// a free name); a loop that goes back to a create only when it failed
// because what it creates exists already (apierrors.IsAlreadyExists,
// os.IsExist: repeated unchanged it could never succeed, so the operation
// draws a new name itself; candidates.go); a loop that goes back only when the attempt's own
// context.WithCancel context was cancelled (a restart after a switch-over).
// Callers in _test.go files do not count for the readiness rules: a test
// exercising a helper is not a use of it. Nor are the re-runs of reruns.go,
// each a question asked of every path of the graph from the operation back
// to it: a downgrade (every path back sets a local the call reads to one
// constant, where it otherwise holds a mode chosen elsewhere: a commit
// finished as an abort); a re-run once after reconfiguration (a flag
// declared before the loop, tested unset on the way back, set to true, and
// another operation run: new seeds); a protocol exchange (the call is given
// what two or more other operations answered, and every path back runs them
// again: join, then sync); a collision retry (the call's input is made from
// a clock reading in the loop, and the only error that goes back is one
// sentinel: a new unique key after "key exists"); a negotiation (a function
// of the package given the attempt count switches to another request from a
// fixed attempt on: a protocol version stepped down); a negotiation by the
// failure's payload (payload.go: every path back assigns a local the call
// reads from a value derived from what the failed attempt returned, through
// assignments and through calls that fill a variable whose address they get
// beside such a value, errors.As(err, &e) then json.Unmarshal(e.Data,
// &offer): the next run asks with a version the server listed; a path back
// that only records the error, or sets the input from anything else, stays
// a retry). Nor is failover through a rotating index (rotation.go): a
// counted loop bounded by the length of a slice field of a value
// (len(s.addrs), or a method of the package whose body is return
// len(recv.addrs)), whose call is given the result of a method of the
// package, on the same value, that indexes that field with a field of its
// receiver it also assigns (the next address, round robin): each endpoint
// once (the count may be a local set from that length before the loop and
// counted down, the endpoint a local the body sets from the method); the same loop bounded by a number, or an endpoint method that does
// not move its index, stays a retry. A flag that only holds constants
// (retrying = true), a request rebuilt the same way, an attempt number
// given to a call the model cannot see or used from the first retry on, and
// a call given what one other call answered (a token) stay retries. Nor is
// a loop without an attempt count in a readiness wait (readiness.go): a
// function whose name says it waits (waitX, WaitUntilReady, ...Ready)
// handed the thing it waits for (a parameter of a non-standard interface
// type), whose loop is its last statement, or an unexported one only such
// functions call.
//
// Nor is a loop whose every operation sends an HTTP request to the local
// host, named by the constant part of the URL it is made with
// (loopback.go: http://localhost:%s/healthz, 127.0.0.1, [::1]): a
// readiness poll of a local server; a host the code does not spell out
// stays a retry.
//
// Nor is a loop whose only ways back are continue statements under a
// protocol's "not yet" answer (pending.go: the OAuth device flow's
// authorization_pending and slow_down, knowledge.IsPendingAnswer, read
// by the constant's value): the protocol's poll.
//
// Nor is a recursion that walks a structure (notretry.go): one that calls
// itself, for a parameter that names what to do, with a value derived from
// the operation's results (a redirect followed), or, for an error
// parameter, with what a method of that error returned (its Cause, the
// errors it joins, through a type switch or assertion on it): an
// error-chain walk. So is one that hands a parameter a part of itself (a
// slice of it, path[:len(path)-1], its directory, path.Dir(p), or a field
// or element of a reflect.Value or reflect.Type, sv.Field(i), t.Elem()):
// it walks to a smaller input, as creating a path's parents or encoding
// a struct's fields does. Nor is one whose every call of itself gives
// each parameter that names what to do a value none of the caller's
// parameters reaches (the next waiter popped from a queue, go
// p.dialFor(q.popFront()); the next address of a pool,
// c.fetchFrom(c.nextAddr())): a hand-off or a failover, the receiver
// being the object, not the item. A
// recursion that hands on the last attempt's error while its operation
// is a call of its own stays a retry.
//
// A library poll (knowledge.Entry.Poll) is a site only when its condition
// turns an operation's failure into (false, nil) and returns false for
// nothing else; a condition that waits for a state is a state poll
// (polls.go). A library state poll (knowledge.Entry.StatePoll:
// terraform's StateChangeConf) is a site only when its receiver is a
// composite literal the function does not write again, its Pending and
// Target lists are constants, and its Refresh returns a pending state
// (with a result that is not nil) only where an operation's result was
// found to have failed: under `if res != nil`, or after `if res == nil {
// ...; return }`. A pending state returned anywhere else, or a state
// that is not a constant, is a state poll (statepolls.go).
package notretry
