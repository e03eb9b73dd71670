package loops

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"
)

// The operations cross an integration boundary: they call the network,
// or are function values the model cannot see into.
func do() error {
	_, err := http.Get("http://example.com")
	return err
}

func get() (*http.Response, error) { return http.Get("http://example.com") }

var try func() bool

var status func(id string) (string, error)

// Not operations: local work, whatever its loop looks like.

func cas(p *int32) {
	for {
		old := atomic.LoadInt32(p)
		if atomic.CompareAndSwapInt32(p, old, old+1) {
			return
		}
	}
}

func eintr(fd int, b []byte) (int, error) {
	for {
		n, err := syscall.Read(fd, b)
		if err != syscall.EINTR {
			return n, err
		}
	}
}

type counter struct{ n int32 }

func (c *counter) tryInc() bool { return atomic.CompareAndSwapInt32(&c.n, 0, 1) }

func localHelper(c *counter) {
	for !c.tryInc() {
	}
}

const maxAttempts = 4

func classic() error {
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		err = do()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func lessEqual() error {
	var err error
	for i := 0; i <= 6; i++ { // want `loop ctx=sync retries=6`
		if err = do(); err == nil {
			break
		}
	}
	return err
}

func countdown() (err error) {
	for n := 5; n > 0; n-- { // want `loop ctx=sync retries=4`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

func namedConst() (err error) {
	for attempt := 1; attempt <= maxAttempts; attempt++ { // want `loop ctx=sync retries=3`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

func forever() {
	for { // want `loop ctx=sync unbounded`
		if err := do(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func counterInBody() error {
	attempts := 0
	for { // want `loop ctx=sync retries=5`
		err := do()
		if err == nil {
			return nil
		}
		attempts++
		if attempts > 5 {
			return err
		}
	}
}

func fromParam(n int) error {
	var err error
	for i := 0; i < n; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

type client struct{ max int }

func (c *client) fromField() error {
	var err error
	for i := 0; i < c.max; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

func ctxOnly(ctx context.Context) error {
	for { // want `loop ctx=sync unbounded`
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func httpStatus() (*http.Response, error) {
	for i := 0; i < 4; i++ { // want `loop ctx=sync retries=3`
		resp, err := get()
		if err != nil {
			continue
		}
		if resp.StatusCode >= 500 {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// A bool from a function value the model cannot see is no failure: it
// may be a predicate, a dequeue or the step of an exchange (issue 14).
func boolOp() bool {
	for i := range 3 {
		_ = i
		if try() {
			return true
		}
	}
	return false
}

func sliceOfWaits() error {
	for _, d := range []time.Duration{time.Second, 2 * time.Second} { // want `loop ctx=sync retries=1`
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return errors.New("x")
}

func retryable(err error) bool { return err != nil }

func predicate() error {
	for i := 0; i < 20; i++ { // want `loop ctx=sync retries=19`
		err := do()
		if err == nil {
			return nil
		}
		if !retryable(err) {
			return err
		}
	}
	return nil
}

func gotoLoop() error {
	n := 0
again: // want `loop ctx=sync retries=2`
	err := do()
	if err != nil && n < 2 {
		n++
		goto again
	}
	return err
}

func recursive() error { // want `recursion ctx=sync unbounded`
	if err := do(); err != nil {
		time.Sleep(time.Second)
		return recursive()
	}
	return nil
}

func recursiveN(n int) error { // want `recursion ctx=sync bound=\?`
	if err := do(); err != nil && n > 0 {
		return recursiveN(n - 1)
	}
	return nil
}

func retryHelper(attempts int, f func() error) error {
	var err error
	for i := 0; i < attempts; i++ { // want `loop ctx=sync bound=\?`
		if err = f(); err == nil {
			return nil
		}
	}
	return err
}

func useHelper() error {
	return retryHelper(8, do) // want `helper call ctx=sync retries=7`
}

// Not retries.

func polling(id string) error {
	for {
		st, err := status(id)
		if err != nil {
			return err
		}
		if st == "done" {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func periodic(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	for {
		if err := do(); err != nil {
			println(err.Error())
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

var process func(string) error

func perItem(items []string) {
	for _, it := range items {
		if err := process(it); err != nil {
			continue
		}
	}
}

func perIndex(items []string) error {
	for i := 0; i < len(items); i++ {
		if err := process(items[i]); err != nil {
			continue
		}
	}
	return nil
}

var list func(tok string) (string, error)

func pagination() error {
	tok := ""
	for {
		next, err := list(tok)
		if err != nil {
			return err
		}
		if next == "" {
			return nil
		}
		tok = next
	}
}

func pacing(items []string) {
	for _, it := range items {
		_ = process(it)
		time.Sleep(100 * time.Millisecond)
	}
}

func worker(ch chan string) {
	for m := range ch {
		if err := process(m); err != nil {
			println("failed")
		}
	}
}

// An outer worker loop around an inner retry: only the inner loop retries.
func outer() {
	for {
		for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
			if err := do(); err == nil {
				break
			}
		}
		time.Sleep(time.Minute)
	}
}

//retrylint:context webhook
func webhookRetry() error {
	for i := 0; i < 12; i++ { // want `loop ctx=webhook retries=11`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

// A loop that walks a chain calls its operation on a different value each
// time: not a retry.
func walk(err error, f func(error) bool) bool {
	for err != nil {
		if f(err) {
			return true
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		default:
			return false
		}
	}
	return false
}

// A request rebuilt on each attempt from the same values is the same
// operation.
func rebuilt(c *http.Client, url string) (*http.Response, error) {
	var req *http.Request
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		req, _ = http.NewRequest(http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("failed")
}

// Regressions from real code (issue 9 corpus).

type ctxKey struct{}

// go-github: a recursion that marks its context so it retries once.
// The context value it sets is state that can count: not a retry of its
// own (and silent either way).
func onceMore(ctx context.Context) error {
	if err := do(); err != nil && ctx.Value(ctxKey{}) == nil {
		return onceMore(context.WithValue(ctx, ctxKey{}, true))
	}
	return nil
}

// go-redis: a session runner returning two flags is not a comma-ok.
var runSession func() (stopped, errored bool)

func sessions(stop chan struct{}) {
	for {
		stopped, errored := runSession()
		if stopped {
			return
		}
		if !errored {
			continue
		}
		select {
		case <-stop:
			return
		case <-time.After(time.Second):
		}
	}
}

// olivere/elastic: a state check that only logs through a third-party
// logger crosses no boundary.
type logger interface{ Printf(string, ...any) }

type pool struct {
	log  logger
	dead bool
}

func (p *pool) activeConn() error {
	p.log.Printf("checking")
	if p.dead {
		return errors.New("no active connection")
	}
	return nil
}

func (p *pool) waitActive(stop chan struct{}) {
	t := time.NewTicker(time.Second)
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			if p.activeConn() == nil {
				return
			}
		}
	}
}

// client-go rest.Request: bounded by a retry object that counts out of
// sight: the bound is unknown, not unbounded.
type retrier interface{ IsNextRetry(err error) bool }

func withRetrier(r retrier) error {
	for { // want `loop ctx=sync bound=\?`
		err := do()
		if err == nil {
			return nil
		}
		if !r.IsNextRetry(err) {
			return err
		}
	}
}

// go-github: following a redirect by calling itself with a new request
// built from the failure is not a retry.
type redirectError struct{ Location string }

func (e *redirectError) Error() string { return "moved" }

func fetch(c *http.Client, req *http.Request, max int) (*http.Response, error) {
	resp, err := c.Do(req)
	if err != nil {
		if rerr, ok := err.(*redirectError); ok && max > 0 {
			next := req.Clone(req.Context())
			next.Host = rerr.Location
			return fetch(c, next, max-1)
		}
		return nil, err
	}
	return resp, nil
}

// nats.go: trying each server of a pool once is failover.
type conn struct {
	servers []string
	current string
}

func (c *conn) dial() error {
	_, err := http.Get(c.current)
	return err
}

func (c *conn) connect() error {
	var err error
	for i := 0; i < len(c.servers); i++ {
		c.current = c.servers[i]
		if err = c.dial(); err == nil {
			break
		}
	}
	return err
}

// A schedule of delays indexed by the attempt is still a retry.
var schedule = []time.Duration{time.Second, 5 * time.Second, 30 * time.Second}

func scheduled() error {
	var err error
	for i := 0; i < len(schedule); i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(schedule[i])
	}
	return err
}

// Predicates over items are not retries (from the standard library).
func isSorted(n int, less func(i, j int) bool) bool {
	for i := n - 1; i > 0; i-- {
		if less(i, i-1) {
			return false
		}
	}
	return true
}

type probe struct{ equal func(a, b string) bool }

func (p *probe) find(key string, slots []string, match uint64) bool {
	for match != 0 {
		i := match & 7
		slot := slots[i]
		if p.equal(key, slot) {
			return true
		}
		match >>= 1
	}
	return false
}

// client-go restmapper: refresh a stale cache and look again once; the
// look-again is guarded by the cache's state, so it is not a retry.
type cache interface {
	Fresh() bool
	Reset()
}

type mapper struct {
	cl     cache
	lookup func(string) (string, error)
}

func (d *mapper) KindFor(r string) (string, error) {
	k, err := d.lookup(r)
	if err != nil && !d.cl.Fresh() {
		d.cl.Reset()
		k, err = d.KindFor(r)
	}
	return k, err
}

// client-go rest.Request: a flag computed by a literal that may count
// (through a retry object) bounds the loop out of sight.
// Its done flag is unknown even on success, so success may come back:
// the model does not call it a retry (silent).
func withCountingLiteral(r retrier) error {
	for {
		done, err := func() (bool, error) {
			err := do()
			return !r.IsNextRetry(err), err
		}()
		if done {
			return err
		}
	}
}

// A consumer that skips a failed read and counts the items of each batch:
// a failure comes back to the read, but so does a success, once the range
// over the batch is done. Not a retry. The count is a new state on every
// item, so the walk must try the way out of the inner loop before it
// follows the count to its step limit.
var next func() ([]string, error)

func consume(handle func(string) bool) {
	for {
		batch, err := next()
		if err != nil {
			continue
		}
		handled := 0
		for _, item := range batch {
			if handle(item) {
				handled++
			}
		}
		if handled == 0 {
			println("empty batch")
		}
	}
}

// x/net/http2 writeWithByteTimeout: the rest of a partial write, p[n:]
// with n advanced by what was written. Each round writes other bytes;
// not a retry.
var errDeadline = errors.New("deadline exceeded")

func writeAll(write func([]byte) (int, error), p []byte) (n int, err error) {
	for {
		nn, err := write(p[n:])
		n += nn
		if n == len(p) || nn == 0 || !errors.Is(err, errDeadline) {
			return n, err
		}
	}
}

// The same write of the whole buffer, again after a timeout, is a retry
// with no count: errDeadline is a sentinel the package sets once (var
// errDeadline = errors.New(...)), a class of errors, not a count.
func writeAgain(write func([]byte) (int, error), p []byte) error {
	for { // want `loop ctx=sync unbounded`
		_, err := write(p)
		if !errors.Is(err, errDeadline) {
			return err
		}
	}
}

// grpc testutils WaitForPicker: each round checks a new picker received
// from a channel; an event loop, not a retry.
type picker interface{ Pick() error }

func waitForPicker(ctx context.Context, pickers chan picker, check func(picker) error) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case p := <-pickers:
			if err := check(p); err != nil {
				continue
			}
			return nil
		}
	}
}

// kafka-go multiRecordReader: the reader at m.index, with the field
// m.index moved on at the end of each reader. Each round reads another
// reader; not a retry.
type multiReader struct {
	readers []func() (string, error)
	index   int
}

var errEOF = errors.New("EOF")

func (m *multiReader) read() (string, error) {
	for {
		if m.index == len(m.readers) {
			return "", errEOF
		}
		r, err := m.readers[m.index]()
		if err == nil {
			return r, nil
		}
		if !errors.Is(err, errEOF) {
			return "", err
		}
		m.index++
	}
}

// go-redis e2e CreateDatabaseConfigWithPortRetry: each round tries the
// next port (cfg.Port = port; port++), a walk over ports, not a retry.
type dbConfig struct {
	Name string
	Port int
}

var errPortTaken = errors.New("port taken")

var createDB func(ctx context.Context, cfg dbConfig) (string, error)

func createOnFreePort(ctx context.Context, cfg dbConfig) (string, error) {
	port := cfg.Port
	for attempt := 0; attempt < 100; attempt++ {
		cfg.Port = port
		id, err := createDB(ctx, cfg)
		if err == nil {
			return id, nil
		}
		if !errors.Is(err, errPortTaken) {
			return "", err
		}
		port++
	}
	return "", errPortTaken
}

// A retry that tells the server which attempt this is: the counter feeds
// the operation but bounds the loop; still a retry.
var sendAttempt func(ctx context.Context, attempt int) error

func sendNumbered(ctx context.Context) error {
	var err error
	for attempt := 1; attempt <= 3; attempt++ { // want `loop ctx=sync retries=2`
		if err = sendAttempt(ctx, attempt); err == nil {
			return nil
		}
	}
	return err
}

// Setting up a local socket calls no other service: binding again when a
// port is taken (memberlist's makeNetRetry) and halving a buffer until the
// kernel takes it (setUDPRecvBuf) are not retries.
func listenAgain(addr string) (net.Listener, error) {
	var err error
	for i := 0; i < 5; i++ {
		var l net.Listener
		if l, err = net.Listen("tcp", addr); err == nil {
			return l, nil
		}
	}
	return nil, err
}

func setRecvBuf(c *net.UDPConn) error {
	size := 4 << 20
	var err error
	for size > 0 {
		if err = c.SetReadBuffer(size); err == nil {
			return nil
		}
		size /= 2
	}
	return err
}

// Dialing another service again is a retry.
func dialAgain(addr string) (net.Conn, error) {
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		var c net.Conn
		if c, err = net.Dial("tcp", addr); err == nil {
			return c, nil
		}
	}
	return nil, err
}

// serf's AddrParts: parse the address, add the default port and parse it
// again; parsing calls no other service.
func addrParts(address string) (string, string, error) {
	check := address
START:
	host, port, err := net.SplitHostPort(check)
	if ae, ok := err.(*net.AddrError); ok && ae.Err == "missing port in address" {
		check = check + ":7946"
		goto START
	}
	return host, port, err
}

// A range over an integer constant runs at most that many times, whatever
// the body does: when the model cannot decide the count (here the walk
// gives up: seventeen choices each change what the operation is given),
// the constant is the ceiling.
func rangeCeiling(pick func() bool) error {
	for range 3 { // want `loop ctx=sync retries=2`
		n := 0
		if pick() {
			n += 1
		}
		if pick() {
			n += 2
		}
		if pick() {
			n += 4
		}
		if pick() {
			n += 8
		}
		if pick() {
			n += 16
		}
		if pick() {
			n += 32
		}
		if pick() {
			n += 64
		}
		if pick() {
			n += 128
		}
		if pick() {
			n += 256
		}
		if pick() {
			n += 512
		}
		if pick() {
			n += 1024
		}
		if pick() {
			n += 2048
		}
		if pick() {
			n += 4096
		}
		if pick() {
			n += 8192
		}
		if pick() {
			n += 16384
		}
		if pick() {
			n += 32768
		}
		if pick() {
			n += 65536
		}
		if err := doN(n); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("failed")
}

func doN(n int) error {
	_, err := http.Get("http://example.com/" + strconv.Itoa(n))
	return err
}

var delayTable = []time.Duration{time.Second, 2 * time.Second, 5 * time.Second}

// A fork whose sides meet again decides no exit, whatever it compares: the
// index into a table of delays, capped at the table's end, is no attempt
// count, and the loop, which ends only on success, the context or the
// clock, has none.
func clockOnly(ctx context.Context) error {
	start, idx := time.Now(), -1
	var err error
	for time.Since(start) < time.Hour { // want `loop ctx=sync unbounded`
		var wait time.Duration
		if idx >= 0 {
			wait = delayTable[idx]
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		if err = do(); err == nil {
			return nil
		}
		if idx < len(delayTable)-1 {
			idx++
		}
	}
	return err
}

// A fork whose sides jump but reach the same exits decides none either:
// a busy connection goes round at once, another failure after a sleep;
// the only exits (the context, a cancellation) are the same from both.
type busyConn interface{ Busy() bool }

func busyAgain(ctx context.Context, c busyConn) error {
	for { // want `loop ctx=sync unbounded`
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		err := do()
		if err == nil {
			return nil
		}
		if errors.Is(err, context.Canceled) {
			return err
		}
		if c.Busy() {
			continue
		}
		time.Sleep(time.Second)
	}
}

// Traps: an opaque fork that skips an exit (the count check) or is one
// (a stop asked of an object) may count out of sight: bound unknown.
func busySkipsCount(c busyConn) error {
	n := 0
	for { // want `loop ctx=sync bound=\?`
		if err := do(); err == nil {
			return nil
		}
		if c.Busy() {
			continue
		}
		n++
		if n > 3 {
			return errors.New("failed")
		}
		time.Sleep(time.Second)
	}
}

func busyStops(c busyConn) error {
	for { // want `loop ctx=sync bound=\?`
		if err := do(); err == nil {
			return nil
		}
		if c.Busy() {
			return errors.New("busy")
		}
		time.Sleep(time.Second)
	}
}
