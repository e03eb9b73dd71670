package fields

import "net/http"

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

// The count is a field the constructor sets: the finding points at it.

type client struct{ maxRetries int }

func newClient() *client { return &client{maxRetries: 30} }

func (c *client) call() error {
	var err error
	for i := 0; i <= c.maxRetries; i++ { // want `R-2.*= 30 retries`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// A package variable default, used by a constructor.

var DefaultRetryMax = 20

type varClient struct{ max int }

func newVarClient() *varClient { return &varClient{max: DefaultRetryMax} }

func (c *varClient) call() error {
	var err error
	for i := 0; i < c.max; i++ { // want `R-2.*= 19 retries`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: one of two values is inside the range.

type twoClient struct{ n int }

func newTwoA() *twoClient { return &twoClient{n: 3} }
func newTwoB() *twoClient { return &twoClient{n: 40} }

func (c *twoClient) call() error {
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// The user may change the count through an option, but the constructor's
// 30 is the default the package ships: reported, naming the default.

type optClient struct{ n int }

type Option func(*optClient)

func WithRetries(n int) Option { return func(c *optClient) { c.n = n } }

func NewOptClient(opts ...Option) *optClient {
	c := &optClient{n: 30}
	for _, o := range opts {
		o(c)
	}
	return c
}

func (c *optClient) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `R-2.*= 29 retries, NewOptClient's default, which WithRetries can change`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: the constructor sets a compliant count.

type okClient struct{ n int }

func newOKClient() *okClient { return &okClient{n: 3} }

func (c *okClient) call() error {
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: the count comes from an exported constructor's parameter.

type paramClient struct{ n int }

func NewParamClient(n int) *paramClient { return &paramClient{n: n} }

func (c *paramClient) call() error {
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// An exported package variable the constructor copies unless the
// options give a count: its value is the default.

var MaxRetry = 10

type Options struct{ MaxRetries int }

type varOptClient struct{ max int }

func New(opts Options) *varOptClient {
	c := &varOptClient{}
	c.max = MaxRetry
	if opts.MaxRetries > 0 {
		c.max = opts.MaxRetries
	}
	return c
}

func (c *varOptClient) call() error {
	var err error
	for i := 0; i <= c.max; i++ { // want `R-2.*= 10 retries, MaxRetry's default, which New can change`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: a compliant default with a setter.

type okSetClient struct{ n int }

func NewOKSetClient() *okSetClient      { return &okSetClient{n: 3} }
func (c *okSetClient) SetRetries(n int) { c.n = n }

func (c *okSetClient) call() error {
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: a setter and no default (the literal leaves the field
// out).

type bareSetClient struct{ n int }

func NewBareSetClient() *bareSetClient    { return &bareSetClient{} }
func (c *bareSetClient) SetRetries(n int) { c.n = n }

func (c *bareSetClient) call() error {
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: the package itself sets a compliant count in one of its
// constructors.

type mixedSetClient struct{ n int }

func NewMixedSetClient() *mixedSetClient   { return &mixedSetClient{n: 40} }
func newQuickSetClient() *mixedSetClient   { return &mixedSetClient{n: 2} }
func (c *mixedSetClient) SetRetries(n int) { c.n = n }

func (c *mixedSetClient) call() error {
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}
