package a

import (
	"net/http"
	"time"
)

//retrylint:context webhok // want `malformed //retrylint:context directive: unknown context "webhok"; want //retrylint:context <sync\|async\|webhook\|batch\|grpc>`
func BadValue(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = c.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

func NoValue() {
	//retrylint:context // want `malformed //retrylint:context directive "//retrylint:context // want .*": want`
}

func TwoValues() {
	//retrylint:context sync async // want `malformed //retrylint:context directive "//retrylint:context sync async // want .*": want`
}

//retrylint:contxt webhook // want `unknown directive //retrylint:contxt: want //retrylint:ignore or //retrylint:context`
func Misspelled() {}

func BadIgnore(c *http.Client, req *http.Request) {
	// (A //retrylint:ignore with no reason is tested in internal/retrysite:
	// a want comment would be its reason.)
	//retrylint:ignore maxretries, fixedinterval reason // want `no space in the analyzer list`
	for i := 0; i < 3; i++ {
		if _, err := c.Do(req); err == nil {
			return
		}
	}
	_, _ = c.Do(req) //retrylint:ignore maxretry the gateway dedupes // want `directive names "maxretry", which is no retrylint analyzer`
}

// Good directives are not reported.

//retrylint:context async
func GoodFunc() {}

func WithReason() {
	//retrylint:context batch // the nightly export
}
