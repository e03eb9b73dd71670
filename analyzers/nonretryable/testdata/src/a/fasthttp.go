package a

import (
	"errors"
	"time"

	"github.com/valyala/fasthttp"
)

// A retry of a fasthttp send that tests its error only against nil
// retries certificate errors of the handshake too.
func fastEvery(c *fasthttp.Client, url string) error {
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	req.SetRequestURI(url)
	var err error
	for i := 0; i < 3; i++ { // want `R-9: retry of c\.DoTimeout retries every error, TLS certificate errors included`
		if err = c.DoTimeout(req, resp, 5*time.Second); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return err
}

// Must not flag: the decision looks at the error.
func fastClassified(c *fasthttp.Client, url string) error {
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	req.SetRequestURI(url)
	var err error
	for i := 0; i < 3; i++ {
		if err = c.Do(req, resp); err == nil || !errors.Is(err, fasthttp.ErrTimeout) {
			return err
		}
		time.Sleep(time.Duration(1<<i) * time.Second)
	}
	return err
}
