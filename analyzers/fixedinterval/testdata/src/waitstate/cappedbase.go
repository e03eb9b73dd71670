package waitstate

import (
	"math/rand"
	"net"
	"time"
)

// A random base doubled and capped soon after (min(15s, (3s + rand(8s))
// << n)): the ceilings reach the cap at the second attempt, the floors
// (3s, 6s, 12s) show the doubling. Partial jitter that doubles, not a
// linear growth.

func cappedRandomBase(attempt int) int {
	baseWait := 3_000 + rand.Intn(8_000)
	return min(baseWait*(1<<attempt), 15_000)
}

func redialCapped(addr string) (net.Conn, error) {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		var c net.Conn
		if c, err = net.Dial("tcp", addr); err == nil {
			return c, nil
		}
		time.Sleep(time.Duration(cappedRandomBase(attempt)) * time.Millisecond) // want `R-1: retry of net\.Dial uses a random draw clamped at its cap after it is drawn: from some attempt on, half the waits or more are the cap$`
	}
	return nil, err
}
