// Package cache keeps a local copy of a configuration on disk. Writing and
// reading the file are local operations, whatever other package of the
// module wraps their errors or decodes their bytes: read from source, a
// pure constructor and a decoder of the reader it is given cross no
// boundary. Fetching from the server does.
package cache

import (
	"os"
	"time"

	"example.com/localcache/codec"
	"example.com/localcache/model"
	"example.com/localcache/remote"
)

type Handler struct {
	retries  int
	interval time.Duration
}

func New() *Handler { return &Handler{retries: 2, interval: time.Second} }

// Must not flag: a local write, its error wrapped by model.NewSDKError.
func (h *Handler) Save(file string, b []byte) {
	for i := 0; i <= h.retries; i++ {
		if err := h.write(file, b); err == nil {
			return
		}
		time.Sleep(h.interval)
	}
}

func (h *Handler) write(file string, b []byte) error {
	if err := os.WriteFile(file, b, 0o600); err != nil {
		return model.NewSDKError(1, err)
	}
	return nil
}

// Must not flag: a local file decoded by codec.Unmarshal.
func (h *Handler) Load(file string, v any) error {
	var last error
	for i := 0; i <= h.retries; i++ {
		f, err := os.Open(file)
		if err != nil {
			return err
		}
		err = codec.Unmarshal(f, v)
		_ = f.Close()
		if err == nil {
			return nil
		}
		last = err
		time.Sleep(h.interval)
	}
	return last
}

// Pull fetches through remote.Fetch, which sends an HTTP request.
func (h *Handler) Pull(url string) ([]byte, error) {
	var last error
	for i := 0; i <= h.retries; i++ {
		b, err := remote.Fetch(url)
		if err == nil {
			return b, nil
		}
		last = err
		time.Sleep(h.interval) // want `R-1: retry of remote\.Fetch waits a fixed 1s between attempts`
	}
	return nil, last
}
