package forms

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// A loop over alternatives that builds the object it calls from each one
// is a failover over the items, not a retry; the same call on one object
// built before the loop is a retry.

type tokenSource struct{ realm string }

func newTokenSource(realm string) (*tokenSource, error) {
	if realm == "" {
		return nil, errors.New("no realm")
	}
	return &tokenSource{realm: realm}, nil
}

func (t *tokenSource) refresh(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, t.realm, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type challenge struct{ params map[string]string }

// Not a retry: each challenge gives a different token source.
func firstUsable(ctx context.Context, challenges []challenge) error {
	for _, c := range challenges {
		realm := c.params["realm"]
		ts, err := newTokenSource(realm)
		if err != nil {
			continue
		}
		if err := ts.refresh(ctx); err != nil {
			continue
		}
		return nil
	}
	return errors.New("no usable challenge")
}

// A retry: one token source, refreshed again at a fixed interval.
func refreshAgain(ctx context.Context) error {
	ts, err := newTokenSource("https://auth.example.com/token")
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if err := ts.refresh(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `R-1: .*fixed 1s`
	}
	return errors.New("gave up")
}
