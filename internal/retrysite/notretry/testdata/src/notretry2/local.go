package notretry2

import (
	"errors"
	"net"
	"strings"
)

// A constructor that only binds local sockets: the clean-up it runs on
// its way out drops the results of Close, so nothing in it can fail by
// calling another service. Binding it again on "address already in use"
// retries no integration.

type transport struct {
	lns []net.Listener
}

func (t *transport) shutdown() error {
	for _, ln := range t.lns {
		_ = ln.Close()
	}
	return nil
}

func newTransport(addrs []string) (t *transport, err error) {
	t = &transport{}
	defer func() {
		if err != nil {
			_ = t.shutdown()
		}
	}()
	for _, a := range addrs {
		ln, err := net.Listen("tcp", a)
		if err != nil {
			return nil, err
		}
		t.lns = append(t.lns, ln)
	}
	return t, nil
}

func bindAgain(addrs []string) (*transport, error) {
	var err error
	for range 10 {
		var t *transport
		if t, err = newTransport(addrs); err == nil {
			return t, nil
		}
		if strings.Contains(err.Error(), "address already in use") {
			continue
		}
	}
	return nil, err
}

// The same shape around a constructor that dials and reads the dial's
// error is a retry of a call to another service.

type client struct {
	conn net.Conn
}

func (c *client) close() {
	_ = c.conn.Close()
}

func newClient(addr string) (c *client, err error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	c = &client{conn: conn}
	defer func() {
		if err != nil {
			c.close()
		}
	}()
	return c, nil
}

func dialAgain(addr string) (*client, error) {
	var err error
	for range 10 { // want `loop ctx=sync retries=9`
		var c *client
		if c, err = newClient(addr); err == nil {
			return c, nil
		}
		if errors.Is(err, net.ErrClosed) {
			continue
		}
	}
	return nil, err
}

// A function whose only network call's error is dropped cannot fail
// by it; one that returns that error can.

func sendDropped(c net.Conn, b []byte) error {
	c.Write(b)
	return nil
}

func sendChecked(c net.Conn, b []byte) error {
	_, err := c.Write(b)
	return err
}

func resendDropped(c net.Conn, b []byte) {
	for i := 0; i < 3; i++ {
		if sendDropped(c, b) == nil {
			return
		}
	}
}

func resendChecked(c net.Conn, b []byte) {
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		if sendChecked(c, b) == nil {
			return
		}
	}
}
