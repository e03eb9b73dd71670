package defaults

// 7. The package calls its own setter: the value it passes is the
// package's, not the user's.

type selfSet struct{ n int }

func NewSelfSet() *selfSet          { return &selfSet{n: 40} }
func (c *selfSet) SetRetries(n int) { c.n = n }

// Must not resolve to the default alone: the package also sets 2 (it
// complies), so the values are 40 and 2.
func quickSelfSet() *selfSet {
	c := NewSelfSet()
	c.SetRetries(2)
	return c
}

func (c *selfSet) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync bound=\?` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// The package's own call passes the user's value on: only the default
// remains.

type passSet struct{ n int }

func NewPassSet() *passSet          { return &passSet{n: 40} }
func (c *passSet) SetRetries(n int) { c.n = n }
func (c *passSet) Reset(n int)      { c.SetRetries(n) }

func (c *passSet) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync retries=39` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter` `R-2: retry of do \(GET\) makes 40 attempts = 39 retries, NewPassSet's default, which SetRetries can change, outside 1-5 for a synchronous API call`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not resolve: the user's value is scaled (n * 2) and the package
// calls the setter itself: the value it gives is not followed.

type scaledSet struct{ n int }

func NewScaledSet() *scaledSet        { return &scaledSet{n: 40} }
func (c *scaledSet) SetRetries(n int) { c.n = n * 2 }
func quickScaledSet(c *scaledSet)     { c.SetRetries(1) }

func (c *scaledSet) call() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync bound=\?` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}
