package values

import (
	"encoding/json"
	"flag"
	"net/http"
	"time"
)

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

// 1. A field set by a composite literal in the constructor.

type litClient struct {
	maxRetries int
	backoff    time.Duration
}

func newLitClient() *litClient {
	return &litClient{maxRetries: 30, backoff: time.Second}
}

func (c *litClient) call() error {
	var err error
	for i := 0; i <= c.maxRetries; i++ { // want `loop ctx=sync retries=30` `R-2: retry of do \(GET\) makes 31 attempts = 30 retries, outside 1\-5 for a synchronous API call; more needs IAB approval`
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoff)
	}
	return err
}

// 1b. Set after a literal that omits it, in the same constructor: the
// literal's zero is a placeholder.

type lateClient struct{ max int }

func newLateClient() *lateClient {
	c := &lateClient{}
	c.max = 12
	return c
}

func (c *lateClient) call() error {
	var err error
	for i := 0; i < c.max; i++ { // want `loop ctx=sync retries=11` `R-2: retry of do \(GET\) makes 12 attempts = 11 retries, outside 1\-5 for a synchronous API call; more needs IAB approval`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// 2. A field set by a setDefaults method from a package const.

const defaultRetryMax = 20 // want `R-2: retry of do \(GET\) makes 20 attempts = 19 retries, .*; the default defaultRetryMax is defined here`

type defClient struct {
	retries int
}

func (c *defClient) setDefaults() {
	if c.retries == 0 {
		c.retries = defaultRetryMax
	}
}

func NewDefClient() *defClient {
	c := &defClient{}
	c.setDefaults()
	return c
}

func (c *defClient) call() error {
	var err error
	for i := 0; i < c.retries; i++ { // want `loop ctx=sync retries=19` `R-2: retry of do \(GET\) makes 20 attempts = 19 retries, outside 1\-5 for a synchronous API call; more needs IAB approval`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// 3. A package var default.

var DefaultRetryMax = 30 // want `R-2: retry of do \(GET\) makes 30 attempts = 29 retries, .*; the default DefaultRetryMax is defined here`

type varClient struct{ max int }

func newVarClient() *varClient { return &varClient{max: DefaultRetryMax} }

func (c *varClient) call() error {
	var err error
	for i := 0; i < c.max; i++ { // want `loop ctx=sync retries=29` `R-2: retry of do \(GET\) makes 30 attempts = 29 retries, outside 1\-5 for a synchronous API call; more needs IAB approval`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// 4. Functional options with a parameter: the user may change it, but
// the constructor's 50 is the default the package ships (doc.go).

type optClient struct{ maxRetries int }

type Option func(*optClient)

func WithMaxRetries(n int) Option { return func(c *optClient) { c.maxRetries = n } }

func NewOptClient(opts ...Option) *optClient {
	c := &optClient{maxRetries: 50}
	for _, o := range opts {
		o(c)
	}
	return c
}

func (c *optClient) call() error {
	var err error
	for i := 0; i < c.maxRetries; i++ { // want `loop ctx=sync retries=49` `R-2: retry of do \(GET\) makes 50 attempts = 49 retries, NewOptClient's default, which WithMaxRetries can change, outside 1\-5 for a synchronous API call`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// 5. A field from a parameter of an exported constructor.

type paramClient struct{ n int }

func NewParamClient(n int) *paramClient { return &paramClient{n: n} }

func (c *paramClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// 6. Two values, one compliant.

type twoClient struct{ n int }

func newTwoA() *twoClient { return &twoClient{n: 3} }
func newTwoB() *twoClient { return &twoClient{n: 40} }

func (c *twoClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// 7. A wait computed by a method and by a func-typed field.

type waitClient struct {
	base      time.Duration
	backoffFn func(int) time.Duration
}

func newWaitClient() *waitClient {
	return &waitClient{base: time.Second, backoffFn: linear}
}

func linear(n int) time.Duration { return time.Second }

func (c *waitClient) retryDelay(n int) time.Duration { return c.base }

func (c *waitClient) callMethod() error {
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.retryDelay(i))
	}
	return err
}

func (c *waitClient) callField() error {
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoffFn(i))
	}
	return err
}

// 8. Two values, both outside the range: the first is reported.

type bothClient struct{ n int }

func newBothA() *bothClient { return &bothClient{n: 40} }
func newBothB() *bothClient { return &bothClient{n: 60} }

func (c *bothClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync retries=39` `R-2: retry of do \(GET\) makes 40 attempts = 39 retries, outside 1\-5 for a synchronous API call; more needs IAB approval`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Traps: a literal that omits the field elsewhere (zero reaches), a field
// whose address is taken, a field decoded from configuration, a field the
// loop itself counts with, a value computed by a call.

type zeroClient struct{ n int }

func newZeroA() *zeroClient { return &zeroClient{n: 40} }
func newZeroB() *zeroClient { return &zeroClient{} }

func (c *zeroClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

type flagClient struct{ n int }

func newFlagClient() *flagClient {
	c := &flagClient{n: 30}
	flag.IntVar(&c.n, "retries", 30, "retries")
	return c
}

func (c *flagClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

type Config struct {
	MaxRetries int `json:"max_retries"`
}

func DefaultConfig() Config { return Config{MaxRetries: 30} }

func LoadConfig(b []byte) (Config, error) {
	c := DefaultConfig()
	err := json.Unmarshal(b, &c)
	return c, err
}

func callConfig(c Config) error {
	var err error
	for i := 0; i < c.MaxRetries; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

type countClient struct{ tries, max int }

func newCountClient() *countClient { return &countClient{max: 3} }

func (c *countClient) call() error {
	var err error
	for c.tries < c.max { // want `loop ctx=sync bound=\?`
		c.tries++
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

func limit() int { return 30 }

type callClient struct{ n int }

func newCallClient() *callClient { return &callClient{n: limit()} }

func (c *callClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// 9. An unexported constructor every call of which passes the same count.

type argClient struct{ n int }

func newArgClient(n int) *argClient { return &argClient{n: n} }

func makeArgClient() *argClient { return newArgClient(25) }

func (c *argClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync retries=24` `R-2: retry of do \(GET\) makes 25 attempts = 24 retries, outside 1\-5 for a synchronous API call; more needs IAB approval`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Traps: an unexported constructor called with two counts, and one used
// as a value (its calls are not all seen).

type argsClient struct{ n int }

func newArgsClient(n int) *argsClient { return &argsClient{n: n} }

func makeArgsA() *argsClient { return newArgsClient(25) }
func makeArgsB() *argsClient { return newArgsClient(2) }

func (c *argsClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

type escClient struct{ n int }

func newEscClient(n int) *escClient { return &escClient{n: n} }

var NewEscClient = newEscClient

func makeEsc() *escClient { return newEscClient(25) }

func (c *escClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// 10. Two values, both inside the range (0 retries complies): the largest
// count is the bound, so that the rules that skip sites which do not
// retry still see this one.

type redisLike struct{ max int }

func (c *redisLike) init() {
	switch c.max {
	case -1:
		c.max = 0
	case 0:
		c.max = 3
	}
}

func (c *redisLike) call() error {
	var err error
	for i := 0; i <= c.max; i++ { // want `loop ctx=sync retries=3`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// 11. A literal omits the count, a method defaults it in a switch: the
// literal's zero is a placeholder.

type swClient struct{ max int }

func newSwClient() *swClient {
	c := &swClient{}
	c.init()
	return c
}

func (c *swClient) init() {
	switch c.max {
	case 0:
		c.max = 30
	}
}

func (c *swClient) call() error {
	var err error
	for i := 0; i < c.max; i++ { // want `loop ctx=sync retries=29` `R-2: retry of do \(GET\) makes 30 attempts = 29 retries, outside 1\-5 for a synchronous API call; more needs IAB approval`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Trap: a write under a test of another value is no default; the
// literal's zero still reaches, and with 40 the bound is unknown.

type modeClient struct{ max int }

func newModeA() *modeClient { return &modeClient{} }

func (c *modeClient) tune() {
	if c.max == 2 {
		c.max = 40
	}
}

func (c *modeClient) call() error {
	var err error
	for i := 0; i < c.max; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// An exported field a literal leaves out is the user's to set; the
// one value the package writes is its default.

type Options struct{ MaxRetries int }

func defaults() Options { return Options{} }

func (o Options) withDefault() Options {
	o.MaxRetries = 4
	return o
}

func callOptions(o Options) error {
	var err error
	for i := 0; i < o.MaxRetries; i++ { // want `loop ctx=sync retries=3`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Trap: a nested struct of a decoded configuration is decoded too.

type RetryConf struct{ Max int }

type AppConf struct{ Retry RetryConf }

func defaultAppConf() AppConf { return AppConf{Retry: RetryConf{Max: 30}} }

func loadAppConf(b []byte) (AppConf, error) {
	c := defaultAppConf()
	err := json.Unmarshal(b, &c)
	return c, err
}

func callAppConf(c AppConf) error {
	var err error
	for i := 0; i < c.Retry.Max; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// 12. The count comes from a method that reads a field with a default.

type methClient struct{ attempts int }

func newMethClient() *methClient { return &methClient{attempts: 20} }

func (c *methClient) maxAttempts() int {
	if c.attempts == 0 {
		return 3
	}
	return c.attempts
}

func (c *methClient) call() error {
	var err error
	for i := 0; i < c.maxAttempts(); i++ { // want `loop ctx=sync retries=19` `R-2: retry of do \(GET\) makes 20 attempts = 19 retries, outside 1\-5 for a synchronous API call; more needs IAB approval`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// 13. An unexported option applied to the struct with a constant.

type optsClient struct{ n int }

type option func(*optsClient)

func withRetries(n int) option { return func(c *optsClient) { c.n = n } }

func newOptsClient() *optsClient {
	c := &optsClient{}
	for _, o := range []option{withRetries(30)} {
		o(c)
	}
	return c
}

func (c *optsClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync retries=29` `R-2: retry of do \(GET\) makes 30 attempts = 29 retries, outside 1\-5 for a synchronous API call; more needs IAB approval`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// An exported package variable the constructor copies unless the
// options give a count: its value is the default, which the exported
// constructor's options can change.

var MaxRetry = 10 // want `R-2: retry of do \(GET\) makes 11 attempts = 10 retries, MaxRetry's default, which NewVarOpt can change.*; the default MaxRetry is defined here`

type VarOptions struct{ MaxRetries int }

type varOptClient struct{ max int }

func NewVarOpt(opts VarOptions) *varOptClient {
	c := &varOptClient{}
	c.max = MaxRetry
	if opts.MaxRetries > 0 {
		c.max = opts.MaxRetries
	}
	return c
}

func (c *varOptClient) call() error {
	var err error
	for i := 0; i <= c.max; i++ { // want `R-2: .*= 10 retries, MaxRetry's default, which NewVarOpt can change` `loop ctx=sync retries=10`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// A compliant default with a setter: the default is the count.

type okSetClient struct{ n int }

func NewOKSetClient() *okSetClient      { return &okSetClient{n: 3} }
func (c *okSetClient) SetRetries(n int) { c.n = n }

func (c *okSetClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync retries=2`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// A setter and no default (the literal leaves the field out): unknown.

type bareSetClient struct{ n int }

func NewBareSetClient() *bareSetClient    { return &bareSetClient{} }
func (c *bareSetClient) SetRetries(n int) { c.n = n }

func (c *bareSetClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// The package itself sets a compliant count in one of its constructors:
// the counts disagree on R-2, so the rule stays silent.

type mixedSetClient struct{ n int }

func NewMixedSetClient() *mixedSetClient   { return &mixedSetClient{n: 40} }
func newQuickSetClient() *mixedSetClient   { return &mixedSetClient{n: 2} }
func (c *mixedSetClient) SetRetries(n int) { c.n = n }

func (c *mixedSetClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync bound=\?`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}
