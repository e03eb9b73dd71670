package reruns

import "errors"

// A negotiation: the connection's set-up is given the attempt count and
// asks for an older protocol version from the third attempt on. The loop
// steps down a version; it does not repeat the same request.

var errReset = errors.New("versions request reset")

type wire interface {
	Ask(version int) error
}

type conn struct{ w wire }

func (c *conn) askVersions(tries int) error {
	version := 4
	if tries >= 3 {
		version = 0
	}
	return c.w.Ask(version)
}

func (c *conn) setUp(tries int) error {
	return c.askVersions(tries)
}

func handshake(c *conn) error {
	var tries int
again:
	tries++
	if err := c.setUp(tries); err != nil {
		if errors.Is(err, errReset) && tries < 3 {
			goto again
		}
		return err
	}
	return nil
}

// An attempt number a function of the package only marks or logs, and
// one that switches mode from the first retry (attempt > 0), leave the
// loop a retry.
func (c *conn) send(attempt int) error {
	version := 4
	if attempt > 0 {
		version = 3
	}
	return c.w.Ask(version)
}

func sendAll(c *conn) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `loop ctx=sync retries=2`
		if err = c.send(attempt); err == nil {
			return nil
		}
	}
	return err
}
