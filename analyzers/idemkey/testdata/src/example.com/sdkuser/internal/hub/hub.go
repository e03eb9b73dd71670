// Package hub is another package of the caller's module: its function
// builds a POST with net/http and sends it.
package hub

import (
	"context"
	"net/http"
)

// Notify posts an event.
func Notify(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
