package a

import (
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"
)

func head(ctx context.Context, u string) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodHead, u, nil)
	_, err := client.Do(req)
	return err
}

func startUpload(ctx context.Context, u string) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	_, err := client.Do(req)
	return err
}

func startUploadKeyed(ctx context.Context, u, key string) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	req.Header.Set("Idempotency-Key", key)
	_, err := client.Do(req)
	return err
}

// upload checks, then starts an upload: a HEAD and a keyless POST, both
// sent again on every run.
func upload(ctx context.Context, u string) error {
	if err := head(ctx, u); err != nil {
		return err
	}
	return startUpload(ctx, u)
}

// A helper that sends several methods is described by a POST it sends
// with no key.
func mixedSends(ctx context.Context, u string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = upload(ctx, u); err == nil { // want `R-6: retry of upload \(POST\) sends no Idempotency-Key header`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Must not flag: the helper's POST carries a key made once per operation
// (the HEAD needs none).
func mixedSendsKeyed(ctx context.Context, u string) error {
	key := uuid.New().String()
	var err error
	for i := 0; i < 3; i++ {
		err = func() error {
			if err := head(ctx, u); err != nil {
				return err
			}
			return startUploadKeyed(ctx, u, key)
		}()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
