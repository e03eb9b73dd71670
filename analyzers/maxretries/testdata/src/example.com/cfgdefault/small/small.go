// Package small is shipped with a DefaultConfig count of 3: within the
// sync range, silent.
package small

import "time"

type Config struct {
	InitialInterval time.Duration
	MaxRetryCount   int
}

// DefaultConfig is the default config.
var DefaultConfig = Config{
	InitialInterval: time.Second,
	MaxRetryCount:   3,
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
