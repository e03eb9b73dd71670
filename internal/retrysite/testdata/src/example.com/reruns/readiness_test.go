package reruns

import (
	"context"
	"testing"
)

// A test that calls the helper directly does not make it a retry.
func TestDial(t *testing.T) {
	_ = dialUntilUp(context.Background(), "127.0.0.1:1", 0)
}
