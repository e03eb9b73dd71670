package valueexpr

import "net/http"

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

type client struct{ n, debug int }

func newClient() *client {
	return &client{
		n:     30, // want `bound set here`
		debug: 1,
	}
}

func (c *client) call() error {
	var err error
	for i := 0; i < c.n; i++ {
		if c.debug > 0 {
			println(i)
		}
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Two values that both break R-2: the first written is named.

type two struct{ n int }

func newTwoA() *two { return &two{n: 40} } // want `bound set here`
func newTwoB() *two { return &two{n: 50} }

func (c *two) call() error {
	var err error
	for i := 0; i < c.n; i++ {
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}
