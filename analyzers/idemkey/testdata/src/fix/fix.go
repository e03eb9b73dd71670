package fix

import (
	"context"
	"net/http"

	retrygo "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

var client = &http.Client{}

func move(ctx context.Context, u string) error {
	var err error
	for i := 0; i < 3; i++ {
		key := uuid.NewString()
		req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
		req.Header.Set("Idempotency-Key", key)
		if _, err = client.Do(req); err == nil { // want `R-6: retry of client\.Do \(POST\) makes a new Idempotency-Key on every attempt \(uuid\.NewString\(\)\); make it once`
			return nil
		}
	}
	return err
}

func inline(ctx context.Context, u string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
		req.Header.Set("Idempotency-Key", uuid.NewString())
		if _, err = client.Do(req); err == nil { // want `R-6: retry of client\.Do \(POST\) makes a new Idempotency-Key on every attempt \(uuid\.NewString\(\)\); make it once`
			return nil
		}
	}
	return err
}

func closure(ctx context.Context, u string) error {
	if err := retrygo.Do(func() error {
		req, _ := http.NewRequestWithContext(ctx, "POST", u, nil)
		req.Header.Set("Idempotency-Key", uuid.New().String())
		_, err := client.Do(req) // want `R-6: retrygo\.Do of client\.Do \(POST\) makes a new Idempotency-Key on every attempt \(uuid\.New\(\)\); make it once`
		return err
	}, retrygo.Attempts(3)); err != nil {
		return err
	}
	return nil
}
