// Package caller calls a retry helper of a module it depends on
// (example.com/depmod): the helper is read from that module's source.
package caller

import (
	"context"
	"net/http"

	"example.com/depmod"
)

func get(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://example.com", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func fetch(ctx context.Context) error {
	return depmod.Retry(ctx, 10, func() error { return get(ctx) }) // want `R-1: retry helper depmod\.Retry of op \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
}

func each(ctx context.Context) error {
	return depmod.Each([]string{"a", "b"}, func(string) error { return get(ctx) })
}
