// Package netstream writes its frames through a writer kept in a field
// (netstream.go): a writer the package fills from a network connection
// makes the frame's write an operation, one over a buffer or a file does
// not.
package netstream

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"math/rand"
	"net"
	"os"
	"time"
)

type frame interface {
	write(w io.Writer) error
}

type methodFrame struct{ id uint16 }

func (f *methodFrame) write(w io.Writer) error {
	var buf bytes.Buffer
	buf.WriteByte(byte(f.id))
	_, err := w.Write(buf.Bytes())
	return err
}

type writer struct {
	w io.Writer
}

func (w *writer) writeFrame(f frame) error {
	if err := f.write(w.w); err != nil {
		return err
	}
	if buf, ok := w.w.(*bufio.Writer); ok {
		return buf.Flush()
	}
	return nil
}

type conn struct {
	writer   *writer
	interval time.Duration
}

func dial(addr string) (*conn, error) {
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	return &conn{writer: &writer{bufio.NewWriter(nc)}, interval: 5 * time.Second}, nil
}

func (c *conn) send(f frame) error { return c.writer.writeFrame(f) }

type channel struct {
	id   uint16
	conn *conn
}

func (ch *channel) open() error  { return ch.conn.send(&methodFrame{id: ch.id}) }
func (ch *channel) close() error { return ch.conn.send(&methodFrame{id: 0}) }

// reopen retries opening the channel: the frame goes over the wire
// through the writer the connection was dialled with.
func (ch *channel) reopen() error {
	var err error
	for i := 0; i < 5; i++ { // want `loop ctx=sync retries=4; 1 waits`
		if i > 0 {
			jitter := time.Duration(rand.Intn(500)) * time.Millisecond
			time.Sleep(ch.conn.interval + jitter) // want `R-1: retry of ch.open waits a fixed 5s to 5.5s`
		}
		if err = ch.open(); err != nil {
			// Dropping the result of a call sets nothing up for the
			// next attempt (waits_next_report.go).
			_ = ch.close()
			continue
		}
		return nil
	}
	return err
}

// A writer over a buffer: encoding again is local work, no operation.

type encoder struct {
	out io.Writer
}

func newEncoder() *encoder { return &encoder{out: &bytes.Buffer{}} }

func (e *encoder) encode(f frame) error { return f.write(e.out) }

func encodeAgain(e *encoder, f frame) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = e.encode(f); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A buffered writer over standard output: local too.

type logWriter struct {
	bw *bufio.Writer
}

func newLogWriter() *logWriter { return &logWriter{bw: bufio.NewWriter(os.Stdout)} }

func (l *logWriter) flushAgain() error {
	for i := 0; i < 3; i++ {
		if err := l.bw.Flush(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("flush failed")
}

// Each frame of a list written in turn is per-item work over the wire,
// not a retry.

func (c *conn) sendAll(fs []frame) error {
	for _, f := range fs {
		if err := c.send(f); err != nil {
			return err
		}
	}
	return nil
}

// A connection handed where the callee takes a connection is decided by
// what the callee does with it: sizing a socket's buffer is local
// (memberlist's setUDPRecvBuf), and so is a loop that halves the size
// until the kernel accepts it.

func setRecvBuf(c *net.UDPConn) error {
	size := 1 << 22
	var err error
	for size > 0 {
		if err = c.SetReadBuffer(size); err == nil {
			return nil
		}
		size /= 2
	}
	return err
}

func listenSized(addr *net.UDPAddr) (*net.UDPConn, error) {
	for i := 0; i < 3; i++ {
		c, err := net.ListenUDP("udp", addr)
		if err != nil {
			continue
		}
		if err := setRecvBuf(c); err != nil {
			c.Close()
			continue
		}
		return c, nil
	}
	return nil, errors.New("no socket")
}
