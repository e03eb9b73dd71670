package a

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net/http"
	"time"
)

// A writer retries its transport, an interface of the package. Which
// implementation runs is the package's choice: the ones it stores in the
// field, not every implementation it declares.

type flusher interface{ flush(b []byte) error }

// keyedFlusher makes a new key for every request it sends.
type keyedFlusher struct{ c *http.Client }

func (k *keyedFlusher) flush(b []byte) error {
	req, err := http.NewRequest(http.MethodPost, "https://agent.example.com/v1", bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", fmt.Sprintf("%x", rand.Uint64()))
	resp, err := k.c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// plainFlusher sends the headers it was given: the key, if any, is in
// them.
type plainFlusher struct {
	c       *http.Client
	headers map[string]string
}

func (p *plainFlusher) flush(b []byte) error {
	req, err := http.NewRequest(http.MethodPost, "https://intake.example.com/v2", bytes.NewReader(b))
	if err != nil {
		return err
	}
	for k, v := range p.headers {
		req.Header.Set(k, v)
	}
	resp, err := p.c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// bareFlusher sends no key.
type bareFlusher struct{ c *http.Client }

func (p *bareFlusher) flush(b []byte) error {
	resp, err := p.c.Post("https://intake.example.com/v3", "application/json", bytes.NewReader(b))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The package stores only bareFlusher in ciWriter.t: what it sends is
// what the retry re-sends.
type ciWriter struct{ t flusher }

func newCIWriter(c *http.Client) *ciWriter { return &ciWriter{t: &bareFlusher{c}} }

func (w *ciWriter) send(b []byte) {
	for attempt := 0; attempt <= 3; attempt++ {
		if err := w.t.flush(b); err == nil { // want `R-6: retry of w\.t\.flush \(POST\) sends no Idempotency-Key header`
			return
		}
		time.Sleep(time.Duration(rand.Int64N(int64(time.Second) << attempt)))
	}
}

// Must not flag: the package stores either keyedFlusher or plainFlusher
// (a setting decides), and they disagree: one makes a key per attempt,
// the other may send one from its headers. Neither is the evidence.
type agentWriter struct{ t flusher }

func newAgentWriter(c *http.Client, ci bool, h map[string]string) *agentWriter {
	w := &agentWriter{t: &keyedFlusher{c}}
	if ci {
		w.t = &plainFlusher{c: c, headers: h}
	}
	return w
}

func (w *agentWriter) send(b []byte) {
	for attempt := 0; attempt <= 3; attempt++ {
		if err := w.t.flush(b); err == nil {
			return
		}
		time.Sleep(time.Duration(rand.Int64N(int64(time.Second) << attempt)))
	}
}
