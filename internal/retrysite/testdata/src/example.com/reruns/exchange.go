package reruns

import "errors"

// A protocol exchange: the step the loop checks is given what two other
// calls answered, and every path back runs them again first (join, then
// sync with the join's answer). The loop restarts the exchange.

var errRebalance = errors.New("rebalance in progress")

type group interface {
	Join(member string) (string, error)
	Sync(protocol string) (string, error)
}

type state struct{ assigned string }

func (s *state) apply(protocol, assignment string) error {
	if assignment == "" {
		return errRebalance
	}
	s.assigned = protocol + assignment
	return nil
}

type applier interface {
	Apply(protocol, assignment string) error
}

func joinAndSync(g group, a applier, member string) error {
start:
	protocol, err := g.Join(member)
	if err != nil {
		return err
	}
	assignment, err := g.Sync(protocol)
	if err != nil {
		return err
	}
	if err = a.Apply(protocol, assignment); err != nil {
		if errors.Is(err, errRebalance) {
			goto start
		}
		return err
	}
	return nil
}

// A call given what one other call answered (a token fetched again
// before each attempt) is still retried.
type api interface {
	Token() (string, error)
	Call(token string) error
}

func callWithToken(c api) error {
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		tok, terr := c.Token()
		if terr != nil {
			return terr
		}
		if err = c.Call(tok); err == nil {
			return nil
		}
	}
	return err
}

// A request rebuilt before each attempt by two func fields (a body
// factory and a request constructor) is retried: the factories are no
// steps of an exchange.
type factories struct {
	body  func() ([]byte, error)
	build func(method string, body []byte) (string, error)
}

func (s *factories) send(c api) error {
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		b, berr := s.body()
		if berr != nil {
			return berr
		}
		req, rerr := s.build("POST", b)
		if rerr != nil {
			return rerr
		}
		if err = c.Call(req); err == nil {
			return nil
		}
	}
	return err
}

// Trap: steps that are methods still make an exchange when the request
// is also built by a func field (joinAndSync with a factory): no site.
func (s *factories) joinBuildSync(g group, a applier, member string) error {
start:
	protocol, err := g.Join(member)
	if err != nil {
		return err
	}
	b, err := s.body()
	if err != nil {
		return err
	}
	assignment, err := g.Sync(protocol + string(b))
	if err != nil {
		return err
	}
	if err = a.Apply(protocol, assignment); err != nil {
		if errors.Is(err, errRebalance) {
			goto start
		}
		return err
	}
	return nil
}
