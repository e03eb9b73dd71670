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

// Must not flag: the user sets the count through an option.

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
	for i := 0; i < c.n; i++ {
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
