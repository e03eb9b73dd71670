package periodic

import (
	"context"
	"errors"
	"log"
	"net"
	"net/http"
	"net/url"
	"time"
)

// Loops that repeat on success too (a periodic renewal, a long poll, a
// pagination) are no retry as a whole; the failure path inside them is
// one when it goes back to the same operation, with the same arguments,
// after a wait of its own: a wait no success path passes, or a wait whose
// length the failure path sets.

func renew(ctx context.Context, id string) (ttl time.Duration, err error) {
	resp, err := http.Get("https://api.example.com/renew/" + id)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return time.Minute, nil
}

// A periodic renewal that waits a fixed second after a failure instead of
// its period: the failure path is a retry with no count.
func renewPeriodic(ctx context.Context, id string, ttl time.Duration) error {
	waitDur := ttl / 2
	last := time.Now()
	var lastErr error
	for { // want `loop ctx=sync unbounded` `R-2: retry of renew \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		if time.Since(last) > ttl {
			return lastErr
		}
		select {
		case <-time.After(waitDur): // want `R-1: retry of renew \(GET\) waits a fixed 1s between attempts`
			t, err := renew(ctx, id)
			if err != nil {
				waitDur = time.Second
				lastErr = err
				continue
			}
			ttl = t
			waitDur = ttl / 2
			last = time.Now()
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func get(ctx context.Context, u string) (string, string, error) {
	resp, err := http.Get(u)
	if err != nil {
		return "", "", err
	}
	defer resp.Body.Close()
	return "v", resp.Header.Get("ETag"), nil
}

// A long poll whose cursor moves on success only: a failure sleeps and
// asks again with the same cursor.
func subscribe(ctx context.Context, u string, fn func(string) error) error {
	etag := ""
	for { // want `loop ctx=sync unbounded` `R-2: retry of get \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		v, next, err := get(ctx, u+"?wait_for_change=true&last_etag="+url.QueryEscape(etag))
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return err
			}
			time.Sleep(5 * time.Second) // want `R-1: retry of get \(GET\) waits a fixed 5s between attempts; use exponential backoff with full jitter`
			continue
		}
		etag = next
		if err := fn(v); err != nil {
			return err
		}
	}
}

// A pagination that waits and fetches the same page again after a
// failure, at most three times in a row.
func listAll(ctx context.Context, u string) ([]string, error) {
	var all []string
	cursor := ""
	failures := 0
	for { // want `loop ctx=sync retries=3`
		v, next, err := get(ctx, u+"?cursor="+cursor)
		if err != nil {
			failures++
			if failures > 3 {
				return nil, err
			}
			time.Sleep(2 * time.Second) // want `R-1: retry of get \(GET\) waits a fixed 2s between attempts; use exponential backoff with full jitter`
			continue
		}
		failures = 0
		all = append(all, v)
		if next == "" {
			return all, nil
		}
		cursor = next
	}
}

type page struct {
	c      *http.Client
	cursor string
	done   bool
	items  []string
}

var errLast = errors.New("no more pages")

// next returns the page it was called on, unchanged, with every error.
func (p page) next(ctx context.Context) (page, error) {
	if p.done {
		return p, errLast
	}
	resp, err := p.c.Get("https://api.example.com/items?cursor=" + p.cursor)
	if err != nil {
		return p, err
	}
	resp.Body.Close()
	p.cursor = resp.Header.Get("Next")
	p.done = p.cursor == ""
	p.items = []string{"x"}
	return p, nil
}

type rateLimited struct{ after time.Duration }

func (e *rateLimited) Error() string { return "rate limited" }

// A pagination whose page value is returned unchanged with an error: a
// rate-limited fetch is made again for the same page, with no count.
func allItems(ctx context.Context, c *http.Client) (items []string, err error) {
	p := page{c: c}
	for err == nil { // want `loop ctx=sync unbounded` `R-2: retry of p\.next \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		p, err = p.next(ctx)
		if err == nil {
			items = append(items, p.items...)
		} else if rl := (*rateLimited)(nil); errors.As(err, &rl) {
			select {
			case <-ctx.Done():
				err = ctx.Err()
			case <-time.After(rl.after):
				err = nil
			}
		}
	}
	if errors.Is(err, errLast) {
		err = nil
	}
	return items, err
}

// advance moves to the next page even when the fetch fails.
func (p page) advance(ctx context.Context) (page, error) {
	resp, err := p.c.Get("https://api.example.com/items?cursor=" + p.cursor)
	p.cursor += "x"
	if err != nil {
		return p, err
	}
	resp.Body.Close()
	return p, nil
}

// Not retries.

