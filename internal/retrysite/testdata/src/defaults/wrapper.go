package defaults

// 6. The exported constructor hands its options to an unexported one
// that writes the field (minio-go's New calling privateNew): the options'
// value is still the user's, and the package variable the default.

var DefaultTries = 8 // want `R-2: retry of do \(GET\) makes 8 attempts = 7 retries, DefaultTries's default, which newWrap can change.*; the default DefaultTries is defined here`

type WrapOptions struct{ Tries int }

type wrapClient struct{ tries int }

func NewWrap(opts *WrapOptions) *wrapClient { return newWrap(opts) }

func newWrap(opts *WrapOptions) *wrapClient {
	c := &wrapClient{}
	c.tries = DefaultTries
	if opts.Tries > 0 {
		c.tries = opts.Tries
	}
	return c
}

func (c *wrapClient) call() error {
	var err error
	for i := 0; i < c.tries; i++ { // want `loop ctx=sync retries=7` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter` `R-2: retry of do \(GET\) makes 8 attempts = 7 retries, DefaultTries's default, which newWrap can change, outside 1-5 for a synchronous API call`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not resolve: the unexported constructor is also called by the
// package with its own compliant count, so the field has the values 8
// and 2 (and the user's).

type mixedWrap struct{ tries int }

func NewMixedWrap(n int) *mixedWrap { return newMixedWrap(n) }
func quickMixedWrap() *mixedWrap    { return newMixedWrap(2) }

func newMixedWrap(n int) *mixedWrap {
	c := &mixedWrap{tries: 8}
	if n > 0 {
		c.tries = n
	}
	return c
}

func (c *mixedWrap) call() error {
	var err error
	for i := 0; i < c.tries; i++ { // want `loop ctx=sync bound=\?` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}
