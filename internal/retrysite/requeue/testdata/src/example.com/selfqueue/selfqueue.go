// Package selfqueue holds workers that retry a failed item through their
// own queue (selfqueue.go): the item goes back on the channel the worker
// receives it from, with a count carried in it, and the same operation
// runs on it again when it comes round. No loop over the operation; the
// site is the send.
package selfqueue

import (
	"bytes"
	"context"
	"errors"
	"log"
	"net/http"
	"time"
)

type payload struct {
	body        []byte
	retriesLeft int
}

type Transport struct {
	url    string
	client *http.Client
	ch     chan payload
	dead   chan payload
}

func (t *Transport) post(body []byte) error {
	resp, err := t.client.Post(t.url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}

// Found: a failed payload goes back on the channel the worker
// ranges over and is POSTed again as soon as it comes round.
func (t *Transport) run(ctx context.Context) {
	for p := range t.ch {
		if err := t.post(p.body); err != nil { // want `R-6: own queue retry of t.post \(POST\) sends no Idempotency-Key header`
			if p.retriesLeft > 0 {
				p.retriesLeft--
				select {
				case <-ctx.Done():
					return
				case t.ch <- p: // want `library own queue ctx=async bound=\?` `R-1: own queue retry of t.post \(POST\) retries at once, with no wait between attempts`
				default:
					log.Println("queue full")
				}
			}
		}
	}
}

type msg struct {
	key     string
	retries int
}

type Worker struct {
	client *http.Client
	queue  chan *msg
	dead   chan *msg
	out    []chan *msg
}

func (w *Worker) get(ctx context.Context, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://api/"+key, nil)
	if err != nil {
		return err
	}
	resp, err := w.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Found: the message is received in a select and put back after a
// fixed second.
func (w *Worker) loop(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case m := <-w.queue:
			if err := w.get(ctx, m.key); err != nil {
				m.retries++
				time.Sleep(time.Second) // want `R-1: own queue retry of w.get \(GET\) waits a fixed 1s between attempts`
				w.queue <- m            // want `library own queue ctx=async bound=\?`
			}
		}
	}
}

// Must not flag: a failed message goes to a dead-letter channel.
func (w *Worker) deadLetter(ctx context.Context) {
	for m := range w.queue {
		if err := w.get(ctx, m.key); err != nil {
			w.dead <- m
		}
	}
}

// Must not flag: every message goes back, whatever the outcome (a
// refresh that never ends).
func (w *Worker) resync(ctx context.Context) {
	for m := range w.queue {
		if err := w.get(ctx, m.key); err != nil {
			log.Println(err)
		}
		w.queue <- m
	}
}

// Must not flag: a success hands the message on to the next round.
func (w *Worker) afterSuccess(ctx context.Context) {
	for m := range w.queue {
		if err := w.get(ctx, m.key); err == nil {
			w.queue <- m
		}
	}
}

// Must not flag: another message is queued after a failure.
func (w *Worker) other(ctx context.Context) {
	for m := range w.queue {
		if err := w.get(ctx, m.key); err != nil {
			next := &msg{key: m.key + "/parent"}
			w.queue <- next
		}
	}
}

// Must not flag: a fan-out of each message to every output.
func (w *Worker) fanOut(ctx context.Context) {
	for m := range w.queue {
		if err := w.get(ctx, m.key); err != nil {
			continue
		}
		for _, o := range w.out {
			o <- m
		}
	}
}

// Must not flag: the received variable is replaced before it is sent.
func (w *Worker) replaced(ctx context.Context) {
	for {
		m := <-w.queue
		if err := w.get(ctx, m.key); err != nil {
			m = &msg{key: "fallback"}
			w.queue <- m
		}
	}
}

type target struct {
	host, backup string
}

// Must not flag: the backup host is tried when it comes round: a
// failover, not the same call again.
func (w *Worker) failover(ctx context.Context, targets chan *target) {
	for t := range targets {
		if err := w.get(ctx, t.host); err != nil && t.backup != "" {
			t.host, t.backup = t.backup, ""
			targets <- t
		}
	}
}

type job struct {
	url      string
	attempts int
}

type Pool struct {
	client *http.Client
	jobs   chan job
	tasks  chan *task
}

func (p *Pool) Add(url string) { p.jobs <- job{url: url} }

func (p *Pool) fetch(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Found: the count the job carries, from 0 (Add leaves it out), ends it
// after 4 retries.
func (p *Pool) work(ctx context.Context) {
	for j := range p.jobs {
		if err := p.fetch(ctx, j.url); err != nil {
			if j.attempts < 4 {
				j.attempts++
				p.jobs <- j // want `library own queue ctx=async retries=4` `R-1: own queue retry of p.fetch \(GET\) retries at once`
			}
		}
	}
}

type task struct {
	url  string
	left int
}

func (p *Pool) AddTask(url string) { p.tasks <- &task{url: url, left: 2} }

// Found: counting down from 2, sent while left > 0: 2 retries.
func (p *Pool) runTasks(ctx context.Context) {
	for t := range p.tasks {
		if err := p.fetch(ctx, t.url); err != nil && t.left > 0 {
			t.left -= 1
			p.tasks <- t // want `library own queue ctx=async retries=2` `R-1: own queue retry of p.fetch \(GET\) retries at once`
		}
	}
}

type call struct {
	url   string
	tries int
}

func (p *Pool) AddCall(ch chan *call, url string, n int) { ch <- &call{url: url, tries: n} }

// Found, count unknown: the count starts at the caller's value.
func (p *Pool) runCalls(ctx context.Context, ch chan *call) {
	for c := range ch {
		if err := p.fetch(ctx, c.url); err != nil && c.tries > 0 {
			c.tries--
			ch <- c // want `library own queue ctx=async bound=\?` `R-1: own queue retry of p.fetch \(GET\) retries at once`
		}
	}
}
