package notretry2

import "testing"

func TestPollHealth(t *testing.T) {
	_ = pollHealth("http://127.0.0.1:1")
}
