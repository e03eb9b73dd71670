package notretry

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"net/http"
	"time"
)

// Repeats that are not retries (issue 14): the outcome that leads back is
// not the failure of an operation that can fail for transient reasons.

type task struct{ id string }

// A queue behind an interface: a false ok means empty, not failed.
type Queue interface {
	Poll() (task, bool)
	Offer(t task) bool
}

func handle(task) error {
	_, err := net.Dial("tcp", "example.com:80")
	return err
}

// Draining loop over an interface method.
func drain(q Queue) {
	for {
		t, ok := q.Poll()
		if !ok {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		_ = handle(t)
		return
	}
}

// Waiting for room in a queue: a bool from an interface method.
func offer(q Queue, t task) {
	for !q.Offer(t) {
		time.Sleep(time.Millisecond)
	}
}

// A workflow engine's callbacks held in fields: `false` means the value
// was not consumed, and the next waiter is tried.
type waiter struct{ fn func(v any) bool }

type channel struct{ waiters []waiter }

func (c *channel) send(v any) bool {
	for len(c.waiters) > 0 {
		w := c.waiters[0]
		c.waiters = c.waiters[1:]
		if w.fn(v) {
			return true
		}
	}
	return false
}

// A predicate given as a parameter.
func until(pred func() bool) {
	for i := 0; i < 10; i++ {
		if pred() {
			return
		}
		time.Sleep(time.Second)
	}
}

// A channel receive's ok.
func recv(ch chan task) {
	for {
		t, ok := <-ch
		if !ok {
			return
		}
		_ = handle(t)
	}
}

// A dequeue from a same-package queue, then an operation on the item:
// each iteration works on the next item, failed or not.
type buffer struct{ items []task }

func (b *buffer) pop() (task, bool) {
	if len(b.items) == 0 {
		return task{}, false
	}
	t := b.items[0]
	b.items = b.items[1:]
	return t, true
}

func (b *buffer) receive() bool {
	for {
		t, ok := b.pop()
		if !ok {
			return false
		}
		if err := handle(t); err != nil {
			continue // skip the bad one, take the next
		}
		return true
	}
}

// A SASL/SCRAM exchange: step until the mechanism is done.
type SCRAMClient interface {
	Step(challenge string) (string, error)
	Done() bool
}

func scram(c SCRAMClient, roundTrip func([]byte) ([]byte, error)) error {
	msg, err := c.Step("")
	if err != nil {
		return err
	}
	for !c.Done() {
		res, err := roundTrip([]byte(msg))
		if err != nil {
			return err
		}
		if msg, err = c.Step(string(res)); err != nil {
			return err
		}
	}
	return nil
}

// An error-chain walk recursing over joined errors.
type Temporary interface{ Temporary() bool }

func isTemporary(err error) bool {
	switch e := err.(type) {
	case interface{ Unwrap() []error }:
		for _, inner := range e.Unwrap() {
			if isTemporary(inner) {
				return true
			}
		}
		return false
	case interface{ Unwrap() error }:
		return isTemporary(e.Unwrap())
	case Temporary:
		return e.Temporary()
	}
	return false
}

// An error-chain walk that records each error and recurses into its
// causes, one level deeper each time (pkg/errors' Cause, Unwrap).
type exception struct {
	value  string
	parent *int
}

func convertDFS(err error, out *[]exception, parent *int, maxDepth, depth int) {
	if err == nil {
		return
	}
	*out = append(*out, exception{value: err.Error(), parent: parent})
	id := len(*out) - 1
	if depth >= maxDepth {
		return
	}
	switch v := err.(type) {
	case interface{ Unwrap() []error }:
		for _, inner := range v.Unwrap() {
			convertDFS(inner, out, &id, maxDepth, depth+1)
		}
	case interface{ Unwrap() error }:
		if inner := v.Unwrap(); inner != nil {
			convertDFS(inner, out, &id, maxDepth, depth+1)
		}
	case interface{ Cause() error }:
		cause := v.Cause()
		if cause != nil {
			convertDFS(cause, out, &id, maxDepth, depth+1)
		}
	}
}

// Still a retry: the recursion hands on the last attempt's error, and the
// operation is not a method of that error.
func sendLast(n int, last error) error { // want `recursion ctx=sync bound=\?`
	err := roundTripErr()
	if err == nil {
		return nil
	}
	if n == 0 {
		return errors.Join(last, err)
	}
	time.Sleep(time.Second) // want `R-1: recursive retry of roundTripErr \(GET\) waits a fixed 1s`
	return sendLast(n-1, err)
}

func roundTripErr() error { _, err := http.Get("http://example.com"); return err }

// A walk down a linked list of nodes whose load can fail.
type node struct {
	next *node
	key  string
}

func (n *node) load() error { return nil }

func loadAll(n *node) error {
	if n == nil {
		return nil
	}
	if err := n.load(); err != nil {
		return err
	}
	return loadAll(n.next)
}

// Pagination paced by a fixed sleep.
type lister interface {
	List(ctx context.Context, token string) ([]task, string, error)
}

func listAll(ctx context.Context, l lister) ([]task, error) {
	var all []task
	token := ""
	for {
		page, next, err := l.List(ctx, token)
		if err != nil {
			return nil, err
		}
		all = append(all, page...)
		if next == "" {
			return all, nil
		}
		token = next
		time.Sleep(time.Second)
	}
}

// A ticker-paced poll of a job's state: a successful read leads back.
type jobs interface {
	State(ctx context.Context, id string) (string, error)
}

func waitDone(ctx context.Context, j jobs, id string) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C {
		st, err := j.State(ctx, id)
		if err != nil {
			return err
		}
		if st == "done" {
			return nil
		}
		if st == "failed" {
			return errors.New("job failed")
		}
	}
	return nil
}

