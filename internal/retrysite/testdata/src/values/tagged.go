package values

import "flag"

// LoggerConfig is decoded from the user's configuration (its tags say
// so); the constructor replaces a zero count with its default.
type LoggerConfig struct {
	MaxRetry int `json:"max_retry"`
}

type logger struct{ cfg LoggerConfig }

func newLogger(cfg LoggerConfig) *logger {
	if cfg.MaxRetry == 0 {
		cfg.MaxRetry = 13
	}
	return &logger{cfg: cfg}
}

// Whatever the configuration says, a count left out is 13: the default
// is the value R-2 judges, as for a count a caller passes.
func (l *logger) connect() error {
	var err error
	for i := 0; i < l.cfg.MaxRetry; i++ { // want `loop ctx=sync retries=12` `R-2: retry of do \(GET\) makes 13 attempts = 12 retries`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// FlagConfig's count is also bound to a flag (its address taken): what
// the flag writes is not the package's, the default no longer the only
// value. Must not flag.
type FlagConfig struct {
	Tries int `json:"tries"`
}

func bindFlags(c *FlagConfig) {
	flag.IntVar(&c.Tries, "tries", 0, "attempts")
	if c.Tries == 0 {
		c.Tries = 20
	}
}

func (c *FlagConfig) call() error {
	var err error
	for i := 0; i < c.Tries; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}
