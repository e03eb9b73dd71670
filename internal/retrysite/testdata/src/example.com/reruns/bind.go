package reruns

import (
	"net"
	"time"
)

// A loop that returns the listener it bound retries a bind on this host,
// whatever it checks between attempts (a dial of the port to see whether
// something already answers there): no integration boundary.
func tryListen(addr string) (net.Listener, error) {
	var err error
	for i := 0; i < 2; i++ {
		if i > 0 {
			time.Sleep(100 * time.Millisecond)
		}
		var ln net.Listener
		ln, err = net.Listen("tcp", addr)
		if err == nil {
			return ln, nil
		}
		if probe(addr) == nil {
			return nil, nil
		}
	}
	return nil, err
}

func probe(addr string) error {
	conn, err := net.DialTimeout("tcp", addr, 250*time.Millisecond)
	if err == nil {
		conn.Close()
	}
	return err
}

// Trap: a loop that listens but returns what it got from another service
// retries that service.
func listenThenRegister(addr, registry string) (net.Conn, error) {
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		var ln net.Listener
		if ln, err = net.Listen("tcp", addr); err != nil {
			return nil, err
		}
		ln.Close()
		var conn net.Conn
		if conn, err = net.Dial("tcp", registry); err == nil {
			return conn, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}