// A recursion to a smaller input: creating a path's parents when the
// read says the path is missing (opa's storage.MakeDir).
type store interface {
	Read(path []string) (any, error)
	Write(path []string) error
}

var errNotFound = errors.New("not found")

func makeDir(s store, path []string) error {
	if len(path) == 0 {
		return nil
	}
	if _, err := s.Read(path); err != nil {
		if !errors.Is(err, errNotFound) {
			return err
		}
		if err := makeDir(s, path[:len(path)-1]); err != nil {
			return err
		}
		return s.Write(path)
	}
	return nil
}

// Still a retry: the same path, read again after a failure.
func readAgain(s store, path []string, n int) (any, error) { // want `recursion ctx=sync bound=\?`
	v, err := s.Read(path)
	if err == nil || n == 0 {
		return v, err
	}
	time.Sleep(time.Second) // want `R-1: recursive retry of s.Read waits a fixed 1s`
	return readAgain(s, path[:], n-1)
}

// A bool of a function the model sees is a failure only when something
// failed: here every false is an interface method's answer, so the
// loop waiting for it is a state poll (launchdarkly's store status
// poller: pollFn set to a method that asks IsStoreAvailable).
type Availability interface {
	IsStoreAvailable() bool
	Init() error
}

type poller struct {
	core   Availability
	pollFn func() bool
}

func newPoller(core Availability) *poller {
	p := &poller{core: core}
	p.pollFn = p.pollAfterOutage
	return p
}

func (p *poller) pollAfterOutage() bool {
	if !p.core.IsStoreAvailable() {
		return false
	}
	if err := p.core.Init(); err != nil {
		println("init after outage failed:", err.Error())
	}
	return true
}

func (p *poller) waitAvailable(stop chan struct{}) {
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			if p.pollFn() {
				return
			}
		case <-stop:
			return
		}
	}
}

// Still a retry: the method's false is a failed call.
type flusher struct {
	sendFn func() bool
}

