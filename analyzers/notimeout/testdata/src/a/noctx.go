package a

import (
	"errors"
	"net"
	"time"
)

var errAuth = errors.New("auth")

// redial takes no context and keeps no count: nothing caps the time it
// may take, as with context.Background().
func redial(addr string) net.Conn {
	for { // want `R-3: retry of net\.Dial has no total duration cap: no attempt count stops it, it has no context, and nothing checks the elapsed time`
		c, err := net.Dial("tcp", addr)
		if err == nil {
			return c
		}
		time.Sleep(time.Second)
	}
}

// redialN keeps a count: its worst case is the count's, silent here.
func redialN(addr string) (net.Conn, error) {
	var err error
	for i := 0; i < 3; i++ {
		var c net.Conn
		c, err = net.Dial("tcp", addr)
		if err == nil {
			return c, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// redialFor checks the elapsed time: a cap of its own, silent.
func redialFor(addr string) (net.Conn, error) {
	start := time.Now()
	for {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			return c, nil
		}
		if time.Since(start) > 20*time.Second {
			return nil, err
		}
		time.Sleep(time.Second)
	}
}
