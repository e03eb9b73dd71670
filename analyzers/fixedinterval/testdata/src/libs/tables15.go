package libs

// Issue 15's go-resiliency retrier, R-1: its backoff constructors and
// SetJitter, a finding and a must-not-flag case.

import (
	"time"

	"github.com/eapache/go-resiliency/retrier"
)

func resiliency15(op func() error) {
	_ = retrier.New(retrier.ConstantBackoff(3, time.Second), nil).Run(op) // want `R-1: .*a fixed 1s`
	r := retrier.New(retrier.ExponentialBackoff(3, time.Second), nil)     // want `R-1: .*doubles from 1s without jitter`
	_ = r.Run(op)
	j := retrier.New(retrier.ExponentialBackoff(3, time.Second), nil)
	j.SetJitter(1)
	_ = j.Run(op)
}