// The page moves on even when the fetch fails: a failure skips the page.
func skipFailed(ctx context.Context, c *http.Client) {
	p := page{c: c}
	var err error
	for range 100 {
		p, err = p.advance(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
	}
}

// A pagination with a fixed sleep between pages and no failure path.
func paginate(ctx context.Context, u string) ([]string, error) {
	var all []string
	cursor := ""
	for {
		v, next, err := get(ctx, u+"?cursor="+cursor)
		if err != nil {
			return nil, err
		}
		all = append(all, v)
		if next == "" {
			return all, nil
		}
		cursor = next
		time.Sleep(time.Second)
	}
}

type status struct{ Done bool }

func jobStatus(ctx context.Context, id string) (status, error) {
	resp, err := http.Get("https://api.example.com/jobs/" + id)
	if err != nil {
		return status{}, err
	}
	resp.Body.Close()
	return status{Done: resp.StatusCode == 200}, nil
}

// A state poll that tolerates errors: a failure waits the poll's own
// interval, as the "not done yet" path does.
func waitJob(ctx context.Context, id string) error {
	for {
		st, err := jobStatus(ctx, id)
		if err != nil {
			log.Print(err)
			time.Sleep(2 * time.Second)
			continue
		}
		if st.Done {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
}

// A periodic task that logs its errors and waits its normal period.
func syncLoop(ctx context.Context, period time.Duration) {
	for {
		if _, err := renew(ctx, "x"); err != nil {
			log.Print(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(period):
		}
	}
}

// The same with the error path continuing to the shared wait.
func syncLoopContinue(ctx context.Context, period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for range t.C {
		if _, err := renew(ctx, "x"); err != nil {
			log.Print(err)
			continue
		}
		log.Print("renewed")
	}
}

// A periodic task whose failure path goes back at once: no wait of its own.
func watchLoop(ctx context.Context, u string) {
	etag := ""
	for ctx.Err() == nil {
		_, next, err := get(ctx, u+"?etag="+etag)
		if err != nil {
			continue
		}
		etag = next
	}
}

type queue interface {
	Pop() (string, bool)
}

// A queue drain that waits while the queue is empty: an empty queue is
// no failure.
func drain(ctx context.Context, q queue) {
	for ctx.Err() == nil {
		item, ok := q.Pop()
		if !ok {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if _, err := renew(ctx, item); err != nil {
			log.Print(err)
		}
	}
}

// A consumer whose handler failure waits before the next message: the
// next message is another operation.
func consume(ctx context.Context, msgs <-chan string) {
	for m := range msgs {
		if _, err := renew(ctx, m); err != nil {
			time.Sleep(time.Second)
			continue
		}
	}
}

// join returns the session id it was given, unchanged, with every error.
func join(ctx context.Context, id string) (string, error) {
	resp, err := http.Get("https://api.example.com/join?id=" + id)
	if err != nil {
		return id, err
	}
	resp.Body.Close()
	return resp.Header.Get("Session"), nil
}

// A session loop: each success carries a new id into the next join, a
// failure waits and joins again with the same id.
func session(ctx context.Context) error {
	id := ""
	for ctx.Err() == nil { // want `loop ctx=sync unbounded` `R-2: retry of join \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		next, err := join(ctx, id)
		if err != nil {
			time.Sleep(3 * time.Second) // want `R-1: retry of join \(GET\) waits a fixed 3s between attempts; use exponential backoff with full jitter`
			continue
		}
		id = next
	}
	return ctx.Err()
}

// joinAssigning may return a new id with its error.
func joinAssigning(ctx context.Context, id string) (string, error) {
	id = id + "x"
	resp, err := http.Get("https://api.example.com/join?id=" + id)
	if err != nil {
		return id, err
	}
	resp.Body.Close()
	return resp.Header.Get("Session"), nil
}

// The id moves on failure too: each join is another one.
func sessionMoving(ctx context.Context) error {
	id := ""
	var err error
	for ctx.Err() == nil {
		id, err = joinAssigning(ctx, id)
		if err != nil {
			time.Sleep(3 * time.Second)
			continue
		}
	}
	return err
}

// The same id, passed through and returned: kept on failure.
func sessionKept(ctx context.Context) error {
	id := "start"
	var err error
	for ctx.Err() == nil { // want `loop ctx=sync unbounded` `R-2: retry of join \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		id, err = join(ctx, id)
		if err != nil {
			time.Sleep(3 * time.Second) // want `R-1: retry of join \(GET\) waits a fixed 3s between attempts; use exponential backoff with full jitter`
			continue
		}
	}
	return err
}

// A server's accept loop that backs off after a temporary error: the
// listen queue drained, each success a new connection; not a retry of a
// call to another service.
func serve(l net.Listener, handle func(net.Conn)) error {
	var retries int
	for {
		conn, err := l.Accept()
		if err != nil {
			if ne, ok := err.(interface{ Temporary() bool }); !ok || !ne.Temporary() {
				return err
			}
			retries++
			time.Sleep(time.Duration(retries) * 5 * time.Millisecond)
			continue
		}
		retries = 0
		go handle(conn)
	}
}

// Must not flag: a heartbeat. Each beat waits for the next tick or a
// notification; a failed beat backs off and then waits for its next tick
// as a successful one does: the schedule slows down, the beat is not
// retried on a path of its own.
func heartbeat(ctx context.Context, notify <-chan struct{}, stop <-chan struct{}, u string) {
	failures := 0
	for {
		select {
		case <-notify:
		case <-time.After(time.Second):
		case <-stop:
			return
		}
		if _, _, err := get(ctx, u); err != nil {
			failures++
			select {
			case <-time.After(time.Duration(failures) * 10 * time.Millisecond):
			case <-stop:
				return
			}
			continue
		}
		failures = 0
	}
}
