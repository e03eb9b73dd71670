// Package errcodes: requests whose response carries the server's error
// code in a field, sent through a chain of same-package calls six deep
// before the connection is written.
package errcodes

import (
	"errors"
	"net"
	"time"
)

// KError is an error code the server returns in a response field.
type KError int16

func (e KError) Error() string { return "kafka error" }

const (
	ErrNoError        KError = 0
	ErrLoadInProgress KError = 14
	ErrNotCoordinator KError = 16
)

var errIncomplete = errors.New("incomplete response")

// Block is the per-partition part of a response.
type Block struct {
	Err    KError
	Offset int64
}

// FetchResponse is a response with a top-level code and per-partition
// blocks.
type FetchResponse struct {
	Err    KError
	Blocks map[string]*Block
}

// GetBlock returns the block of a topic, nil when the response has none.
func (r *FetchResponse) GetBlock(topic string) *Block { return r.Blocks[topic] }

// Broker sends requests over its connection.
type Broker struct {
	conn net.Conn
}

// Fetch sends a request: Fetch -> sendAndReceive -> send ->
// sendWithPromise -> sendInternal -> write -> conn.Write.
func (b *Broker) Fetch(topic string) (*FetchResponse, error) {
	res := &FetchResponse{}
	if err := b.sendAndReceive([]byte(topic)); err != nil {
		return nil, err
	}
	return res, nil
}

func (b *Broker) sendAndReceive(req []byte) error {
	_, err := b.send(req)
	return err
}

func (b *Broker) send(req []byte) (int, error) {
	if err := b.sendWithPromise(req); err != nil {
		return 0, err
	}
	return len(req), nil
}

func (b *Broker) sendWithPromise(req []byte) error {
	if b.conn == nil {
		return errors.New("not connected")
	}
	return b.sendInternal(req)
}

func (b *Broker) sendInternal(req []byte) error {
	_, err := b.write(req)
	return err
}

func (b *Broker) write(buf []byte) (int, error) {
	if err := b.conn.SetWriteDeadline(time.Now().Add(time.Second)); err != nil {
		return 0, err
	}
	return b.conn.Write(buf)
}

type manager struct {
	broker  *Broker
	closing chan struct{}
	backoff time.Duration
}

// A transport error retries at once; a success may still carry a
// not-coordinator code in its block, retried after a fixed wait. The
// successful response's codes are "no error", so success leaves.
func (m *manager) fetchOffset(topic string, retries int) (int64, error) { // want `R-1: recursive retry of m.broker.Fetch retries at once`
	resp, err := m.broker.Fetch(topic)
	if err != nil {
		if retries <= 0 {
			return 0, err
		}
		return m.fetchOffset(topic, retries-1)
	}
	block := resp.GetBlock(topic)
	if block == nil {
		if resp.Err == ErrNoError {
			return 0, errIncomplete
		}
		block = &Block{Err: resp.Err}
	}
	switch block.Err {
	case ErrNoError:
		return block.Offset, nil
	case ErrNotCoordinator:
		if retries <= 0 {
			return 0, block.Err
		}
		select {
		case <-m.closing:
			return 0, block.Err
		case <-time.After(m.backoff):
		}
		return m.fetchOffset(topic, retries-1)
	default:
		return 0, block.Err
	}
}

// Start is the package's entry point.
func Start(b *Broker) (int64, error) {
	m := &manager{broker: b, closing: make(chan struct{}), backoff: 2 * time.Second}
	return m.fetchOffset("t", 3)
}

// Must not flag: a failure is returned; only the server's "loading"
// code is waited out: a state poll, not a retry.
func (m *manager) waitLoaded(topic string) (int64, error) {
	for {
		resp, err := m.broker.Fetch(topic)
		if err != nil {
			return 0, err
		}
		if resp.Err == ErrLoadInProgress {
			time.Sleep(time.Second)
			continue
		}
		return 0, resp.Err
	}
}

// status is kept by the manager, not carried by the response.
type status struct{ Err KError }

func (m *manager) status() *status { return &status{Err: ErrLoadInProgress} }

// Must not flag: the code the loop goes round on is the manager's own
// state, not part of the response, so a success may come back: the loop
// waits for the manager's state, and its transport errors are not told
// apart from that poll.
func (m *manager) fetchWhenReady(topic string) (int64, error) {
	for {
		resp, err := m.broker.Fetch(topic)
		if err == nil {
			if st := m.status(); st.Err != ErrNoError {
				continue
			}
			return resp.Blocks[topic].Offset, nil
		}
	}
}