func newFlusher() *flusher {
	f := &flusher{}
	f.sendFn = f.send
	return f
}

func (f *flusher) send() bool {
	if err := roundTripErr(); err != nil {
		return false
	}
	return true
}

func (f *flusher) flush() {
	for { // want `loop ctx=sync bound=\?`
		if f.sendFn() {
			return
		}
		time.Sleep(500 * time.Millisecond) // want `R-1: retry of f.sendFn waits a fixed 500ms`
	}
}

// A function whose false is an event received (a file changed) is the
// step of a watch loop, not a failed operation (launchdarkly's
// ldfilewatch).
type Closer interface{ Close() error }

type watcher struct {
	events chan string
	errs   chan error
	fs     Closer
}

func (w *watcher) setup() error { return roundTripErr() }

func (w *watcher) waitForEvents(closeCh <-chan struct{}) bool {
	for {
		select {
		case <-closeCh:
			if err := w.fs.Close(); err != nil {
				return true
			}
			return true
		case <-w.events:
			return false
		case err := <-w.errs:
			_ = err
		}
	}
}

func (w *watcher) run(closeCh <-chan struct{}, reload func()) {
	for {
		if err := w.setup(); err != nil {
			continue
		}
		reload()
		if w.waitForEvents(closeCh) {
			return
		}
	}
}

// Loading a key pair reads local files: not an integration boundary.
func reloadCert(certFile, keyFile string) (tls.Certificate, error) {
	var err error
	for i := 0; i < 5; i++ {
		var c tls.Certificate
		if c, err = tls.LoadX509KeyPair(certFile, keyFile); err == nil {
			return c, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return tls.Certificate{}, err
}

// A TLS dial does cross one.
func dialTLS(addr string) (*tls.Conn, error) {
	var err error
	for i := 0; i < 5; i++ { // want `loop ctx=sync retries=4`
		var c *tls.Conn
		if c, err = tls.Dial("tcp", addr, nil); err == nil {
			return c, nil
		}
		time.Sleep(100 * time.Millisecond) // want `R-1: retry of tls.Dial waits a fixed 100ms`
	}
	return nil, err
}

// The OAuth device flow: the token endpoint answers
// authorization_pending until the user approves; the client must ask
// again (RFC 8628). A poll the protocol asks for, not a retry.
type errorType string

const (
	authorizationPending errorType = "authorization_pending"
	slowDown             errorType = "slow_down"
	temporarilyDown      errorType = "temporarily_unavailable"
)

type oauthError struct{ ErrorType errorType }

func (e *oauthError) Error() string { return string(e.ErrorType) }

func requestToken(ctx context.Context) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://example.com/token", nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", &oauthError{ErrorType: errorType(resp.Header.Get("X-Error"))}
	}
	return resp.Header.Get("X-Token"), nil
}

func pollDeviceToken(ctx context.Context, interval time.Duration) (string, error) {
	for {
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(interval):
		}
		tok, err := requestToken(ctx)
		if err == nil {
			return tok, nil
		}
		var target *oauthError
		if !errors.As(err, &target) {
			return "", err
		}
		switch target.ErrorType {
		case authorizationPending:
			continue
		case slowDown:
			interval += 5 * time.Second
			continue
		default:
			return "", err
		}
	}
}

// Still a retry: it also goes back on a server that is down.
func pollDeviceTokenRetrying(ctx context.Context, interval time.Duration) (string, error) {
	for { // want `loop ctx=sync unbounded` `R-2: retry of requestToken \(POST\) has no maximum retry count`
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(interval): // want `R-1: retry of requestToken \(POST\) waits a fixed interval`
		}
		tok, err := requestToken(ctx)
		if err == nil {
			return tok, nil
		}
		var target *oauthError
		if !errors.As(err, &target) {
			return "", err
		}
		switch target.ErrorType {
		case authorizationPending, temporarilyDown:
			continue
		default:
			return "", err
		}
	}
}
