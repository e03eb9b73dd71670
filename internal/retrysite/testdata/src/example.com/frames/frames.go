// Package frames holds loops over an unexported interface of its own
// package (x/net/http2's headersOrContinuation): the model sees the
// interface's methods through the package's types that implement it.
package frames

import (
	"errors"
	"net/http"
)

type frame interface{ kind() int }

// headersOrContinuation is implemented by two frame types whose
// HeadersEnded reads a flag: local work, no operation.
type headersOrContinuation interface {
	HeadersEnded() bool
	Fragment() []byte
}

type headersFrame struct{ flags uint8 }

func (f *headersFrame) HeadersEnded() bool { return f.flags&4 != 0 }
func (f *headersFrame) Fragment() []byte   { return nil }
func (f *headersFrame) kind() int          { return 1 }

type continuationFrame struct{ flags uint8 }

func (f *continuationFrame) HeadersEnded() bool { return f.flags&4 != 0 }
func (f *continuationFrame) Fragment() []byte   { return nil }
func (f *continuationFrame) kind() int          { return 9 }

type framer struct{ next func() (frame, error) }

// readMetaFrame reads continuation frames until the headers end: a read
// of the next frame each round, not a retry of HeadersEnded.
func (fr *framer) readMetaFrame(hf *headersFrame) ([]byte, error) {
	var hc headersOrContinuation = hf
	var block []byte
	for {
		block = append(block, hc.Fragment()...)
		if hc.HeadersEnded() {
			break
		}
		f, err := fr.next()
		if err != nil {
			return nil, err
		}
		hc = f.(*continuationFrame)
	}
	return block, nil
}

// prober is implemented by a type that goes to the network: calling it
// again until it answers is a retry.
type prober interface{ probe() bool }

type httpProber struct{ url string }

func (p httpProber) probe() bool {
	resp, err := http.Get(p.url)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

func waitUp(p prober) error {
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2; no wait`
		if p.probe() {
			return nil
		}
	}
	return errors.New("down")
}

// x/net/html's parser: an unexported function type of the package whose
// values are its own insertion modes. Calling the current mode until the
// token is consumed is a state machine, not a retry.
type insertionMode func(*parser) bool

type parser struct {
	im, originalIM insertionMode
	tokens         []string
}

func initialIM(p *parser) bool {
	p.im = inBodyIM
	return false
}

func inBodyIM(p *parser) bool {
	if len(p.tokens) == 0 {
		p.im = p.originalIM
		return false
	}
	p.tokens = p.tokens[1:]
	return true
}

func (p *parser) parseCurrentToken() {
	consumed := false
	for !consumed {
		consumed = p.im(p)
	}
}

// An unexported function type whose only function goes to the network:
// calling it until it succeeds is a retry.
type check func() bool

func ping() bool {
	resp, err := http.Get("http://example.com/health")
	if err != nil {
		return false
	}
	resp.Body.Close()
	return true
}

type monitor struct{ up check }

func newMonitor() *monitor { return &monitor{up: ping} }

func (m *monitor) wait() bool {
	for i := 0; i < 4; i++ { // want `loop ctx=sync retries=3; no wait`
		if m.up() {
			return true
		}
	}
	return false
}

// An unexported function type that an exported function takes: other
// packages make its values, which the model cannot see. A bool from a
// callee the model does not know is no failure (a predicate, a dequeue):
// not a retry.
type hook func() bool

type Runner struct{ h hook }

func NewRunner(h hook) *Runner { return &Runner{h: h} }

func (r *Runner) Run() bool {
	for i := 0; i < 4; i++ {
		if r.h() {
			return true
		}
	}
	return false
}
