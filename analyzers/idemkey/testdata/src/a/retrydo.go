package a

import (
	"bytes"
	"context"
	"net/http"

	"github.com/google/uuid"
	"github.com/retrylint/retrylint/retry"
)

// retry.Do's operation is retried like any other: a POST or PATCH built
// and sent in it needs a key on the request, or on the context for a
// retry transport to send.

// Reported.

func doNoKey(ctx context.Context, u string, body []byte) error {
	return retry.Do(ctx, retry.Policy{}, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := client.Do(req) // want `R-6: retry\.Do of client\.Do \(POST\) sends no Idempotency-Key header; set one key per operation on every attempt`
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return retry.CheckResponse(resp)
	})
}

func doValueNoKey(ctx context.Context, u string) (int, error) {
	return retry.DoValue(ctx, retry.Policy{}, func(ctx context.Context) (int, error) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPatch, u, nil)
		resp, err := http.DefaultClient.Do(req) // want `R-6: retry\.DoValue of http\.DefaultClient\.Do \(PATCH\) sends no Idempotency-Key header; add one per operation`
		if err != nil {
			return 0, err
		}
		resp.Body.Close()
		return resp.StatusCode, retry.CheckResponse(resp)
	})
}

func doPost(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{}, func(context.Context) error {
		resp, err := http.Post(u, "application/json", nil) // want `R-6: retry\.Do of http\.Post \(POST\) sends no Idempotency-Key header; set one key per operation on every attempt`
		if err != nil {
			return err
		}
		resp.Body.Close()
		return nil
	})
}

func doKeyPerAttempt(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{}, func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		req.Header.Set("Idempotency-Key", uuid.NewString())
		resp, err := client.Do(req) // want `R-6: retry\.Do of client\.Do \(POST\) makes a new Idempotency-Key on every attempt \(uuid\.NewString\(\)\); make it once`
		if err != nil {
			return err
		}
		resp.Body.Close()
		return nil
	})
}

// sendOrder is a helper the operation calls: it is followed.
func sendOrder(ctx context.Context, u string) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func doHelper(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{}, func(ctx context.Context) error { return sendOrder(ctx, u) }) // want `R-6: retry\.Do of sendOrder \(POST\) sends no Idempotency-Key header; set one key per operation on every attempt`
}

// Not reported.

func doKeyed(ctx context.Context, u string, body []byte) error {
	key := uuid.NewString() // one key per operation, before the first attempt
	return retry.Do(ctx, retry.Policy{}, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return retry.CheckResponse(resp)
	})
}

func doContextKey(ctx context.Context, u, eventID string) error {
	ctx = retry.WithIdempotencyKey(ctx, eventID)
	return retry.Do(ctx, retry.Policy{}, func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func doDerivedContextKey(parent context.Context, u, eventID string) error {
	ctx, cancel := context.WithCancel(retry.WithIdempotencyKey(parent, eventID))
	defer cancel()
	return retry.Do(ctx, retry.Policy{}, func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPatch, u, nil)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

var retrying = &http.Client{Transport: retry.NewTransport(nil, retry.Policy{})}

func doThroughTheTransport(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{}, func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		resp, err := retrying.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func doGet(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{}, func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
