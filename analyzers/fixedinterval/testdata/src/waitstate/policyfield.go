package waitstate

import (
	"errors"
	"time"
)

// A retry policy kept in a field of the repository: the loop calls fail()
// after every failed attempt, which doubles the delay that delay() sleeps.
// The delay is not the same from one attempt to the next, so it is no
// "fixed interval" of unknown length; the model cannot run fail() on the
// field, but nothing on any path draws at random: no jitter, whatever the
// delay.

type configConnector interface {
	GetConfigFile(name string) (string, error)
}

type doublingPolicy struct {
	min, max, current time.Duration
}

func (p *doublingPolicy) fail() {
	switch {
	case p.current == 0:
		p.current = p.min
	case p.current<<1 < p.max:
		p.current <<= 1
	default:
		p.current = p.max
	}
}

func (p *doublingPolicy) delay() { time.Sleep(p.current) }

type policyRepo struct {
	conn   configConnector
	policy doublingPolicy
}

func (r *policyRepo) pull(name string) (string, error) {
	err := errors.New("not pulled")
	for i := 0; i < 3; i++ {
		var v string
		if v, err = r.conn.GetConfigFile(name); err == nil {
			return v, nil
		}
		r.policy.fail()
		r.policy.delay() // want `R-1: retry of r\.conn\.GetConfigFile waits a delay computed with no random draw: no jitter`
	}
	return "", err
}

// steadyPolicy's delay is never changed by the loop: a fixed interval,
// whatever its length.
type steadyPolicy struct{ every time.Duration }

func (p *steadyPolicy) delay() { time.Sleep(p.every) }

type steadyRepo struct {
	conn   configConnector
	policy steadyPolicy
}

func (r *steadyRepo) pull(name string) (string, error) {
	err := errors.New("not pulled")
	for i := 0; i < 3; i++ {
		var v string
		if v, err = r.conn.GetConfigFile(name); err == nil {
			return v, nil
		}
		r.policy.delay() // want `R-1: retry of r\.conn\.GetConfigFile waits a fixed interval between attempts`
	}
	return "", err
}
