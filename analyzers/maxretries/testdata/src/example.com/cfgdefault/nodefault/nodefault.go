// Package nodefault copies the caller's Config into the struct whose
// method retries, filling no default: the count is the caller's, silent.
package nodefault

import "time"

type Config struct {
	InitialInterval time.Duration
	MaxRetryCount   int
}

func configDefault(config ...Config) Config {
	if len(config) == 0 {
		return Config{}
	}
	return config[0]
}

type ExponentialBackoff struct {
	InitialInterval time.Duration
	MaxRetryCount   int
}

func NewExponentialBackoff(config ...Config) *ExponentialBackoff {
	cfg := configDefault(config...)
	return &ExponentialBackoff{
		InitialInterval: cfg.InitialInterval,
		MaxRetryCount:   cfg.MaxRetryCount,
	}
}

func (e *ExponentialBackoff) Retry(f func() error) error {
	var err error
	for i := 0; i < e.MaxRetryCount; i++ {
		err = f()
		if err == nil {
			return nil
		}
		if i < e.MaxRetryCount-1 {
			time.Sleep(e.InitialInterval << i)
		}
	}
	return err
}
