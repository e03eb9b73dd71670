// Package shipped fills the zero fields of a variadic Config from a
// package variable DefaultConfig in a helper, configDefault, whose
// result a constructor copies into the struct whose method retries
// (gofiber/fiber's addon/retry). The shipped count, DefaultConfig's 10,
// is the one to judge.
package shipped

import "time"

type Config struct {
	InitialInterval time.Duration
	MaxRetryCount   int
}

// DefaultConfig is the default config.
var DefaultConfig = Config{
	InitialInterval: time.Second,
	MaxRetryCount:   10,
}

func configDefault(config ...Config) Config {
	if len(config) == 0 {
		return DefaultConfig
	}
	cfg := config[0]
	if cfg.InitialInterval == 0 {
		cfg.InitialInterval = DefaultConfig.InitialInterval
	}
	if cfg.MaxRetryCount <= 0 {
		cfg.MaxRetryCount = DefaultConfig.MaxRetryCount
	}
	return cfg
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
	for i := 0; i < e.MaxRetryCount; i++ { // want `R-2.*10 attempts = 9 retries, outside 1-5`
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
